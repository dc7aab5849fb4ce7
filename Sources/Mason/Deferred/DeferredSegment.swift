/// A frozen run of steps of a deferred's program, linked to the steps before it.
///
/// A deferred keeps its `map`/`flatMap` steps as nested typed closures, which Swift runs as nested
/// calls; past ``Deferred/segmentDepth`` steps they are frozen into a segment, and segments run in a
/// loop. So a chain of any length runs in a bounded stack, and — thanks to the iterative `deinit` —
/// is freed in a bounded stack too (a million nested closures overflow either way).
@usableFromInline
final class DeferredSegment: @unchecked Sendable {
    // @unchecked Sendable: `step` is immutable and `@Sendable`; `previous` is written only in
    // `deinit`, when no other reference to this segment exists, and read otherwise.
    @usableFromInline
    let step: @Sendable (Any) async -> Any
    @usableFromInline
    var previous: DeferredSegment?

    @usableFromInline
    init(step: @escaping @Sendable (Any) async -> Any, previous: DeferredSegment?) {
        self.step = step
        self.previous = previous
    }

    /// The steps from the first segment to this one.
    @usableFromInline
    func stepsInOrder() -> [@Sendable (Any) async -> Any] {
        var steps: [@Sendable (Any) async -> Any] = []
        var segment: DeferredSegment? = self
        while let current = segment {
            steps.append(current.step)
            segment = current.previous
        }
        steps.reverse()
        return steps
    }

    deinit {
        // Unlink the chain one segment at a time while this is its only owner, so that releasing a
        // long chain does not recurse once per segment.
        var current = previous
        previous = nil
        while current != nil, isKnownUniquelyReferenced(&current) {
            let next = current?.previous
            current?.previous = nil
            current = next
        }
    }
}
