import Dispatch
import EventLog
import NavigationCore
import NavigationProjections
import Synchronization

/// One session as the fleet's `sessions` table holds it (docs/JSON.md, "Facts"): the library's row
/// (``SessionSummary``) and what ties it to its log in a fleet: the day it started, the log's
/// content hash, the session it forks from.
public struct SessionFacts: Hashable, Sendable {
    /// The row `navtape query` and the library list.
    public var summary: SessionSummary
    /// A 64-bit FNV-1a hash of the log's bytes (``EventLog/EventLogReader/contentHash()``), 16 hex digits.
    public var hash: String
    /// The session a branch forks from, and the event count it forks at (`nil` for a recording).
    public var parentSession: String?
    public var forkIndex: UInt64

    /// The UTC day the session started, `YYYY-MM-DD`: the tables' partition of time.
    public var day: String { SessionFacts.day(summary.start) }

    /// The UTC day of `milliseconds` since the epoch, `YYYY-MM-DD` (proleptic Gregorian).
    public static func day(_ milliseconds: Int64) -> String {
        let days = (milliseconds >= 0 ? milliseconds : milliseconds - 86_399_999) / 86_400_000
        let (y, m, d) = SessionTime.civilFromDays(days)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = String(y)
        return String(repeating: "0", count: Swift.max(0, 4 - year.count)) + year + "-" + two(m) + "-" + two(d)
    }
}

/// One command of a session as the fleet's `moments` table holds it: where it is in the log, what
/// it was, what it raised, and the split after it.
public struct MomentFacts: Hashable, Sendable {
    /// The index of its first event, and of its last.
    public var first: UInt64
    public var last: UInt64
    /// Its time, milliseconds since the epoch.
    public var time: Int64
    /// The command's name (``NavigationCore/CommandKind``), or the first event's kind for a commit
    /// no command names.
    public var command: String
    /// The rules its events cite, in order, each once.
    public var rules: [RuleID]
    /// The bug rules it raised, once per occurrence (as ``SessionSummary/bugs`` counts them).
    public var bugs: [RuleID]
    /// Its `diverged` events.
    public var divergences: Int
    /// What each of them compared (``NavigationCore/ConformanceAspect/name``: `stack`, `collapsed`, …), in order.
    public var diverged: [String] = []
    /// Whether it changed the traits.
    public var rotation: Bool
    /// The split after it.
    public var traits: Traits
    public var collapsed: Bool
    public var displayMode: DisplayMode
    /// The length of each column's stack (1 for a column that is no navigation controller, 0 for
    /// none), `primary`, `supplementary`, `secondary`; a collapsed split's one stack is its primary.
    public var depths: (primary: Int, supplementary: Int, secondary: Int)
    /// The screen on top of each column, and of the modal (`""` for none).
    public var tops: (primary: String, supplementary: String, secondary: String, presented: String)

    public static func == (a: MomentFacts, b: MomentFacts) -> Bool {
        a.first == b.first && a.last == b.last && a.time == b.time && a.command == b.command && a.rules == b.rules
            && a.bugs == b.bugs && a.divergences == b.divergences && a.diverged == b.diverged && a.rotation == b.rotation && a.traits == b.traits
            && a.collapsed == b.collapsed && a.displayMode == b.displayMode && a.depths == b.depths && a.tops == b.tops
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(first)
        hasher.combine(time)
    }
}

/// The fold that turns a log into its facts: the session's row and one moment per command, in one
/// pass at replay speed, in memory that stays flat however long the log (`navtape facts`,
/// `navtape ingest`).
public enum Facts {
    /// The version of the facts' schema (docs/JSON.md, "Facts"; `Integrations/ClickHouse/schema.sql`).
    public static let schemaVersion = 2

    /// Reads `machine`'s log (found at `path`): calls `moment` with each command in log order, then
    /// returns the session's row. `observe` is called with the events done (progress).
    /// - Throws: ``NavTapeError`` when the log cannot be read, or what `moment` throws.
    public static func read(
        path: String, machine: TimeMachine, observe: ((UInt64) -> Void)? = nil,
        moment: (MomentFacts) throws(NavTapeError) -> Void
    ) throws(NavTapeError) -> SessionFacts {
        var fold = Observed(FactsProjection(), from: 0, observe: observe)
        var failure: NavTapeError?
        let run: Result<Void, NavTapeError> = withoutActuallyEscaping(moment) { moment in
            fold.wrapped.emit = { row in
                guard failure == nil else { return }
                do throws(NavTapeError) { try moment(row) } catch { failure = error }
            }
            defer { fold.wrapped.emit = nil }
            do throws(NavTapeError) { try machine.run(&fold) } catch { return .failure(error) }
            fold.wrapped.finish()
            return .success(())
        }
        try run.get()
        if let failure { throw failure }
        let projection = fold.wrapped
        let summary = LogSummary(
            statistics: projection.statistics, violations: projection.violations, commits: projection.commits,
            final: try machine.state(at: machine.eventCount))
        let hash = try translating(path: path) { try machine.reader.contentHash() }
        let hex = String(hash, radix: 16)
        return SessionFacts(
            summary: SessionSummary(path: path, machine: machine, summary: summary),
            hash: String(repeating: "0", count: 16 - hex.count) + hex,
            parentSession: machine.parent?.sessionID, forkIndex: machine.parent?.forkIndex ?? 0)
    }

