extension StoreError {
    /// Whether `error`, thrown inside an access of `context`, is that access being cancelled — a
    /// `CancellationError`, a ``Kind/cancelled`` store error (what a nested `operate` makes of one), or
    /// any failure once the context says it was cancelled (a statement cut off by a closed connection):
    /// what `recover` lets through and `retry` does not try again.
    @usableFromInline
    static func isCancellation(_ error: any Error, in context: some DataContext) -> Bool {
        error is CancellationError || (error as? StoreError)?.kind == .cancelled || context.isCancelled
    }
}
