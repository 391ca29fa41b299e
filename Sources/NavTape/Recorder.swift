import EventLog
import NavigationCodec
import NavigationCore

/// One event of a recording with its position and time.
public struct RecordedEvent: Hashable, Sendable {
    /// The event's index in the log (0-based).
    public var index: UInt64
    /// When it happened, in milliseconds since the Unix epoch.
    public var time: Int64
    /// The event.
    public var event: NavigationEvent
    /// Whether it is the first event of its commit (the events one command produced).
    public var startsCommit: Bool

    /// Creates a recorded event.
    public init(index: UInt64, time: Int64, event: NavigationEvent, startsCommit: Bool) {
        self.index = index
        self.time = time
        self.event = event
        self.startsCommit = startsCommit
    }
}

/// Recording options.
public struct RecorderOptions: Sendable {
    /// A checkpoint (the full state and its hash) is written after the commit that reaches this
    /// many events since the last one. Smaller means faster seeks and a larger file.
    public var checkpointInterval: Int
    /// The log's block and group-commit options.
    public var log: LogOptions
    /// How many recent events ``Recorder/recentEvents`` keeps.
    public var recentCapacity: Int
    /// How a new log appears at its path: at once and growing (`Publication.live`, the default), or
    /// whole when closed (`Publication.whole`: a failure leaves the old file or nothing).
    public var publication: Publication
    /// Whether a new log may replace a regular file at its path that no writer holds.
    public var replacesExisting: Bool

    /// Checkpoints every 4,096 events (43 µs median seeks in a 10 M-event log in the C prototype).
    public init(
        checkpointInterval: Int = 4_096, log: LogOptions = .default, recentCapacity: Int = 64,
        publication: Publication = .live, replacesExisting: Bool = false
    ) {
        self.checkpointInterval = Swift.max(1, checkpointInterval)
        self.log = log
        self.recentCapacity = recentCapacity
        self.publication = publication
        self.replacesExisting = replacesExisting
    }
}

/// Commands in, events out: `decide` under the session's policy, append to the log, update the
/// live state, tell subscribers.
///
/// An event is acknowledged once ``sync()`` (or the log's group commit, or ``close()``) has made
/// its block durable; ``acknowledgedCount`` says how many are.
public final class Recorder {
    /// The log file.
    public let path: String
    /// The session's description (initial traits, policy, device).
    public let sessionDescription: SessionDescription
    /// The live state: the fold of every event recorded so far.
    public private(set) var state: NavigationState
    /// The most recent events, oldest first.
    public var recentEvents: [RecordedEvent] {
        Array(recent[recentStart...] + recent[..<recentStart])
    }
    /// A ring of the last ``RecorderOptions/recentCapacity`` events; `recentStart` is the oldest.
    private var recent: [RecordedEvent] = []
    private var recentStart = 0
    private let writer: EventLogWriter
    private let options: RecorderOptions
    private var eventsSinceCheckpoint = 0
    private var lastTime: Int64
    private var subscribers: [Int: AsyncStream<(RecordedEvent, NavigationState)>.Continuation] = [:]
    /// A delegate written in Swift, given at creation; it answers until the session changes its
    /// policy (a `setPolicy` command), when the data policy takes over.
    private let swiftDelegate: (any SplitViewDelegate)?
    private var nextSubscriber = 0
    private var scratch: [UInt8] = []

    /// Creates a new log at `path` for a session set up as `setup` and records the setup commands
    /// (creating and installing the split's children) at `startTime`.
    public convenience init(
        creating path: String, setup: SessionSetup, sessionID: String, startTime: Int64,
        options: RecorderOptions = RecorderOptions()
    ) throws(NavTapeError) {
        try self.init(
            creating: path, description: setup.sessionDescription, sessionID: sessionID,
            startTime: startTime, options: options)
        for command in try setup.commands() { try send(command, at: startTime) }
    }

    /// Creates a new log at `path` for a session whose split's delegate is `delegate`, written in
    /// Swift (a `SplitPolicy` is stored whole; any other delegate is named in the
    /// log header, and a what-if of the log needs it again), set up as `setup`.
    public convenience init(
        creating path: String, setup: SessionSetup, delegate: any SplitViewDelegate, sessionID: String,
        startTime: Int64, options: RecorderOptions = RecorderOptions()
    ) throws(NavTapeError) {
        var description = setup.sessionDescription
        description.policy = delegate as? SplitPolicy ?? .swiftDelegate(named: delegate.name)
        try self.init(
            creating: path, description: description, sessionID: sessionID, startTime: startTime,
            options: options, delegate: delegate)
        for command in try setup.commands() { try send(command, at: startTime) }
    }

