import EventLog
import NavigationCodec
import NavigationCore

/// Time travel over a recorded log: the state after any number of events or at any time, in
/// bounded memory (one checkpoint plus the events after it), and full-speed folds.
///
/// Indices count events: `state(at: 0)` is the state before the first event, `state(at: n)` the
/// state after the first `n`.
public final class TimeMachine {
    /// The log file.
    public let path: String
    /// The session's description from the log header (initial traits, policy, device).
    public let sessionDescription: SessionDescription
    /// The recording's identifier.
    public var sessionID: String { reader.header.sessionID }
    /// Wall-clock start of the recording, in milliseconds since the Unix epoch.
    public var startTime: Int64 { reader.header.startTimeMilliseconds }
    /// The session this log branches from and the event index it forks at, if it is a branch.
    public var parent: (sessionID: String, forkIndex: UInt64)? {
        reader.header.parentSessionID.isEmpty ? nil : (reader.header.parentSessionID, reader.header.forkIndex)
    }
    let reader: EventLogReader
    /// The names of the last checkpoint decoded: the next one usually holds the same, and reuses them.
    private var checkpointNames: NameTable?

    /// The cursor of ``stepForward()``, ``stepBack()``, ``first()`` and ``last()``.
    public private(set) var position: UInt64 = 0

    /// Opens `path` for reading. Damage in the middle of the log is reported when it is reached.
    public init(path: String, options: LogOptions = .default) throws(NavTapeError) {
        self.path = path
        reader = try translating(path: path) { try EventLogReader(path: path, options: options) }
        let metadata = reader.header.metadata
        do {
            sessionDescription = try SessionDescription(decoding: metadata)
        } catch {
            throw NavTapeError(.dataError, path: path, "session description in the header: \(error)")
        }
    }

    /// The number of whole events in the log.
    public var eventCount: UInt64 { reader.recordCount }
    /// The time of the first event.
    public var firstTime: Int64? { reader.firstTimestamp }
    /// The time of the last event.
    public var lastTime: Int64? { reader.lastTimestamp }
    /// The event counts at which checkpoints were written.
    public var checkpointIndices: [UInt64] { reader.checkpointRecordIndices }

    /// Picks up events appended since the log was opened (for following a live recording).
    public func refresh() throws(NavTapeError) {
        try translating(path: path) { try reader.refresh() }
    }

    /// The state before any event.
    public var initialState: NavigationState {
        NavigationState(style: sessionDescription.style, traits: sessionDescription.initialTraits)
    }

    /// The state after event `index`, the one `navtape log` prints as `@index` and ``RecordedEvent/index``
    /// holds (it includes that event): `state(at: index + 1)`, as the CLI's `--at index` shows.
    public func state(afterEvent index: UInt64) throws(NavTapeError) -> NavigationState {
        try state(at: index == .max ? index : index + 1)
    }

    /// The state after the first `count` events.
    /// - Complexity: one checkpoint decode plus at most one checkpoint interval of `evolve` calls.
    public func state(at count: UInt64) throws(NavTapeError) -> NavigationState {
        guard count <= eventCount else {
            throw NavTapeError(.invalidArgument, path: path, "event \(count) is past the end (\(Plural.count(eventCount, "event")))")
        }
        if let gap = gap(strictlyContaining: count) { throw lost(gap) }
        var (start, state) = try nearestCheckpoint(atOrBefore: count)
        try fold(from: start, to: count, into: &state)
        return state
    }

    /// The time of event `index`, or `nil` for none (for the last event of a gap, the time the
    /// checkpoint ending it holds).
    public func time(ofEvent index: UInt64) throws(NavTapeError) -> Int64? {
        try translating(path: path) { try reader.timestamp(at: index) }
    }

    /// The number of events with a time at or before `time`.
    public func count(atTime time: Int64) throws(NavTapeError) -> UInt64 {
        let index = try translating(path: path) { try reader.recordIndex(atOrBefore: time) }
        return index.map { $0 + 1 } ?? 0
    }

    /// The state after every event at or before `time` (milliseconds since the Unix epoch).
    public func state(atTime time: Int64) throws(NavTapeError) -> NavigationState {
        try state(at: count(atTime: time))
    }

