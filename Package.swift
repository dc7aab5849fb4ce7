// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// CI sets `MASON_TYPECHECK_WARNINGS=100` to have every expression that takes more than 100 ms (and
/// every function body over twice that) to type-check reported as a warning — in Mason's targets
/// only, so that the check rebuilds them and none of the dependencies. Users never set it.
let typeCheckLimit = ProcessInfo.processInfo.environment["MASON_TYPECHECK_WARNINGS"].flatMap { Int($0) }
let typeCheckWarnings: [SwiftSetting] =
    typeCheckLimit.map { limit in
        [
            .unsafeFlags([
                "-Xfrontend", "-warn-long-expression-type-checking=\(limit)",
                "-Xfrontend", "-warn-long-function-bodies=\(2 * limit)"
            ])
        ]
    } ?? []

let strict: [SwiftSetting] =
    [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault")
    ] + typeCheckWarnings

let package = Package(
    name: "Mason",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Mason", targets: ["Mason"]),
        .library(name: "MasonNetwork", targets: ["MasonNetwork"]),
        .library(name: "MasonAsyncHTTPClient", targets: ["MasonAsyncHTTPClient"]),
        .library(name: "MasonStoreCore", targets: ["MasonStoreCore"]),
        .library(name: "MasonStore", targets: ["MasonStore"]),
        .library(name: "MasonStorePostgres", targets: ["MasonStorePostgres"]),
        .library(name: "MasonStoreNetwork", targets: ["MasonStoreNetwork"]),
        .library(name: "MasonApp", targets: ["MasonApp"]),
        .library(name: "MasonAppNetwork", targets: ["MasonAppNetwork"]),
        .library(name: "MasonAppStore", targets: ["MasonAppStore"]),
        .library(name: "MasonTesting", targets: ["MasonTesting"]),
        .library(name: "MasonTestServer", targets: ["MasonTestServer"]),
        .executable(name: "mason-demo", targets: ["mason-demo"]),
        .executable(name: "mason-weather", targets: ["mason-weather"])
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // Already dependencies of Hummingbird; named because MasonTestServer imports their modules.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.14.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0")
    ],
    targets: [
        .target(name: "Mason", swiftSettings: strict),
        .target(
            name: "MasonNetwork",
            dependencies: [
                "Mason",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log")
            ],
            swiftSettings: strict
        ),
        .target(
            name: "MasonAsyncHTTPClient",
            dependencies: [
                "Mason",
                "MasonNetwork",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio")
            ],
            swiftSettings: strict
        ),
        // The store's shared core: operations, their combinators, contexts and errors, on no database.
        .target(name: "MasonStoreCore", dependencies: ["Mason"], swiftSettings: strict),
        // Functional data operations over SQLite, on GRDB (links the system SQLite: libsqlite3-dev).
        .target(
            name: "MasonStore",
            dependencies: [
                "Mason",
                "MasonStoreCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log")
            ],
            swiftSettings: strict
        ),
        // The same operations on PostgreSQL, through postgres-nio: no GRDB, no SQLite.
        .target(
            name: "MasonStorePostgres",
            dependencies: [
                "Mason",
                "MasonStoreCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio")
            ],
            swiftSettings: strict
        ),
        // The bridge: a persistent ResponseCache on SQLite. Apart, so that MasonNetwork never pulls GRDB.
        .target(
            name: "MasonStoreNetwork",
            dependencies: [
                "Mason",
                "MasonNetwork",
                "MasonStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log")
            ],
            swiftSettings: strict
        ),
        // The pure functional app runtime (SimpleFunctional): the core only, never the network or the store.
        .target(name: "MasonApp", dependencies: ["Mason"], swiftSettings: strict),
        // Ready app handlers on the network and the store: bridges, so MasonApp needs neither.
        .target(
            name: "MasonAppNetwork",
            dependencies: ["MasonApp", "MasonNetwork"],
            swiftSettings: strict
        ),
        .target(
            name: "MasonAppStore",
            dependencies: ["MasonApp", "MasonStore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict
        ),
        // The weather app's pure logic and its file (a library, so its tests can drive it).
        .target(
            name: "MasonWeather",
            dependencies: [
                "MasonApp", "MasonAppNetwork", "MasonAppStore", "MasonNetwork", "MasonStore",
                .product(name: "GRDB", package: "GRDB.swift")
            ],
            path: "Examples/MasonWeather",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "mason-weather",
            dependencies: [
                "MasonApp", "MasonTestServer", "MasonWeather",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            path: "Examples/mason-weather",
            swiftSettings: strict
        ),
        // Light doubles: clocks, a stub transport, a log recorder. No server, so no Hummingbird.
        .target(
            name: "MasonTesting",
            dependencies: [
                "Mason",
                "MasonApp",
                "MasonNetwork",
                .product(name: "Logging", package: "swift-log")
            ],
            swiftSettings: strict
        ),
        // A real HTTP server on 127.0.0.1 with scripted faults, for tests of real transports.
        .target(
            name: "MasonTestServer",
            dependencies: [
                "Mason",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "mason-demo",
            dependencies: [
                "Mason",
                "MasonNetwork",
                "MasonAsyncHTTPClient",
                "MasonStore",
                "MasonTestServer",
                "MasonWeather",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log")
            ],
            path: "Examples/mason-demo",
            swiftSettings: strict
        ),
        .testTarget(
            name: "MasonTests",
            dependencies: [
                "Mason",
                "MasonTesting",
                .product(name: "PropertyBased", package: "swift-property-based")
            ],
            swiftSettings: strict
        ),
        // The soak test's child: ten million inputs through one loop, alone in its process.
        .executableTarget(
            name: "mason-app-soak-child",
            dependencies: ["MasonApp"],
            path: "Tests/MasonAppSoakChild",
            swiftSettings: strict
        ),
        .testTarget(
            name: "MasonAppTests",
            dependencies: ["Mason", "MasonApp", "MasonTesting", "mason-app-soak-child"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MasonAppBridgesTests",
            dependencies: [
                "MasonApp", "MasonAppNetwork", "MasonAppStore", "MasonNetwork", "MasonStore", "MasonTestServer",
                .product(name: "GRDB", package: "GRDB.swift")
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MasonWeatherTests",
            dependencies: [
                "MasonApp", "MasonAppNetwork", "MasonAppStore", "MasonTesting", "MasonTestServer", "MasonWeather",
                "mason-weather", .product(name: "GRDB", package: "GRDB.swift")
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MasonTestingTests",
            dependencies: ["Mason", "MasonNetwork", "MasonTesting"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MasonTestServerTests",
            dependencies: ["MasonTestServer"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MasonNetworkTests",
            dependencies: [
                "Mason",
                "MasonNetwork",
                "MasonTesting",
                "MasonTestServer",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PropertyBased", package: "swift-property-based")
            ],
            swiftSettings: strict
        ),
        // The crash test's child: writes multi-row operations to a file until it is killed.
        .executableTarget(
            name: "mason-store-crash-child",
            dependencies: ["MasonStore", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/MasonStoreCrashChild",
            swiftSettings: strict
        ),
        .testTarget(
            name: "MasonStoreTests",
            dependencies: [
                "Mason",
                "MasonStore",
                "MasonStoreNetwork",
                "MasonNetwork",
                "MasonTesting",
                "mason-store-crash-child",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log")
            ],
            swiftSettings: strict
        ),
        // The scale-out test's child: increments one PostgreSQL row under SERIALIZABLE, with retry.
        .executableTarget(
            name: "mason-store-postgres-child",
            dependencies: [
                "Mason", "MasonStorePostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log")
            ],
            path: "Tests/MasonStorePostgresChild",
            swiftSettings: strict
        ),
        // The store's conformance suite (SQLite and PostgreSQL alike) and PostgreSQL's own tests.
        .testTarget(
            name: "MasonStorePostgresTests",
            dependencies: [
                "Mason", "MasonStore", "MasonStorePostgres", "MasonTesting", "mason-store-postgres-child",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                // The proxy that loses a statement's answer for real (Support/AnswerDroppingProxy.swift).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio")
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MasonAsyncHTTPClientTests",
            dependencies: [
                "Mason",
                "MasonNetwork",
                "MasonAsyncHTTPClient",
                "MasonTesting",
                "MasonTestServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio")
            ],
            swiftSettings: strict
        )
    ]
)

// CI builds the DocC catalogs with swift-docc-plugin (`MASON_DOCS=1 swift package generate-documentation`,
// see .ci/run); only then is the plugin a dependency, so library users never resolve it.
if ProcessInfo.processInfo.environment["MASON_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
