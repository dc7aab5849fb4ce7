/// The outputs one run of the pure function added, in order. The first is kept inline: most runs add
/// at most one, and an array would cost an allocation on every run that does.
@usableFromInline
package struct OutputList: RandomAccessCollection, Sendable {
    @usableFromInline var head: PendingOutput?
    @usableFromInline var rest: [PendingOutput]

    @inlinable
    package init() {
        head = nil
        rest = []
    }

    @inlinable
    package var startIndex: Int { 0 }

    @inlinable
    package var endIndex: Int { count }

    /// Whether the run added no output. Its own, as ``count`` is: the collection's defaults reach them
    /// through a copy of the list (a generic `distance(from:to:)`), ~70 ns a run of the loop.
    @inlinable
    package var isEmpty: Bool {
        if case .none = head { return true }
        return false
    }

    @inlinable
    package var count: Int {
        if case .none = head { return 0 }
        return 1 + rest.count
    }

    @inlinable
    package subscript(position: Int) -> PendingOutput {
        // `head!`: a valid position exists only when the head is set.
        position == 0 ? head! : rest[position - 1]
    }

    /// The token number of the output at `position`, read in place: the subscript would copy the whole
    /// output, its value through its witnesses (~20 ns a run of the loop).
    @inlinable
    package func tokenID(at position: Int) -> UInt64 {
        // `head?`, not `head!`: a projection, where unwrapping copies the output. (Position 0 is valid
        // only when the head is set.)
        position == 0 ? head?.tokenID ?? 0 : rest[position - 1].tokenID
    }

    @inlinable
    package mutating func append(_ output: PendingOutput) {
        if head == nil { head = output } else { rest.append(output) }
    }

    /// Gives the output at `position` the number `tokenID` (see `TokenNumbering.claim`).
    package mutating func renumber(at position: Int, to tokenID: UInt64) {
        let old = self[position]
        let new = PendingOutput(kind: old.kind, tokenID: tokenID, value: old.value, policy: old.policy)
        if position == 0 { head = new } else { rest[position - 1] = new }
    }

    /// Hands each output to `body`, in order, and empties the list: the first moves out of it, with no
    /// copy through its value's witnesses (most runs add only that one).
    package mutating func removeAll(handingEachTo body: (consuming PendingOutput) -> Void) {
        guard let first = head.take() else { return }
        body(first)
        for output in rest { body(output) }
        rest = []
    }
}
