// mason-demo: the seeds' examples, running.
//
//     swift run mason-demo                                  # against an embedded loopback server
//     swift run mason-demo --base-url http://127.0.0.1:8080 # against a server of yours
//     swift run mason-demo --offline                        # composition, effects and the store only
//
// Each section names the seed it comes from and prints what its expressions return.
import ArgumentParser
import Foundation
import Mason

@main
struct MasonDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mason-demo",
        abstract: "The seeds' examples, running: composition, effects, the store, and networking.",
        discussion: """
            The network examples run against an HTTP server embedded in the demo (on 127.0.0.1, a random \
            port), which serves the seeds' APIs and injects the faults the examples recover from. With \
            --base-url they run against another server serving the same routes: /?name=, /ip?format=json, \
            /ipinfo/{ip}/geo and /products/{id}; the examples that need injected faults are then skipped.
            """
    )

    @Option(help: "Run the network examples against this server instead of the embedded one.")
    var baseURL: String?

    @Flag(help: "Skip the network examples.")
    var offline = false

    func validate() throws {
        guard let baseURL else { return }
        guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme), url.host != nil
        else {
            throw ValidationError("--base-url must be an absolute http or https URL, such as http://127.0.0.1:8080")
        }
    }

    func run() async throws {
        Self.funswiftComposition()
        Self.sundellCombineAndChain()
        await Self.deferredPipeline()
        await Self.futuresAndPromises()
        Self.effectTypes()
        Self.algebra()
        try StoreDemo.run()
        try await WeatherDemo.run()
        if !offline {
            try await NetworkDemo.run(baseURL: baseURL.flatMap(URL.init(string:)))
        }
    }

    static func section(_ title: String) {
        print("\n== \(title)")
    }

    static func show(_ expression: String, _ value: Any) {
        print("  \(expression)".padding(toLength: 58, withPad: " ", startingAt: 0) + "→ \(value)")
    }
}