    /// The checkpointed state at or before `count`, or the initial state.
    func nearestCheckpoint(atOrBefore count: UInt64) throws(NavTapeError) -> (UInt64, NavigationState) {
        guard let checkpoint = try translating(path: path, { try reader.checkpoint(atOrBefore: count) }) else {
            return (0, initialState)
        }
        do {
            let state = try CheckpointCodec.decode(checkpoint.payload, reusingNames: checkpointNames).state
            checkpointNames = state.names
            return (checkpoint.recordIndex, state)
        } catch {
            throw NavTapeError(.dataError, path: path, "checkpoint at event \(checkpoint.recordIndex): \(error)")
        }
    }

    /// The stored payload of the checkpoint at exactly `index`, if there is one.
    func checkpointPayload(at index: UInt64) throws(NavTapeError) -> [UInt8]? {
        guard let checkpoint = try translating(path: path, { try reader.checkpoint(atOrBefore: index) }),
            checkpoint.recordIndex == index
        else { return nil }
        return checkpoint.payload
    }

    /// The gap (``gaps``) that `count` falls strictly inside: no state is known there.
    func gap(strictlyContaining count: UInt64) -> Range<UInt64>? {
        reader.gaps.first { $0.lowerBound < count && count < $0.upperBound }
    }

    /// The first count at or after `count` with a known state: `count`, or the end of the gap it
    /// falls inside.
    @usableFromInline
    func resumption(at count: UInt64) -> UInt64 { gap(strictlyContaining: count)?.upperBound ?? count }

    /// The state the log resumes from at the end of each gap inside `start ..< end`, by the index of
    /// the first event after it: read before a pass over the events, which cannot read the log again
    /// while it runs (one reader, one buffer).
    @usableFromInline
    func resumedStates(from start: UInt64, to end: UInt64?) throws(NavTapeError) -> [UInt64: NavigationState] {
        var states: [UInt64: NavigationState] = [:]
        for gap in reader.gaps where gap.upperBound > start && gap.upperBound < (end ?? UInt64.max) {
            states[gap.upperBound] = try state(resumingAfter: gap)
        }
        return states
    }

    /// The state the log resumes from after `gap`: its closing checkpoint's.
    private func state(resumingAfter gap: Range<UInt64>) throws(NavTapeError) -> NavigationState {
        try nearestCheckpoint(atOrBefore: gap.upperBound).1
    }

    /// The state after a jump to event `index` in a pass over the events (a gap's end).
    @usableFromInline
    func resumed(at index: UInt64, in states: [UInt64: NavigationState]) throws(NavTapeError) -> NavigationState {
        guard let state = states[index] else {
            throw NavTapeError(.dataError, path: path, "event \(index) follows a gap that no checkpoint resumes")
        }
        return state
    }

    /// The error for a state asked inside `gap`.
    func lost(_ gap: Range<UInt64>) -> NavTapeError {
        NavTapeError(
            .dataError, path: path,
            "events \(gap.lowerBound)..<\(gap.upperBound) were lost to damage (a repair resumed the log from its checkpoint at \(gap.upperBound))")
    }

    /// Folds events `start ..< end` into `state`: read, check, decompress, decode and evolve, fused,
    /// a block at a time (no timestamps, no call per record but the decoder's). Across a gap
    /// (``gaps``) the state becomes the checkpoint's at its end.
    public func fold(from start: UInt64, to end: UInt64, into state: inout NavigationState) throws(NavTapeError) {
        var start = start
        for gap in reader.gaps where gap.upperBound > start && gap.lowerBound < end {
            try foldRecords(from: start, to: gap.lowerBound, into: &state)
            guard gap.upperBound <= end else { throw lost(gap) }
            state = try self.state(resumingAfter: gap)
            start = gap.upperBound
        }
        try foldRecords(from: start, to: end, into: &state)
    }

    /// ``fold(from:to:into:)`` over records only (no gap between `start` and `end`).
    private func foldRecords(from start: UInt64, to end: UInt64, into state: inout NavigationState) throws(NavTapeError) {
        guard start < end else { return }
        let path = self.path
        var failure: NavTapeError?
        // Nothing but the steps sees the state until the loop ends, so they skip the check.
        try state.withControllersKnownUnique { (state: inout NavigationState) throws(NavTapeError) in
            try translating(path: path) {
                try reader.forEachRecordBatch(from: start, to: end) { batch in
                    do throws(CodecError) {
                        try EventCodec.decodeAndEvolve(&batch, into: &state)
                    } catch {
                        failure = NavTapeError(error, path: path, index: batch.index &- 1)
                        return false
                    }
                    return true
                }
            }
        }
        if let failure { throw failure }
    }

