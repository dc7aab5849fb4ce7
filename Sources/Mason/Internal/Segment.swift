/// A frozen run of steps of an effect's program (`IO`, `Deferred`), linked to the steps before it.
///
/// An effect keeps its newest `map`/`flatMap` steps as nested typed closures, which Swift runs as
/// nested calls; past a fixed depth they are frozen into a segment, and segments run in a loop. So a
/// chain of any number of steps appended to one effect runs in a bounded stack, and — thanks to the
/// iterative `deinit` — is freed in a bounded stack too (a million nested closures overflow either
/// way). It bounds one program's steps only: an effect that a step itself runs (the one `IO.flatMap`'s
/// transform returns) is a program of its own, run in a nested call.
@usableFromInline
final class Segment<Step: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `step` is immutable and Sendable; `previous` is written only in `deinit`,
    // when no other reference to this segment exists, and only read otherwise.
    @usableFromInline
    let step: Step
    @usableFromInline
    var previous: Segment?

    @usableFromInline
    init(step: Step, previous: Segment?) {
        self.step = step
        self.previous = previous
    }

    /// The steps from the first segment to this one.
    @usableFromInline
    func stepsInOrder() -> [Step] {
        var steps: [Step] = []
        var segment: Segment? = self
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