    /// Creates a new, empty log at `path` (a branch when `parent` names the session and event index
    /// it forks from), deciding with `delegate` (a Swift delegate; by default the description's
    /// policy).
    public init(
        creating path: String, description: SessionDescription, sessionID: String, startTime: Int64,
        parent: (sessionID: String, forkIndex: UInt64)? = nil, initialState: NavigationState? = nil,
        options: RecorderOptions = RecorderOptions(), delegate: (any SplitViewDelegate)? = nil
    ) throws(NavTapeError) {
        swiftDelegate = delegate is SplitPolicy ? nil : delegate
        for (name, value) in zip(SessionOrigin.fieldNames, description.origin.fields) {
            if let value, let problem = SessionOrigin.problem(with: value) {
                throw NavTapeError(.invalidArgument, path: path, "the session's \(name): \(problem)")
            }
        }
        let header = LogHeader(
            sessionID: sessionID, device: description.device, startTimeMilliseconds: startTime,
            parentSessionID: parent?.sessionID ?? "", forkIndex: parent?.forkIndex ?? 0,
            metadata: description.encode())
        self.path = path
        self.sessionDescription = description
        self.options = options
        self.lastTime = startTime
        self.state = initialState ?? NavigationState(style: description.style, traits: description.initialTraits)
        self.writer = try translating(path: path) {
            try EventLogWriter.create(
                at: path, header: header, options: options.log, publication: options.publication,
                replacing: options.replacesExisting)
        }
        if initialState != nil {
            // A branch starts from its parent's state: checkpoint it so seeks never need the parent.
            try translating(path: path) { _ = try writer.appendCheckpoint(checkpoint(of: state)) }
        }
    }

    /// Reopens an existing log to append: recovers a torn tail, then rebuilds the live state from
    /// the last checkpoint and the events after it. A session decided by a Swift delegate needs it
    /// again (`delegate`).
    public init(
        resuming path: String, options: RecorderOptions = RecorderOptions(),
        delegate: (any SplitViewDelegate)? = nil
    ) throws(NavTapeError) {
        swiftDelegate = delegate is SplitPolicy ? nil : delegate
        let (writer, _) = try translating(path: path) { try EventLogWriter.openForAppend(at: path, options: options.log) }
        self.writer = writer
        self.path = path
        self.options = options
        let machine = try TimeMachine(path: path, options: options.log)
        self.sessionDescription = machine.sessionDescription
        self.state = try machine.state(at: machine.eventCount)
        self.lastTime = machine.lastTime ?? writer.header.startTimeMilliseconds
    }

    /// The number of events recorded (appended, acknowledged or not).
    public var eventCount: UInt64 { writer.recordCount }

    /// The commands (commits) this recorder appended, the setup's included: the count `navtape
    /// stats` and `conformance` give for a log it created.
    public private(set) var commitCount = 0

    /// The number of events that are durable on disk.
    public var acknowledgedCount: UInt64 { writer.acknowledgedCount }

    /// The data policy in effect: the session's, or the one it changed to.
    public var policy: SplitPolicy { state.policy(session: sessionDescription.policy) }

    /// The delegate the next command is decided by: the Swift delegate given at creation until the
    /// session changes its policy, else ``policy``.
    public var delegate: any SplitViewDelegate {
        if let swiftDelegate, state.policy == nil { return swiftDelegate }
        return policy
    }

    /// Decides `command` at `time` (milliseconds; never earlier than the previous command), appends
    /// its events as one commit and returns them.
    ///
    /// - Throws: ``NavTapeError`` `.invalidArgument` for a session decided by a Swift delegate that
    ///   was not given again; the log's errors as they come.
    @discardableResult
    public func send(_ command: NavigationCommand, at time: Int64) throws(NavTapeError) -> [NavigationEvent] {
        try send(command, at: time) { _, _, _ throws(NavTapeError) in [] }
    }

    /// Decides `command` at `time` as ``send(_:at:)`` does, then lets `amend` add events to the same
    /// commit before anything is appended: it gets the state before, the decided events, and the
    /// state after them, which it evolves by what it adds (a capture's divergences from what UIKit
    /// showed). Nothing is appended when `amend` throws.
    @discardableResult
    public func send(
        _ command: NavigationCommand, at time: Int64,
        amending amend: (_ before: NavigationState, _ decided: [NavigationEvent], _ after: inout NavigationState)
            throws(NavTapeError) -> [NavigationEvent]
    ) throws(NavTapeError) -> [NavigationEvent] {
        let delegate = self.delegate
        if let policy = delegate as? SplitPolicy, policy.isSwiftDelegate {
            throw NavTapeError(
                .invalidArgument, path: path,
                "this session's delegate is Swift code (\(policy.name)): give it again to decide more commands")
        }
        var next = state
        let decided = Navigation.send(command, to: &next, delegate: delegate)
        let events = decided + (try amend(state, decided, &next))
        try append(events, at: time, resulting: next)
        return events
    }

