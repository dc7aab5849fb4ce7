// swift-tools-version: 6.2
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Mason",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Mason", targets: ["Mason"]),
        .library(name: "MasonNetwork", targets: ["MasonNetwork"]),
        .library(name: "MasonTesting", targets: ["MasonTesting"]),
        .executable(name: "mason-demo", targets: ["mason-demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(name: "Mason", swiftSettings: strict),
        .target(name: "MasonNetwork", dependencies: ["Mason"], swiftSettings: strict),
        .target(name: "MasonTesting", dependencies: ["Mason", "MasonNetwork"], swiftSettings: strict),
        .executableTarget(
            name: "mason-demo",
            dependencies: ["Mason"],
            path: "Examples/mason-demo",
            swiftSettings: strict
        ),
        .testTarget(
            name: "MasonTests",
            dependencies: [
                "Mason",
                "MasonTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MasonNetworkTests",
            dependencies: ["Mason", "MasonNetwork", "MasonTesting"],
            swiftSettings: strict
        ),
    ]
)
