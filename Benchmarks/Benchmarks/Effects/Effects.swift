// Deferred against raw async/await, OpenCombine and a raw TaskGroup, in the same process.
import Benchmark
import Mason
import OpenCombine
import Synchronization

let steps = 100

/// 100 nested, non-suspending async closure calls: the cost floor of an async chain.
func rawAsyncChain() -> @Sendable () async -> Int {
    var chain: @Sendable () async -> Int = { 0 }
    for _ in 0..<steps {
        let previous = chain
        chain = { await previous() &+ 1 }
    }
    return chain
}

/// The floor for `map`: each step calls a synchronous closure the chain cannot see into, as a transform
/// is, which needs a hop back to the global executor after each `await` (the bare chain above needs none:
/// Swift drops the hop before `&+`).
@inline(never)
func opaqueIncrement() -> @Sendable (Int) -> Int { { $0 &+ 1 } }

func rawCallingChain() -> @Sendable () async -> Int {
    var chain: @Sendable () async -> Int = { 0 }
    for _ in 0..<steps {
        let previous = chain
        let increment = opaqueIncrement()
        chain = { increment(await previous()) }
    }
    return chain
}

/// 100 nested synchronous closure calls, each calling a closure it cannot see into: the floor of a
/// synchronous chain (`IO`'s `map` and `flatMap` into `pure`).
func rawSyncChain() -> @Sendable () -> Int {
    var chain: @Sendable () -> Int = { 0 }
    for _ in 0..<steps {
        let previous = chain
        let increment = opaqueIncrement()
        chain = { increment(previous()) }
    }
    return chain
}

func ioFlatMapChain() -> Mason.IO<Int> {
    var chain = Mason.IO.pure(0)
    for _ in 0..<steps { chain = chain.flatMap { Mason.IO.pure($0 &+ 1) } }
    return chain
}

/// A loop written as recursion through `flatMap`, `levels` deep: how a functional program repeats.
@Sendable func ioCountDown(_ levels: Int) -> Mason.IO<Int> {
    Mason.IO { levels }.flatMap { $0 == 0 ? Mason.IO.pure(0) : ioCountDown($0 - 1) }
}

func deferredMapChain() -> Mason.Deferred<Int> {
    var chain = Mason.Deferred.pure(0)
    for _ in 0..<steps { chain = chain.map { $0 &+ 1 } }
    return chain
}

func deferredFlatMapChain() -> Mason.Deferred<Int> {
    var chain = Mason.Deferred.pure(0)
    for _ in 0..<steps { chain = chain.flatMap { Mason.Deferred.pure($0 &+ 1) } }
    return chain
}

/// 100 `flatMap`s into work-backed deferreds: each step builds a `Deferred` with a scope of its own.
func deferredFlatMapWorkChain() -> Mason.Deferred<Int> {
    var chain = Mason.Deferred.pure(0)
    for _ in 0..<steps { chain = chain.flatMap { value in Mason.Deferred { value &+ 1 } } }
    return chain
}

/// The floor for a `flatMap` into work: 100 nested async closures, each step building a new closure
/// around the value (a heap context, as the work of a new `Deferred` needs) and calling it.
@inline(never)
func makeStep(_ value: Int) -> @Sendable () async -> Int { { value &+ 1 } }

func rawAllocatingChain() -> @Sendable () async -> Int {
    var chain: @Sendable () async -> Int = { 0 }
    for _ in 0..<steps {
        let previous = chain
        chain = { await makeStep(await previous())() }
    }
    return chain
}

/// The floor for a `flatMap` into work with what any `Deferred<Value>` must carry: a deferred by hand,
/// generic over its value (so its work is a closure returning through memory, as every
/// `Deferred { }`'s is, with the executor hops that costs) and with a handle per deferred that its
/// copies share (what `cancel()` on a value needs); no registration, no stack safety, no ready values.
final class MiniHandle: Sendable {}

struct MiniDeferred<Value>: Sendable {
    let work: @Sendable () async -> Value
    let handle: MiniHandle

    init(_ work: @escaping @Sendable () async -> Value) {
        self.work = work
        self.handle = MiniHandle()
    }

    func flatMap<New>(_ transform: @escaping @Sendable (Value) -> MiniDeferred<New>) -> MiniDeferred<New> {
        let work = self.work
        return MiniDeferred<New> { await transform(await work()).work() }
    }
}

func miniFlatMapWorkChain() -> MiniDeferred<Int> {
    var chain = MiniDeferred { 0 }
    for _ in 0..<steps { chain = chain.flatMap { value in MiniDeferred { value &+ 1 } } }
    return chain
}

/// The same deferred by hand with what `pure` needs (the floor for `flatMap` into `pure`, and for a
/// `flatMap` into work in a deferred that has ready values): a value given to `pure` is kept as it is,
/// with no closure and no handle, and a step takes it without a call — the program an enum of the two.
struct ReadyMiniDeferred<Value: Sendable>: Sendable {
    enum Program: Sendable {
        case ready(Value)
        case work(@Sendable () async -> Value, MiniHandle)
    }
    let program: Program

