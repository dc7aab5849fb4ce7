import Mason
import Testing

@Suite struct IdentityTests {
    @Test func identityReturnsItsArgument() {
        #expect(identity(42) == 42)
        #expect(identity("mason") == "mason")
    }

    @Test func identityFlattensAndCompacts() {
        #expect([[1, 2], [3]].flatMap(identity) == [1, 2, 3])
        #expect([1, nil, 3].compactMap(identity) == [1, 3])
    }

    @Test func identityIsTheUnitOfComposition() {
        let double: @Sendable (Int) -> Int = { $0 * 2 }
        #expect((double >>> identity)(4) == 8)
        #expect((identity >>> double)(4) == 8)
    }
}
