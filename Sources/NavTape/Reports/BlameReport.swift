import NavigationCodec
import NavigationCore
import NavigationProjections

/// Which event set a part of the state, and its changes before that point, as `navtape blame
/// --json` and the server's `…/blame` give it (docs/JSON.md, "Blame").
public struct BlameReport: Codable, Hashable, Sendable {
    /// One change of the part.
    public struct Change: Codable, Hashable, Sendable {
        /// The event that made it.
        public var index: UInt64
        /// When, in milliseconds since the epoch.
        public var time: Int64
        /// The event's kind.
        public var event: String
        /// The event in words.
        public var text: String
        /// The part's value before it, in words.
        public var before: String
        /// The part's value after it.
        public var after: String
    }

    /// Always `blame`.
    public var type = "blame"
    /// The log.
    public var log: String
    /// The part, as asked (`secondary`, `MN`, …).
    public var what: String
    /// The last event applied at the point (`nil` at the start).
    public var event: UInt64?
    /// The events applied at the point.
    public var events: UInt64
    /// The part's value there, in words.
    public var value: String
    /// The change that set it, if it changed in the traced span.
    public var setBy: Change?
    /// The last changes (at most the limit asked), oldest first.
    public var history: [Change]
    /// How many changes there were in the traced span.
    public var changes: Int
    /// The event the trace started after (`nil`: the start of the log).
    public var from: UInt64?

    /// Traces `what` (``StatePart/init(naming:in:)``) through events `start ..< count` of `machine`'s
    /// log, keeping the last `limit` changes; `observe` is called with the events done every 1,024
    /// events and at the end (progress).
    /// - Throws: ``NavTapeError`` `.invalidArgument` when `what` names nothing in the state there.
    public init(
        _ what: String, in machine: TimeMachine, at count: UInt64, from start: UInt64 = 0, limit: Int = 1_000,
        observe: ((UInt64) -> Void)? = nil
    ) throws(NavTapeError) {
        let state = try machine.state(at: count)
        let part = try StatePart(naming: what, in: state, log: machine.path)
        // At replay speed: the fused fold and no event value (a part such as the secondary column
        // changes at one event in four); the kept changes' events, times and summaries are read
        // after the pass.
        var blame = Blame(part, keepingLast: limit, summaries: false)
        var traced = try machine.state(at: machine.resumption(at: Swift.min(start, machine.eventCount)))
        blame.start(from: traced)
        try machine.fold(from: start, to: count, into: &traced) { index, record, state throws(CodecError) in
            blame.consume(index: index, time: 0, lent: &state) { Self.unread }
            if (index &- start) & 0x3FF == 0x3FF { observe?(index &- start &+ 1) }
        }
        if count > start { observe?(count - start) }
        let kept = try Self.summarized(blame.history, in: machine)
        func change(_ change: Blame.Change) -> Change {
            Change(
                index: change.index, time: change.time, event: change.event.kind.name,
                text: EventText.describe(change.event, in: state), before: change.beforeSummary, after: change.afterSummary)
        }
        log = machine.path
        self.what = what
        event = count == 0 ? nil : count - 1
        events = count
        value = part.value(in: state).summary(in: state)
        // The trace ran to `count`, so the change that set the value is the last one kept.
        setBy = kept.last.map(change)
        history = kept.map(change)
        changes = blame.changeCount
        from = start == 0 ? nil : start - 1
    }
}

extension BlameReport {
    /// The event a change holds until ``summarized(_:in:joiningWithin:)`` reads it from the log.
    static let unread = NavigationEvent.columnShown(.primary)

    /// `changes` (in log order) with their events, times and summaries, rendered in the state after
    /// each one's event. Changes at most `distance` events apart (a checkpoint interval by default)
    /// are read in one replay, which gives each change's event, time and state together; a run of
    /// them starts from the nearest checkpoint. Read one at a time, each change's fold and its event
    /// decompressed its block again: two thirds of `blame` on 1 M events.
    static func summarized(
        _ changes: [Blame.Change], in machine: TimeMachine, joiningWithin distance: UInt64 = UInt64(RecorderOptions().checkpointInterval)
    ) throws(NavTapeError) -> [Blame.Change] {
        var result: [Blame.Change?] = Array(repeating: nil, count: changes.count)
        var runStart = 0
        while runStart < changes.count {
            var runEnd = runStart + 1
            while runEnd < changes.count, changes[runEnd].index - changes[runEnd - 1].index <= distance { runEnd += 1 }
            var next = runStart
            try machine.replay(from: changes[runStart].index, to: changes[runEnd - 1].index + 1) { recorded, state in
                while next < runEnd, changes[next].index <= recorded.index {
                    if changes[next].index == recorded.index {
                        var summarized = Blame.summarize(changes[next], in: state)
                        summarized.event = recorded.event
                        summarized.time = recorded.time
                        result[next] = summarized
                    }
                    next += 1
                }
                return next < runEnd
            }
            runStart = runEnd
        }
        // A change the log holds no record of (none should be) keeps its unread event.
        var summarized: [Blame.Change] = []
        summarized.reserveCapacity(changes.count)
        for (change, done) in zip(changes, result) {
            if let done { summarized.append(done) } else { summarized.append(Blame.summarize(change, in: try machine.state(at: change.index + 1))) }
        }
        return summarized
    }
}

extension StatePart {
    /// The part `what` names: `displayMode`, `collapsed`, `primary`, `secondary`, `supplementary`,
    /// `presented`, `traits`, or a navigation controller (its name in `state`, or `#ID`) for its stack.
    /// - Throws: ``NavTapeError`` `.invalidArgument` naming what is wrong (in `log`).
    public init(naming what: String, in state: NavigationState, log: String) throws(NavTapeError) {
        switch what {
        case "displayMode": self = .displayMode
        case "collapsed": self = .collapsed
        case "primary": self = .column(.primary)
        case "secondary": self = .column(.secondary)
        case "supplementary": self = .column(.supplementary)
        case "presented": self = .presented
        case "traits": self = .traits
        default:
            guard let id = ControllerID(parsing: what) ?? state.controller(named: what) else {
                throw NavTapeError(
                    .invalidArgument, path: log,
                    "no controller named '\(what)' (or give displayMode, collapsed, primary, supplementary, secondary, presented, traits)")
            }
            guard state.kind(of: id) == .navigation else {
                throw NavTapeError(.invalidArgument, path: log, "\(state.name(of: id)) (\(id)) is not a navigation controller")
            }
            self = .stack(id)
        }
    }
}

/// A projection run with a callback after every event (the events consumed since `start`): how a
/// caller shows progress through a long fold.
public struct Observed<Wrapped: Projection>: Projection {
    /// The projection doing the work.
    public var wrapped: Wrapped
    private let start: UInt64
    private let observe: ((UInt64) -> Void)?

    /// Runs `wrapped`, calling `observe` with the events done since `start`.
    public init(_ wrapped: Wrapped, from start: UInt64, observe: ((UInt64) -> Void)?) {
        self.wrapped = wrapped
        self.start = start
        self.observe = observe
    }

    public mutating func start(from state: NavigationState) { wrapped.start(from: state) }

    public mutating func consume(_ context: EventContext) {
        wrapped.consume(context)
        observe?(context.index &- start &+ 1)
    }

    public var output: Wrapped.Output { wrapped.output }
}