    /// What one log gave: its rows (already handed on) or why it could not be read.
    public typealias Outcome = Result<SessionFacts, NavTapeError>

    /// Reads `paths`, `jobs` logs at a time (no new one once `sink.isStopped`), handing each log's
    /// rows to `sink` in the order of `paths` whatever order they finish in: `sink.moments(_:of:)` with the moments' rows as they
    /// come (a log's rows wait in memory, at most `bufferBytes` of them, only while an earlier log is
    /// being read), then `sink.finished(_:of:)` with the session's row or the error.
    ///
    /// `encoder` gives, for each log, what turns its moments into the bytes the sink receives
    /// (appending to a buffer).
    /// - Complexity: memory ≤ `jobs` × (`bufferBytes` + one block); every log read once.
    public static func read(
        _ paths: [String], jobs: Int, tornTail: TornTailPolicy, bufferBytes: Int = 4 << 20,
        encoder: @escaping @Sendable (TimeMachine) -> (MomentFacts, inout [UInt8]) -> Void,
        sink: some FactsSink
    ) {
        let order = OrderedOutput(count: paths.count, sink: sink)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Swift.min(Swift.max(jobs, 1), Swift.max(paths.count, 1))) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < paths.count, !sink.isStopped else { return }
                var buffer: [UInt8] = []
                buffer.reserveCapacity(1 << 16)
                let outcome: Outcome
                do throws(NavTapeError) {
                    let machine = try TimeMachine.open(paths[index], tornTail: tornTail).machine
                    let encode = encoder(machine)
                    outcome = .success(
                        try read(path: paths[index], machine: machine) { (row) throws(NavTapeError) in
                            encode(row, &buffer)
                            if buffer.count >= 1 << 16 {
                                try order.write(&buffer, of: index, limit: bufferBytes)
                            }
                        })
                } catch {
                    outcome = .failure(error)
                }
                order.finish(index, remaining: buffer, outcome: outcome)
            }
        }
    }
}

/// Where ``Facts/read(_:jobs:tornTail:bufferBytes:encoder:sink:)`` hands rows, in the logs' order.
/// Called from one thread at a time.
public protocol FactsSink: Sendable {
    /// Encoded moments of log `index`.
    func moments(_ bytes: [UInt8], of index: Int) throws(NavTapeError)
    /// The end of log `index`: its session row, or why it could not be read (or written).
    func finished(_ outcome: Facts.Outcome, of index: Int)
    /// Whether no more logs should be read (the sink failed for good).
    var isStopped: Bool { get }
}

extension FactsSink {
    /// Never: every log is read.
    public var isStopped: Bool { false }
}

/// Hands each log's output to a sink in the logs' order: the log at the head writes through, the
/// others keep theirs until the head reaches them (waiting once they hold `limit` bytes).
final class OrderedOutput<Sink: FactsSink>: Sendable {
    private struct State {
        var head = 0
        var pending: [Int: (bytes: [UInt8], outcome: Facts.Outcome?)] = [:]
        var waiting: [Int: DispatchSemaphore] = [:]
    }

    private let sink: Sink
    private let count: Int
    private let state = Mutex(State())
    /// Serializes calls into the sink.
    private let writing = Mutex(())

    init(count: Int, sink: Sink) {
        self.sink = sink
        self.count = count
    }

    /// Hands `buffer` on if log `index` is the head, else keeps it (waiting for the head once more
    /// than `limit` bytes are kept); `buffer` is emptied either way.
    func write(_ buffer: inout [UInt8], of index: Int, limit: Int) throws(NavTapeError) {
        while true {
            let (isHead, wait) = state.withLock { state -> (Bool, DispatchSemaphore?) in
                if state.head == index { return (true, nil) }
                let kept = state.pending[index]?.bytes.count ?? 0
                if kept + buffer.count <= limit {
                    state.pending[index, default: ([], nil)].bytes += buffer
                    return (false, nil)
                }
                let semaphore = DispatchSemaphore(value: 0)
                state.waiting[index] = semaphore
                return (false, semaphore)
            }
            if isHead {
                try writing.withLock { _ throws(NavTapeError) in try sink.moments(buffer, of: index) }
                buffer.removeAll(keepingCapacity: true)
                return
            }
            guard let wait else {
                buffer.removeAll(keepingCapacity: true)
                return
            }
            wait.wait()
        }
    }

    /// Log `index` is done: its last bytes and its outcome are handed on when it is the head, and
    /// with it every later log already done.
    func finish(_ index: Int, remaining: [UInt8], outcome: Facts.Outcome) {
        state.withLock { state in
            state.pending[index, default: ([], nil)].bytes += remaining
            state.pending[index]?.outcome = outcome
        }
        drain()
    }