    init(_ work: @escaping @Sendable () async -> Value) { program = .work(work, MiniHandle()) }
    init(ready value: Value) { program = .ready(value) }

    static func pure(_ value: Value) -> ReadyMiniDeferred { ReadyMiniDeferred(ready: value) }

    func execute() async -> Value {
        switch program {
        case .ready(let value): value
        case .work(let work, _): await work()
        }
    }

    func flatMap<New>(_ transform: @escaping @Sendable (Value) -> ReadyMiniDeferred<New>) -> ReadyMiniDeferred<New> {
        let previous = self
        return ReadyMiniDeferred<New> { await transform(await previous.execute()).execute() }
    }
}

func readyMiniFlatMapChain() -> ReadyMiniDeferred<Int> {
    var chain = ReadyMiniDeferred.pure(0)
    for _ in 0..<steps { chain = chain.flatMap { ReadyMiniDeferred.pure($0 &+ 1) } }
    return chain
}

func readyMiniFlatMapWorkChain() -> ReadyMiniDeferred<Int> {
    var chain = ReadyMiniDeferred.pure(0)
    for _ in 0..<steps { chain = chain.flatMap { value in ReadyMiniDeferred { value &+ 1 } } }
    return chain
}

/// The floor for `Future.map`, by hand: a promise generic over its value, safe from any thread (a
/// mutex inline in the object, no allocation of its own), one observer, resolved once.
final class MiniPromise<Value: Sendable>: Sendable {
    struct State {
        var value: Value?
        var observer: (@Sendable (Value) -> Void)?
    }
    let state = Mutex(State())

    func resolve(_ value: Value) {
        let observer = state.withLock { state -> (@Sendable (Value) -> Void)? in
            state.value = value
            defer { state.observer = nil }
            return state.observer
        }
        observer?(value)
    }

    func observe(_ observer: @escaping @Sendable (Value) -> Void) {
        let ready = state.withLock { state -> Value? in
            if let value = state.value { return value }
            state.observer = observer
            return nil
        }
        if let ready { observer(ready) }
    }

    func map<New: Sendable>(_ transform: @escaping @Sendable (Value) -> New) -> MiniPromise<New> {
        let next = MiniPromise<New>()
        observe { next.resolve(transform($0)) }
        return next
    }
}

func miniPromiseMapChain() -> (root: MiniPromise<Int>, last: MiniPromise<Int>) {
    let root = MiniPromise<Int>()
    var last = root
    for _ in 0..<steps { last = last.map { $0 &+ 1 } }
    return (root, last)
}

/// 100 `map`s on a pending promise, resolved once the chain is built: Future's per-step cost.
func futureMapChain() -> (root: Mason.Promise<Int>, last: Mason.Future<Int>) {
    let root = Mason.Promise<Int>()
    var last: Mason.Future<Int> = root
    for _ in 0..<steps { last = last.map { $0 &+ 1 } }
    return (root, last)
}

/// 100 `flatMap`s into resolved futures on a pending promise.
func futureFlatMapChain() -> (root: Mason.Promise<Int>, last: Mason.Future<Int>) {
    let root = Mason.Promise<Int>()
    var last: Mason.Future<Int> = root
    for _ in 0..<steps { last = last.flatMap { Mason.Future(value: $0 &+ 1) } }
    return (root, last)
}