    /// Appends events decided elsewhere (a re-decided branch) as one commit; `resulting` is the
    /// state after them.
    package func append(_ events: [NavigationEvent], at time: Int64, resulting: NavigationState) throws(NavTapeError) {
        guard time >= lastTime else {
            throw NavTapeError(.invalidArgument, path: path, "time \(time) is before the previous event's \(lastTime)")
        }
        var live: NavigationState? = subscribers.isEmpty ? nil : state
        for (i, event) in events.enumerated() {
            scratch.removeAll(keepingCapacity: true)
            EventCodec.encode(event, startsCommit: i == 0, into: &scratch)
            let index = try translating(path: path) { try writer.append(timestamp: time, record: scratch) }
            let recorded = RecordedEvent(index: index, time: time, event: event, startsCommit: i == 0)
            remember(recorded)
            if var current = live {
                current.evolve(event)
                for continuation in subscribers.values { continuation.yield((recorded, current)) }
                live = current
            }
        }
        lastTime = time
        state = resulting
        if !events.isEmpty { commitCount += 1 }
        eventsSinceCheckpoint += events.count
        if eventsSinceCheckpoint >= options.checkpointInterval {
            try translating(path: path) { _ = try writer.appendCheckpoint(checkpoint(of: state)) }
            eventsSinceCheckpoint = 0
        }
    }

    /// The checkpoint of `state`, decoded once before it is written: a checkpoint the reader would
    /// refuse is never written (`.dataError` naming the event it follows).
    private func checkpoint(of state: NavigationState) throws(NavTapeError) -> [UInt8] {
        let bytes = CheckpointCodec.encode(state)
        do throws(CodecError) {
            _ = try CheckpointCodec.decode(bytes)
        } catch {
            throw NavTapeError(.dataError, path: path, "the state after \(Plural.count(eventCount, "event")) cannot be read back: \(error)")
        }
        return bytes
    }

    /// Resumes the log after a gap (docs/FileFormat.md, "Gaps"): the events before `index` that it
    /// does not hold were lost, and the state from `index` on is `state`, at `time` (what an import of
    /// a repaired log's export writes again).
    /// - Throws: ``NavTapeError`` `.invalidArgument` for an `index` not past ``eventCount`` or a time
    ///   before the last event's; the log's errors as they come.
    package func resume(at index: UInt64, state resumed: NavigationState, time: Int64) throws(NavTapeError) {
        guard time >= lastTime else {
            throw NavTapeError(.invalidArgument, path: path, "time \(time) is before the previous event's \(lastTime)")
        }
        let bytes = try checkpoint(of: resumed)
        try translating(path: path) { try writer.resume(at: index, checkpoint: bytes, timestamp: time) }
        state = resumed
        lastTime = time
        eventsSinceCheckpoint = 0
    }

    /// Writes a checkpoint of `state` now, storing `hash` instead of the state's own hash when given
    /// (tests forge hashes to check verification).
    func writeCheckpoint(_ state: NavigationState, hash: UInt64? = nil) throws(NavTapeError) {
        try translating(path: path) { _ = try writer.appendCheckpoint(CheckpointCodec.encode(state, hash: hash)) }
        eventsSinceCheckpoint = 0
    }

    private func remember(_ recorded: RecordedEvent) {
        guard options.recentCapacity > 0 else { return }
        if recent.count < options.recentCapacity {
            recent.append(recorded)
        } else {
            // Overwrite the oldest in place: O(1) per event instead of shifting the window.
            recent[recentStart] = recorded
            recentStart = (recentStart + 1) % recent.count
        }
    }

    /// A stream of every event recorded from now on, with the state after it.
    public func updates() -> AsyncStream<(RecordedEvent, NavigationState)> {
        let (stream, continuation) = AsyncStream<(RecordedEvent, NavigationState)>.makeStream()
        subscribers[nextSubscriber] = continuation
        nextSubscriber += 1
        return stream
    }

    /// Makes every appended event durable; returns the acknowledged count.
    @discardableResult
    public func sync() throws(NavTapeError) -> UInt64 {
        try translating(path: path) { try writer.sync() }
    }

    /// Gives the recording up after a failure: a log published whole never appears at its path; a
    /// live one is closed without a final checkpoint and removed.
    public func abandon() {
        writer.abandon()
        if options.publication == .live { LogFiles.remove(path) }
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }

    /// Syncs, writes a final checkpoint when events followed the last one, and closes the log.
    public func close() throws(NavTapeError) {
        if eventsSinceCheckpoint > 0 {
            try translating(path: path) { _ = try writer.appendCheckpoint(checkpoint(of: state)) }
            eventsSinceCheckpoint = 0
        }
        try translating(path: path) { try writer.close() }
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }
}