    /// Folds events `start ..< end` into `state` at replay speed (``fold(from:to:into:)``'s fused
    /// read, decode and evolve: no event value is built), calling `body` after each event with its
    /// index, its record's bytes (for a caller that wants the event only now and then:
    /// ``EventCodec`` decodes them) and the state after it, which `body` must not change (it is
    /// lent `inout` only so that it is not copied for every call), nor keep or change a copy of (the
    /// steps skip their uniqueness check: ``NavigationCore/NavigationState/withControllersKnownUnique(_:)``).
    /// `state` starts as the state at `start`; past a gap it becomes the checkpoint's the log
    /// resumes from, as in ``run(_:from:to:)`` (a shared value: from there the steps check again).
    func fold(
        from start: UInt64, to end: UInt64, into state: inout NavigationState,
        watching body: (_ index: UInt64, _ record: UnsafeRawBufferPointer, _ state: inout NavigationState) throws(CodecError) -> Void
    ) throws(NavTapeError) {
        let resumedStates = try resumedStates(from: start, to: end)
        var next = resumption(at: Swift.min(start, eventCount))
        let path = self.path
        var failure: NavTapeError?
        try state.withControllersKnownUnique { (state: inout NavigationState) throws(NavTapeError) in
            try translating(path: path) {
                try reader.forEachRecordBatch(from: start, to: end) { batch in
                    if resumedStates.isEmpty {
                        // No gap in the range: the records follow one another from `start`, and
                        // the codec folds the batch in one loop.
                        do throws(CodecError) {
                            try EventCodec.decodeAndEvolve(&batch, into: &state, watching: body)
                        } catch {
                            failure = NavTapeError(error, path: path, index: batch.index &- 1)
                            return false
                        }
                        return true
                    }
                    while let record = batch.next() {
                        let index = batch.index &- 1
                        do throws(NavTapeError) {
                            _ = try step(index, record, &state, next: &next, resumedStates: resumedStates) { state throws(CodecError) in
                                try body(index, record, &state)
                                return true
                            }
                        } catch {
                            failure = error
                            return false
                        }
                    }
                    return true
                }
            }
        }
        if let failure { throw failure }
    }

    /// ``fold(from:to:into:watching:)`` with each event's time, for a caller that reports when
    /// things happened; `body` returns `false` to stop. Each record costs a call and its timestamp,
    /// which the batch form spares a fold.
    func fold(
        from start: UInt64, to end: UInt64, into state: inout NavigationState,
        timed body: (_ index: UInt64, _ time: Int64, _ record: UnsafeRawBufferPointer, _ state: inout NavigationState) throws(CodecError) -> Bool
    ) throws(NavTapeError) {
        let resumedStates = try resumedStates(from: start, to: end)
        var next = resumption(at: Swift.min(start, eventCount))
        var failure: NavTapeError?
        try state.withControllersKnownUnique { (state: inout NavigationState) throws(NavTapeError) in
            try translating(path: path) {
                try reader.forEachRecord(from: start, to: end) { index, time, record in
                    do throws(NavTapeError) {
                        return try step(index, record, &state, next: &next, resumedStates: resumedStates) { state throws(CodecError) in
                            try body(index, time, record, &state)
                        }
                    } catch {
                        failure = error
                        return false
                    }
                }
            }
        }
        if let failure { throw failure }
    }

    /// One event of a watched fold: the state the log resumes from past a gap, the fused step,
    /// then `body` with the state after it; a codec error names the event.
    @inline(__always)
    private func step(
        _ index: UInt64, _ record: UnsafeRawBufferPointer, _ state: inout NavigationState,
        next: inout UInt64, resumedStates: [UInt64: NavigationState],
        _ body: (inout NavigationState) throws(CodecError) -> Bool
    ) throws(NavTapeError) -> Bool {
        if index != next { state = try resumed(at: index, in: resumedStates) }
        next = index &+ 1
        do throws(CodecError) {
            _ = try EventCodec.decodeAndEvolve(record, into: &state)
            return try body(&state)
        } catch {
            throw NavTapeError(error, path: path, index: index)
        }
    }