    /// Writes what the head holds; while the head is done, moves on to the next log.
    private func drain() {
        writing.withLock { _ in
            while true {
                let item = state.withLock { state -> (index: Int, bytes: [UInt8], outcome: Facts.Outcome?)? in
                    guard state.head < count, let entry = state.pending.removeValue(forKey: state.head) else { return nil }
                    return (state.head, entry.bytes, entry.outcome)
                }
                guard let item else { return }
                var outcome = item.outcome
                if !item.bytes.isEmpty {
                    do throws(NavTapeError) { try sink.moments(item.bytes, of: item.index) } catch { outcome = .failure(error) }
                }
                guard let outcome else {
                    // The head is still being read: it writes through from now on.
                    return
                }
                sink.finished(outcome, of: item.index)
                state.withLock { state in
                    state.head += 1
                    if let waiter = state.waiting.removeValue(forKey: state.head) { waiter.signal() }
                }
            }
        }
    }
}

/// The fold of ``Facts``: the library's statistics, violations and commit count, plus one
/// ``MomentFacts`` per commit, handed to ``emit`` once the commit's last event is seen.
struct FactsProjection: Projection {
    var statistics = SessionStatistics()
    var violations = ViolationReport(keepingBugs: 10)
    var commits = 0
    var emit: ((MomentFacts) -> Void)?

    private var current: MomentFacts?
    private var seenBugCounts: [RuleID: Int] = [:]
    private var events: [NavigationEvent] = []
    private var names = NameTable()
    private var traits = Device.iPad.traits(.landscape)
    private var collapsed = false
    private var displayMode = DisplayMode.automatic
    private var depths = (primary: 0, supplementary: 0, secondary: 0)
    private var tops = (primary: "", supplementary: "", secondary: "", presented: "")

    var output: Void { () }

    mutating func start(from state: NavigationState) {
        statistics.start(from: state)
        violations.start(from: state)
        observe(state, hierarchy: true)
    }

    mutating func consume(_ context: EventContext) {
        if context.startsCommit || context.index == 0 {
            flush()
            commits += 1
            current = MomentFacts(
                first: context.index, last: context.index, time: context.time, command: "", rules: [], bugs: [], divergences: 0,
                rotation: false, traits: traits, collapsed: false, displayMode: .automatic, depths: (0, 0, 0), tops: ("", "", "", ""))
        }
        statistics.consume(context)
        let bugsBefore = violations.bugCount
        violations.consume(context)
        events.append(context.event)
        if var moment = current {
            current = nil  // uniquely referenced while it changes
            moment.last = context.index
            for rule in context.event.governingRules(in: context.state) where !moment.rules.contains(rule) { moment.rules.append(rule) }
            switch context.event {
            case .traitsChanged: moment.rotation = true
            case .diverged(let divergence):
                moment.divergences += 1
                moment.diverged.append(divergence.aspect.name)
            default: break
            }
            if violations.bugCount != bugsBefore {
                for (rule, count) in violations.bugCounts where count > seenBugCounts[rule, default: 0] {
                    moment.bugs += Array(repeating: rule, count: count - seenBugCounts[rule, default: 0])
                }
                seenBugCounts = violations.bugCounts
            }
            current = moment
        }
        observe(context.state, hierarchy: context.mayChangeHierarchy)
    }

    /// Emits the last commit, once the log has no more events.
    mutating func finish() { flush() }

    /// Keeps what a moment reports of `state` (the columns only after events that may change them).
    private mutating func observe(_ state: NavigationState, hierarchy: Bool) {
        traits = state.traits
        collapsed = state.isCollapsed
        displayMode = state.displayMode
        names = state.names
        guard hierarchy else { return }
        func column(_ id: ControllerID?) -> (depth: Int, top: String) {
            guard var id else { return (0, "") }
            let depth = state.kind(of: id) == .navigation ? state.stackCount(of: id) : 1
            var level = 0
            while state.kind(of: id) == .navigation, let top = state.top(of: id), level < 64 {
                id = top
                level += 1
            }
            return (depth, state.name(of: id))
        }
        let primary = column(state.primary), supplementary = column(state.supplementary)
        let secondary = column(state.secondary), presented = column(state.presented)
        depths = (primary.depth, supplementary.depth, secondary.depth)
        tops = (primary.top, supplementary.top, secondary.top, presented.top)
    }

    private mutating func flush() {
        defer { events.removeAll(keepingCapacity: true) }
        guard var moment = current else { return }
        current = nil
        moment.command = NavigationCommand(commit: events, names: names).map { $0.kind.name } ?? events.first.map { "\($0.kind)" } ?? ""
        moment.traits = traits
        moment.collapsed = collapsed
        moment.displayMode = displayMode
        moment.depths = depths
        moment.tops = tops
        emit?(moment)
    }
}

extension TimeMachine {
    /// The log's content hash (``EventLog/EventLogReader/contentHash()``).
    public func contentHash() throws(NavTapeError) -> UInt64 {
        try translating(path: path) { try reader.contentHash() }
    }
}