func openCombineMapChain() -> AnyPublisher<Int, Never> {
    var chain = Just(0).eraseToAnyPublisher()
    for _ in 0..<steps { chain = chain.map { $0 &+ 1 }.eraseToAnyPublisher() }
    return chain
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        maxDuration: .seconds(3),
        maxIterations: 100_000
    )

    Benchmark("100-step chain, raw async closures (baseline)") { benchmark in
        let chain = rawAsyncChain()
        for _ in benchmark.scaledIterations { blackHole(await chain()) }
    }

    Benchmark("100-step chain, raw async closures calling a sync closure each step (floor for map)") {
        benchmark in
        let chain = rawCallingChain()
        for _ in benchmark.scaledIterations { blackHole(await chain()) }
    }

    Benchmark("100-step map, Mason.Deferred") { benchmark in
        let chain = deferredMapChain()
        for _ in benchmark.scaledIterations { blackHole(await chain.value) }
    }

    Benchmark("100-step flatMap, Mason.Deferred") { benchmark in
        let chain = deferredFlatMapChain()
        for _ in benchmark.scaledIterations { blackHole(await chain.value) }
    }

    Benchmark("100-step flatMap into work-backed deferreds, Mason.Deferred") { benchmark in
        let chain = deferredFlatMapWorkChain()
        for _ in benchmark.scaledIterations { blackHole(await chain.value) }
    }

    Benchmark("100-step chain, a new closure built and called each step (floor for flatMap into work)") {
        benchmark in
        let chain = rawAllocatingChain()
        for _ in benchmark.scaledIterations { blackHole(await chain()) }
    }

    Benchmark("100-step flatMap into work, a generic deferred by hand with a handle each (floor)") {
        benchmark in
        let chain = miniFlatMapWorkChain()
        for _ in benchmark.scaledIterations { blackHole(await chain.work()) }
    }

    Benchmark("100-step flatMap into pure, a generic deferred by hand with ready values (floor)") {
        benchmark in
        let chain = readyMiniFlatMapChain()
        for _ in benchmark.scaledIterations { blackHole(await chain.execute()) }
    }

    Benchmark("100-step flatMap into work, a generic deferred by hand with ready values (floor)") {
        benchmark in
        let chain = readyMiniFlatMapWorkChain()
        for _ in benchmark.scaledIterations { blackHole(await chain.execute()) }
    }

    // Issue 21: `run { }` (a new task each run) against `await value`, and the floor: the raw chain run
    // in a new task, awaited through a continuation.
    Benchmark("100-step map, Mason.Deferred run { } awaited") { benchmark in
        let chain = deferredMapChain()
        for _ in benchmark.scaledIterations {
            let value = await withCheckedContinuation { continuation in
                chain.run { continuation.resume(returning: $0) }
            }
            blackHole(value)
        }
    }

    Benchmark("100-step chain, raw async closures in a new Task (baseline)") { benchmark in
        let chain = rawAsyncChain()
        for _ in benchmark.scaledIterations {
            let value = await withCheckedContinuation { continuation in
                Task { continuation.resume(returning: await chain()) }
            }
            blackHole(value)
        }
    }

    Benchmark("100-step map, OpenCombine (baseline)") { benchmark in
        let chain = openCombineMapChain()
        for _ in benchmark.scaledIterations {
            var result = 0
            let subscription = chain.sink { result = $0 }
            blackHole(result)
            subscription.cancel()
        }
    }

    let children = 100_000
    Benchmark("zip of 100,000, raw TaskGroup (baseline)", configuration: .init(maxIterations: 20)) { benchmark in
        for _ in benchmark.scaledIterations {
            let sum = await withTaskGroup(of: Int.self, returning: Int.self) { group in
                for n in 0..<children { group.addTask { n } }
                var sum = 0
                for await value in group { sum &+= value }
                return sum
            }
            blackHole(sum)
        }
    }

    Benchmark("zip of 100,000, Mason.Deferred sequence", configuration: .init(maxIterations: 20)) { benchmark in
        let deferreds = (0..<children).map { n in Mason.Deferred { n } }
        let zipped = sequence(deferreds)
        for _ in benchmark.scaledIterations {
            blackHole(await zipped.value.count)
        }
    }

    // Issue 21's n-ary cases: 10,000 ready values, against a raw TaskGroup and a plain map.
    let ready = 10_000
    Benchmark("sequence of 10,000 ready, raw TaskGroup (baseline)", configuration: .init(maxIterations: 200)) {
        benchmark in
        for _ in benchmark.scaledIterations {
            let count = await withTaskGroup(of: (Int, Int).self, returning: Int.self) { group in
                for n in 0..<ready { group.addTask { (n, n) } }
                var values = [Int](repeating: 0, count: ready)
                for await (index, value) in group { values[index] = value }
                return values.count
            }
            blackHole(count)
        }
    }

    Benchmark("sequence of 10,000 ready, Mason.Deferred", configuration: .init(maxIterations: 200)) { benchmark in
        let all = sequence((0..<ready).map(Mason.Deferred.pure))
        for _ in benchmark.scaledIterations { blackHole(await all.value.count) }
    }

    Benchmark("sequence of 10,000, plain map over the array (baseline)", configuration: .init(maxIterations: 2_000)) {
        benchmark in
        let values = Array(0..<ready)
        for _ in benchmark.scaledIterations { blackHole(values.map { $0 &+ 1 }.count) }
    }

    Benchmark("sequence of 10,000, Mason.IO", configuration: .init(maxIterations: 2_000)) { benchmark in
        let all = sequence((0..<ready).map { n in Mason.IO { n &+ 1 } })
        for _ in benchmark.scaledIterations { blackHole(all.unsafeRun().count) }
    }

    Benchmark("100-step chain, raw sync closures calling a closure each step (floor for IO)") { benchmark in
        let chain = rawSyncChain()
        for _ in benchmark.scaledIterations { blackHole(chain()) }
    }

    Benchmark("100-step flatMap into pure, Mason.IO") { benchmark in
        let chain = ioFlatMapChain()
        for _ in benchmark.scaledIterations { blackHole(chain.unsafeRun()) }
    }

    Benchmark("100-level recursion through flatMap, Mason.IO") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(ioCountDown(100).unsafeRun()) }
    }

    Benchmark("100-step map on a pending root, a generic promise by hand (floor)") { benchmark in
        for _ in benchmark.scaledIterations {
            let (root, last) = miniPromiseMapChain()
            root.resolve(0)
            blackHole(last)
        }
    }

    Benchmark("100-step map on a pending root, Mason.Future") { benchmark in
        for _ in benchmark.scaledIterations {
            let (root, last) = futureMapChain()
            root.resolve(with: 0)
            blackHole(last)
        }
    }

    Benchmark("100-step flatMap on a pending root, Mason.Future") { benchmark in
        for _ in benchmark.scaledIterations {
            let (root, last) = futureFlatMapChain()
            root.resolve(with: 0)
            blackHole(last)
        }
    }
}