    /// Calls `body` for events `start ..< end` (all by default) with each event decoded; return
    /// `false` to stop.
    public func forEachEvent(
        from start: UInt64 = 0, to end: UInt64? = nil,
        _ body: (RecordedEvent) throws -> Bool
    ) throws(NavTapeError) {
        try forEachLentEvent(from: start, to: end) { recorded in try body(recorded) }
    }

    /// ``forEachEvent(from:to:_:)`` lending each event: `body` may take the event out (swap it
    /// into a value of its own) instead of copying it, as the projection runner does.
    @usableFromInline
    func forEachLentEvent(
        from start: UInt64 = 0, to end: UInt64? = nil,
        _ body: (inout RecordedEvent) throws -> Bool
    ) throws(NavTapeError) {
        let path = self.path
        var failure: NavTapeError?
        var decoder = EventDecoder()
        try translating(path: path) {
            try reader.forEachRecord(from: start, to: end) { index, time, record in
                let decoded: (event: NavigationEvent, startsCommit: Bool)
                do throws(CodecError) {
                    decoded = try decoder.decode(record)
                } catch {
                    failure = NavTapeError(error, path: path, index: index)
                    return false
                }
                var recorded = RecordedEvent(index: index, time: time, event: decoded.event, startsCommit: decoded.startsCommit)
                return try body(&recorded)
            }
        }
        if let failure { throw failure }
    }

    /// Events `start ..< end`, decoded.
    public func events(from start: UInt64, to end: UInt64) throws(NavTapeError) -> [RecordedEvent] {
        var result: [RecordedEvent] = []
        try forEachEvent(from: start, to: end) {
            result.append($0); return true
        }
        return result
    }

    /// Calls `body` with each event and the state after it, from `start` (default 0) to the end.
    public func replay(
        from start: UInt64 = 0, to end: UInt64? = nil,
        _ body: (RecordedEvent, NavigationState) throws -> Bool
    ) throws(NavTapeError) {
        var next = resumption(at: Swift.min(start, eventCount))
        var state = try self.state(at: next)
        let resumedStates = try resumedStates(from: next, to: end)
        try forEachEvent(from: start, to: end) { recorded in
            // Past a gap, from the checkpoint the log resumes at.
            if recorded.index != next { state = try resumed(at: recorded.index, in: resumedStates) }
            next = recorded.index + 1
            if recorded.event.growsState, let failure = capFailure(recorded, in: state) { throw failure }
            state.evolve(recorded.event)
            return try body(recorded, state)
        }
    }

    /// The error for `recorded` if it passes a cap of `state` (``NavigationCore/NavigationState/Limits``),
    /// as the fused fold (``fold(from:to:into:)``) reports it: what every replay of a forged log meets.
    @usableFromInline
    func capFailure(_ recorded: RecordedEvent, in state: NavigationState) -> NavTapeError? {
        guard let problem = state.limitProblem(recorded.event) else { return nil }
        return NavTapeError(CodecError(.tooLarge, at: 0, "\(recorded.event.kind.name): \(problem)"), path: path, index: recorded.index)
    }

    /// The index at which the commit containing event `index` starts.
    public func commitStart(atOrBefore index: UInt64) throws(NavTapeError) -> UInt64 {
        guard index > 0 else { return 0 }
        let from = index >= 256 ? index - 256 : 0
        var start = from
        try forEachEvent(from: from, to: Swift.min(index + 1, eventCount)) { recorded in
            if recorded.startsCommit { start = recorded.index }
            return true
        }
        return start
    }

    // MARK: cursor

    /// Moves the cursor to `count` and returns the state there.
    public func seek(to count: UInt64) throws(NavTapeError) -> NavigationState {
        let state = try state(at: count)
        position = count
        return state
    }

    /// The state one event later (stays at the end).
    public func stepForward() throws(NavTapeError) -> NavigationState { try seek(to: Swift.min(position + 1, eventCount)) }
    /// The state one event earlier (stays at the start).
    public func stepBack() throws(NavTapeError) -> NavigationState { try seek(to: position == 0 ? 0 : position - 1) }
    /// The state before the first event.
    public func first() throws(NavTapeError) -> NavigationState { try seek(to: 0) }
    /// The state after the last event.
    public func last() throws(NavTapeError) -> NavigationState { try seek(to: eventCount) }
}
