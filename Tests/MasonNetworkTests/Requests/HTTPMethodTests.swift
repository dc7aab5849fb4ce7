import MasonNetwork
import Testing

@Suite struct HTTPMethodTests {
    @Test func methodsAreTheirNames() {
        #expect(HTTPMethod.get.rawValue == "GET")
        #expect(HTTPMethod.post.description == "POST")
        #expect(HTTPMethod("PURGE") == "PURGE")
        #expect(HTTPMethod(rawValue: "PATCH") == .patch)
    }

    @Test func idempotencyFollowsRFC9110() {
        let idempotent: [HTTPMethod] = [.get, .head, .put, .delete, .options, .trace]
        #expect(idempotent.allSatisfy { $0.isIdempotent })
        #expect(!HTTPMethod.post.isIdempotent)
        #expect(!HTTPMethod.patch.isIdempotent)
        #expect(!HTTPMethod("PURGE").isIdempotent)
    }
}
