/// The outputs whose handler is running (or about to), by token number: what cancelling by token
/// reaches. Under the loop's lock, on the way of every output (registered at dispatch, removed when
/// its handler returns).
///
/// Token numbers are handed out in order and most outputs end soon after they start, so the runs live
/// in a window of slots indexed by `tokenID - base`: no hashing, and neighbouring outputs in
/// neighbouring memory. (A `Dictionary` here was ≈ 11 % of an output's cost: hashing, and a cache miss
/// per lookup once thousands are in flight.) A run that outlives many newer ones — a timer, a long
/// download — would hold the window open behind it; when the window is mostly empty its runs move to
/// `others`, a dictionary, so memory stays proportional to the runs registered.
struct RunRegistry {
    /// Slot `start + i` holds the run numbered `base + i`, or `nil`.
    private var window: [OutputRun?] = []
    private var start = 0
    private var base: UInt64 = 0
    /// The runs in the window.
    private var windowCount = 0
    /// Runs numbered below `base`: moved out of a sparse window, or registered late (they waited in a
    /// lane while newer outputs started).
    private var others: [UInt64: OutputRun] = [:]

    /// Every run registered.
    var runs: [OutputRun] {
        window[start...].compactMap { $0 } + others.values
    }

    /// The run numbered `tokenID`, if registered.
    subscript(tokenID: UInt64) -> OutputRun? {
        if let slot = slot(of: tokenID), let run = window[slot] { return run }
        return others[tokenID]
    }

    /// Registers `run` under its token number.
    mutating func insert(_ run: OutputRun) {
        let tokenID = run.tokenID
        if windowCount == 0 {
            // An empty window starts again at this number, whatever came before.
            window.removeAll(keepingCapacity: window.capacity <= 4_096)
            start = 0
            base = tokenID
        }
        guard tokenID >= base else {
            others[tokenID] = run
            return
        }
        let offset = tokenID - base
        guard offset < UInt64(4 * windowCount + 1_024) else {
            // Far ahead of the window (gaps are small when numbers come in order): not worth the slots.
            others[tokenID] = run
            return
        }
        let slot = start + Int(offset)
        if slot >= window.count {
            window.append(contentsOf: repeatElement(nil, count: slot - window.count))
            window.append(run)
        } else {
            precondition(window[slot] == nil, "two outputs registered under token \(tokenID)")
            window[slot] = run
        }
        windowCount += 1
    }

    /// Unregisters the run numbered `tokenID`, if it was registered. (It does not return the run: a
    /// run read out of its slot is retained, and released again by the caller.)
    mutating func remove(_ tokenID: UInt64) {
        guard let slot = slot(of: tokenID), window[slot] != nil else {
            others[tokenID] = nil
            return
        }
        window[slot] = nil
        windowCount -= 1
        shrink()
    }

    /// The slot of `tokenID`, if the window spans it.
    private func slot(of tokenID: UInt64) -> Int? {
        guard tokenID >= base, tokenID - base < UInt64(window.count - start) else { return nil }
        return start + Int(tokenID - base)
    }

    /// Drops the empty slots at the window's front; moves the runs out of a window that is mostly empty.
    private mutating func shrink() {
        while start < window.count, window[start] == nil {
            start += 1
            base += 1
        }
        let span = window.count - start
        if span > 1_024, windowCount * 4 < span {
            for case let run? in window[start...] { others[run.tokenID] = run }
            windowCount = 0
            window.removeAll(keepingCapacity: false)
            start = 0
        } else if start > 1_024, start * 2 > window.count {
            window.removeFirst(start)
            start = 0
        }
    }
}
