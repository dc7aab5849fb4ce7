// The seeds' composition examples: pure functions, effects and algebra, no network.
import Foundation
import Mason

// MARK: Funswift — pipe, composition, Kleisli, map, bind, apply

extension MasonDemo {
    static func funswiftComposition() {
        section("Funswift: |> >>> <<< >=> <&> >>- <*>")
        let parse: @Sendable (String) -> Int? = { Int($0) }
        let double: @Sendable (Int) -> Int = { $0 * 2 }
        let describe: @Sendable (Int) -> String = { "#\($0)" }
        let half: @Sendable (Int) -> Int? = { $0.isMultiple(of: 2) ? $0 / 2 : nil }

        show(#""21" |> parse >=> double"#, String(describing: "21" |> parse >=> double))
        show("3 |> double >>> describe", 3 |> double >>> describe)
        show("3 |> describe <<< double", 3 |> describe <<< double)
        show(#""8" |> parse >=> half >=> half"#, String(describing: "8" |> parse >=> half >=> half))
        show(#""6" |> parse >=> half >=> half"#, String(describing: "6" |> parse >=> half >=> half))
        show("Optional(4) <&> double", String(describing: Optional(4) <&> double))
        show("Optional(8) >>- half", String(describing: Optional(8) >>- half))
        let add: @Sendable (Int) -> @Sendable (Int) -> Int = curry { (a: Int, b: Int) in a + b }
        show("Optional(2) <&> curry(+) <*> Optional(40)", String(describing: Optional(2) <&> add <*> Optional(40)))
        show("[3, 1, 2] |> { $0.sort() }", [3, 1, 2] |> { $0.sort() })
    }
}

// MARK: Swift by Sundell — combine and chain

extension MasonDemo {
    static func sundellCombineAndChain() {
        section("Sundell: combine(_:with:), chain(_:to:)")
        let endpoint: @Sendable (Int) -> String = { "/products/\($0)" }
        let networking: @Sendable (String) -> String = { "GET \($0)" }
        let loadProduct = combine(7, with: chain(endpoint, to: networking))
        show("combine(7, with: chain(endpoint, to: networking))()", loadProduct())
        let shout = chain({ (name: String) in name + "!" }, to: String.uppercased)
        show("chain({ $0 + \"!\" }, to: String.uppercased)(\"mason\")", shout("mason"))
    }
}

// MARK: Deferred — a lazy asynchronous pipeline with retry and a cancellation

private enum DemoError: Error, CustomStringConvertible {
    case unavailable(Int)
    var description: String {
        switch self {
        case .unavailable(let status): "HTTP \(status)"
        }
    }
}

extension MasonDemo {
    static func deferredPipeline() async {
        section("Deferred: zip, retry(f, retries:, debounce:), cancel()")
        let attempts = Counter()
        // A profile service that answers 503 twice before it answers 200.
        let fetchProfile: @Sendable (String) -> Deferred<Result<String, DemoError>> = { name in
            Deferred {
                let attempt = attempts.increment()
                try? await Task.sleep(for: .milliseconds(10))
                print("  attempt \(attempt) for \(name): \(attempt < 3 ? "503" : "200")")
                return attempt < 3 ? .failure(.unavailable(503)) : .success("profile of \(name)")
            }
        }
        let fetchOrders = Deferred { () async -> Result<[Int], DemoError> in .success([7, 11]) }
        let robustProfile = retry(fetchProfile, retries: 3, debounce: .exponential(0.02))
        let page = zip(robustProfile("ada"), fetchOrders).map { profile, orders in
            profile.flatMap { profile in orders.map { "\(profile), \($0.count) orders" } }
        }
        show("built the page (attempts so far)", attempts.value)
        show("await page.value", await page.value)

        let started = ContinuousClock.now
        let slow = Deferred { () async -> Result<String, any Error> in
            do {
                try await Task.sleep(for: .seconds(30))
                return .success("finished")
            } catch {
                print("  the slow step saw its cancellation and stopped")
                return .failure(error)
            }
        }
        let delivered = await withCheckedContinuation { continuation in
            slow.run { continuation.resume(returning: $0) }
            Task {
                try? await Task.sleep(for: .milliseconds(50))
                slow.cancel()
            }
        }
        show("slow.run { … } then slow.cancel()", "\(delivered) after \(ContinuousClock.now - started)")
    }

    static func futuresAndPromises() async {
        section("Sundell: Promise, Future.transformed, decoded()")
        struct Product: Decodable, Sendable { let name: String }
        let promise = Promise<Data>()
        let product = promise.decoded(as: Product.self).transformed { $0.name.uppercased() }
        Task { promise.resolve(with: Data(#"{"name": "mortar"}"#.utf8)) }
        show("promise.decoded(as: Product.self).transformed(…)", (try? await product.value) ?? "failed")
        show("promise.resolve(with:) a second time", promise.resolve(with: Data()))
    }
}

// MARK: Effect types — IO, Either, Reader, State, Writer

/// A counter an effect can capture: Sendable because `count` is only touched under `lock`.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() -> Int { lock.withLock { count += 1; return count } }
}

extension MasonDemo {
    struct Config: Sendable {
        let greeting: String
        let name: String
    }

    static func effectTypes() {
        section("Effect types: IO, Either, Reader, State, Writer")
        let counter = Counter()
        let tick = IO { counter.increment() }
        show("tick (built, not run): counter", counter.value)
        show("zip(tick, tick, tick).unsafeRun()", zip(tick, tick, tick).unsafeRun())

        let parsed: Either<String, Int> = Int("42").map(Either.right) ?? .left("not a number")
        show("Either.right(42).map { $0 + 1 }", parsed.map { $0 + 1 })
        show("zip(Either.right(1), Either.left(\"no\"))", zip(Either<String, Int>.right(1), Either<String, Int>.left("no")))

        let greet = Reader<Config, String> { "\($0.greeting), \($0.name)" }
        let shout = greet.map { $0.uppercased() + "!" }
        show("Reader: greet.map(uppercase).run(config)", shout.run(Config(greeting: "Hello", name: "Mason")))

        let next = State<Int, Int> { ($0 + 1, $0) }
        let threeTickets = zip(next, next, next)
        show("State: zip(next, next, next).run(100)", threeTickets.run(100))

        let logged = Writer<Int, [String]>(value: 2, output: ["start with 2"])
            .flatMap { n in Writer(value: n * 21, output: ["times 21"]) }
        show("Writer: 2 >>- times21 .run()", logged.run())
    }
}

// MARK: Algebra — monoids, predicates, memoize

extension MasonDemo {
    static func algebra() {
        section("Algebra: <> concat Predicate memoize")
        show("\"Mas\" <> \"on\"", "Mas" <> "on")
        show("concat([[1], [2, 3], []])", concat([[1], [2, 3], []]))
        show("concat([Sum(1), Sum(2), Sum(3)]).value", concat([Sum(1), Sum(2), Sum(3)]).value)
        show("concat([All(true), All(false)]).value", concat([All(true), All(false)]).value)
        let isEven = Predicate<Int> { $0.isMultiple(of: 2) }
        let isSmall = Predicate<Int> { $0 < 10 }
        show("(0..<20).filter(isEven.intersect(isSmall).callAsFunction)", (0..<20).filter(isEven.intersect(isSmall).callAsFunction))
        let fibonacci: @Sendable (Int) -> Int = memoize { (recurse: (Int) -> Int, n: Int) -> Int in
            n < 2 ? n : recurse(n - 1) + recurse(n - 2)
        }
        show("memoized fibonacci(90)", fibonacci(90))
    }
}
