import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Mason
import MasonNetwork
import MasonTesting
import Testing

@Suite struct RequestSyncTests {
    private let request = NetworkTestSupport.request("https://example.com/items")

    @Test func theSynchronousRequestsBlockUntilTheBodyArrives() async throws {
        let stub = StubTransport(.text("items"))
        let typed = requestSync(request, transport: stub)
        let seed = requestSyncR(request, transport: stub)
        let either = requestSyncE(request, transport: stub)
        #expect(stub.requests.isEmpty)  // lazy
        let results = await OwnThread.run { (typed.unsafeRun(), seed.unsafeRun(), either.unsafeRun()) }
        #expect(try results.0.get() == Data("items".utf8))
        #expect(try results.1.get() == Data("items".utf8))
        guard case .right(let data) = results.2 else {
            Issue.record("expected a right")
            return
        }
        #expect(data == Data("items".utf8))
        #expect(stub.requests.count == 3)
    }

    @Test func theCurriedFormsServeChains() async {
        let stub = StubTransport(.status(404))
        let typed = request |> requestSync(transport: stub)
        let seed = request |> requestSyncR(transport: stub)
        let either = request |> requestSyncE(transport: stub)
        let results = await OwnThread.run { (typed.unsafeRun(), seed.unsafeRun(), either.unsafeRun()) }
        guard case .failure(let typedError) = results.0, case .failure(let seedError) = results.1,
            case .left(let eitherError) = results.2
        else {
            Issue.record("expected three failures")
            return
        }
        #expect(typedError.statusCode == 404)
        #expect((seedError as? NetworkRequestError)?.statusCode == 404)
        #expect((eitherError as? NetworkRequestError)?.statusCode == 404)
    }

    @Test func eachRunSendsAgain() async {
        let stub = StubTransport(.status(204))
        let io = requestSync(request, transport: stub)
        _ = await OwnThread.run { io.unsafeRun() }
        _ = await OwnThread.run { io.unsafeRun() }
        #expect(stub.requests.count == 2)
    }
}
