import Mason
import Testing

@Suite struct ChainTests {
    struct User: Sendable {
        let name: String
        func greeting() -> String { "Hello, \(name)" }
    }

    @Test func chainRunsInnerThenOuter() {
        let describeLength = chain({ (s: String) in s.count }, to: { String($0) })
        #expect(describeLength("mason") == "5")
        let shout = chain({ (n: Int) in String(n) }, to: { $0 + "!" })
        #expect(shout(7) == "7!")
    }

    @Test func chainCallsAnUnappliedMethodWithoutArguments() {
        let shout = chain({ (s: String) in s }, to: String.uppercased)
        #expect(shout("mason") == "MASON")
        let greet = chain({ (name: String) in User(name: name) }, to: User.greeting)
        #expect(greet("Mason") == "Hello, Mason")
    }

    @Test func chainPrefersCallingTheMethodOverReturningIt() {
        let shout = chain({ (s: String) in s }, to: String.uppercased)
        let result: String = shout("a")
        #expect(result == "A")
        // Asking for the method itself picks the plain overload.
        let unapplied: @Sendable (String) -> @Sendable () -> String = chain({ (s: String) in s }, to: String.uppercased)
        #expect(unapplied("b")() == "B")
    }

    @Test func chainWorksWithInitializersAndStaticFunctions() {
        let parseHex = chain({ (s: String) in s.lowercased() }, to: { Int($0, radix: 16) })
        #expect(parseHex("FF") == 255)
        let makeUser = chain(String.init(describing:) as @Sendable (Int) -> String, to: User.init(name:))
        #expect(makeUser(7).name == "7")
        let loud = chain(User.init(name:), to: User.greeting)
        #expect(loud("Sundell") == "Hello, Sundell")
    }

    @Test func chainsCompose() {
        // Sundell's `chain(chain(Endpoint.product, to: networking), to: Future.decoded)` shape.
        let endpoint: @Sendable (Int) -> String = { "/product/\($0)" }
        let networking: @Sendable (String) -> [UInt8] = { Array($0.utf8) }
        let decode = chain(chain(endpoint, to: networking), to: { String(decoding: $0, as: UTF8.self) })
        #expect(decode(7) == "/product/7")
        let decodeLoudly = chain(decode, to: String.uppercased)
        #expect(decodeLoudly(7) == "/PRODUCT/7")
    }
}
