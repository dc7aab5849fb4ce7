// swift-tools-version: 6.2
// Mason's benchmarks: their own package, so library users never resolve the benchmark dependency.
// Run: cd Benchmarks && swift package benchmark
import PackageDescription

let package = Package(
    name: "MasonBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Mason", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Composition",
            dependencies: [
                .product(name: "Mason", package: "Mason"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Composition",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
