import NavigationCodec
import NavigationCore

/// The outcome of replaying a log and comparing it with its checkpoints.
public struct VerificationReport: Hashable, Sendable {
    /// A checkpoint whose stored state or hash disagrees with the replay.
    public struct Divergence: Hashable, Sendable, CustomStringConvertible {
        /// The event count the checkpoint describes.
        public var index: UInt64
        /// The hash stored with the checkpoint.
        public var storedHash: UInt64
        /// The hash of the replayed state.
        public var replayedHash: UInt64

        /// `checkpoint at event 4096 disagrees with the replay (stored hash …, replayed …)`, each
        /// hash as 16 hexadecimal digits.
        public var description: String {
            func hex(_ value: UInt64) -> String {
                let digits = String(value, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }
            return "checkpoint at event \(index) disagrees with the replay (stored hash \(hex(storedHash)), replayed \(hex(replayedHash)))"
        }
    }

    /// The number of events replayed.
    public var eventCount: UInt64
    /// The number of checkpoints compared.
    public var checkpointsChecked: Int
    /// The first checkpoint that disagrees, if any.
    public var firstDivergence: Divergence?
    /// The events a repair lost (``TimeMachine/gaps``): the replay took the state of the checkpoint
    /// at each one's end.
    public var gaps: [Range<UInt64>] = []

    /// Whether every checkpoint agreed with the replay.
    public var isDeterministic: Bool { firstDivergence == nil }
}

extension TimeMachine {
    /// Replays the whole log from its start and compares the state at every checkpoint with the
    /// stored hash (and the stored state's own hash), reporting the first divergence.
    /// Deterministic replay means every checkpoint agrees.
    public func verify() throws(NavTapeError) -> VerificationReport {
        let indices = checkpointIndices
        var report = VerificationReport(eventCount: eventCount, checkpointsChecked: 0, firstDivergence: nil, gaps: gaps)
        var state = initialState
        var done: UInt64 = 0
        for (i, index) in indices.enumerated() {
            guard let checkpoint = try translatingCheckpoint(at: index) else { continue }
            if i == 0 && index == 0 && parent != nil {
                state = checkpoint.state  // a branch starts from its parent's state
                report.checkpointsChecked += 1
                continue
            }
            try fold(from: done, to: index, into: &state)
            done = index
            report.checkpointsChecked += 1
            let replayed = StateCodec.hash(state)
            let storedStateHash = StateCodec.hash(checkpoint.state)
            if replayed != checkpoint.hash || storedStateHash != checkpoint.hash {
                report.firstDivergence = .init(index: index, storedHash: checkpoint.hash, replayedHash: replayed)
                return report
            }
        }
        try fold(from: done, to: eventCount, into: &state)
        return report
    }

    private func translatingCheckpoint(at index: UInt64) throws(NavTapeError) -> (hash: UInt64, state: NavigationState)? {
        guard let payload = try checkpointPayload(at: index) else { return nil }
        do {
            return try CheckpointCodec.decode(payload)
        } catch {
            throw NavTapeError(.dataError, path: path, "checkpoint at event \(index): \(error)")
        }
    }
}
