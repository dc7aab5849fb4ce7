/// A counter that is not `Sendable`: only a plain closure may capture it, so a test that hands such a
/// closure to an API shows that the API takes plain functions.
final class Tally {
    var count = 0

    /// Counts one more, and returns the count.
    func next() -> Int {
        count += 1
        return count
    }

    /// A plain curried `+` that counts its calls here.
    func countingAdd() -> (Int) -> (Int) -> Int {
        { a in
            { b in
                self.count += 1
                return a + b
            }
        }
    }
}
