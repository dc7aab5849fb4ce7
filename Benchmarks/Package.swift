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
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.14.0"),
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
        .executableTarget(
            name: "Effects",
            dependencies: [
                .product(name: "Mason", package: "Mason"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            path: "Benchmarks/Effects",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // MasonApp's loop against a raw loop calling the same pure function.
        .executableTarget(
            name: "AppLoop",
            dependencies: [
                .product(name: "MasonApp", package: "Mason"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AppLoop",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // GRDB's own performance workloads, through MasonStore and through raw GRDB in the same run.
        .executableTarget(
            name: "Store",
            dependencies: [
                .product(name: "MasonStore", package: "Mason"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Store",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // MasonStorePostgres against raw postgres-nio, on the server MASON_POSTGRES_URL names.
        .executableTarget(
            name: "StorePostgres",
            dependencies: [
                .product(name: "MasonStorePostgres", package: "Mason"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/StorePostgres",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Not "Network": Hummingbird and async-http-client test `canImport(Network)` (Apple's framework)
        // and would import this executable's module once it is built.
        .executableTarget(
            name: "NetworkPipeline",
            dependencies: [
                .product(name: "Mason", package: "Mason"),
                .product(name: "MasonNetwork", package: "Mason"),
                .product(name: "MasonAsyncHTTPClient", package: "Mason"),
                .product(name: "MasonTestServer", package: "Mason"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/NetworkPipeline",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
