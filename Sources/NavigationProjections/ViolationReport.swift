import NavigationCore

/// Every classic bug (§12, BUG-n) a session triggered, with the event that triggered it, and every
/// episode during which an invariant (§1.3, INV-n) did not hold.
///
/// Bugs come from ``NavigationCore/NavigationState/bugs(after:)``, which fires once at the
/// causing event. Invariants are re-checked with
/// ``NavigationCore/NavigationState/invariantViolations()`` only after events that may change the
/// hierarchy (``EventContext/mayChangeHierarchy``); an episode is one violation — one rule about
/// one subject — from the event after which it first appears to the event after which it is gone.
/// An episode that opens and closes within one commit (a stack a delegate emptied just before UIKit
/// drops it) is not kept: the app never sees a state inside a command.
///
/// - Complexity: O(1) per event for the bug detectors; O(hierarchy) after hierarchy events.
public struct ViolationReport: Projection, Sendable {
    /// One bug, at the event that triggered it.
    public struct BugOccurrence: Hashable, Sendable, CustomStringConvertible {
        /// The index of the triggering event.
        public var index: UInt64
        /// The time of that event.
        public var time: Int64
        /// The bug, e.g. `BUG-5 #0: launched collapsed on the detail D`.
        public var violation: Violation

        /// Creates an occurrence.
        public init(index: UInt64, time: Int64, violation: Violation) {
            self.index = index
            self.time = time
            self.violation = violation
        }

        /// `@7 BUG-5 #0: …`.
        public var description: String { "@\(index) \(violation)" }
    }

    /// A span of events during which one invariant was violated for one subject.
    public struct Episode: Hashable, Sendable, CustomStringConvertible {
        /// The broken invariant, e.g. `INV-4`.
        public var rule: RuleID
        /// The controller concerned, if one.
        public var subject: ControllerID?
        /// The explanation when the episode started.
        public var message: String
        /// The index of the event after which the violation first held; `nil` if it already held
        /// in the state the projection started from.
        public var startIndex: UInt64?
        /// The time of that event.
        public var startTime: Int64?
        /// The index of the event after which the violation no longer held; `nil` while it lasts.
        public var endIndex: UInt64?
        /// The time of that event.
        public var endTime: Int64?

        /// Creates an episode.
        public init(
            rule: RuleID, subject: ControllerID?, message: String,
            startIndex: UInt64?, startTime: Int64?, endIndex: UInt64? = nil, endTime: Int64? = nil
        ) {
            self.rule = rule
            self.subject = subject
            self.message = message
            self.startIndex = startIndex
            self.startTime = startTime
            self.endIndex = endIndex
            self.endTime = endTime
        }

        /// Whether the violation still held after the last event.
        public var isOngoing: Bool { endIndex == nil }

        /// `INV-4 #3: … @12..<15` (open ends print as `…`).
        public var description: String {
            let head = subject.map { "\(rule) \($0): \(message)" } ?? "\(rule): \(message)"
            let start = startIndex.map { "\($0)" } ?? "start"
            let end = endIndex.map { "..<\($0)" } ?? "..."
            return "\(head) @\(start)\(end)"
        }
    }

    private struct Key: Hashable, Sendable {
        var rule: RuleID
        var subject: ControllerID?
    }

    /// The bugs, in log order: all of them, or the first ``bugLimit`` (see ``init(keepingBugs:)``).
    public private(set) var bugs: [BugOccurrence] = []
    /// How many bugs occurred, by rule (all of them, whatever ``bugs`` keeps).
    public private(set) var bugCounts: [RuleID: Int] = [:]
    /// How many bugs occurred in all.
    public private(set) var bugCount = 0
    /// The most occurrences ``bugs`` keeps, or `nil` for all; with a limit, ``episodes`` also keeps
    /// only the first that many ended episodes (every ongoing one stays).
    public let bugLimit: Int?
    /// How many invariant episodes ended, by rule (all of them, whatever ``episodes`` keeps).
    public private(set) var endedEpisodeCounts: [RuleID: Int] = [:]
    private var endedKept = 0
    /// The invariant episodes, in order of their start (ongoing ones included).
    public private(set) var episodes: [Episode] = []
    private var ongoing: [Key: Int] = [:]
    /// The broken invariants after the last hierarchy event, in the order the state reports them
    /// (the keys of ``ongoing``), and a buffer for the next event's: while they stay the same,
    /// nothing opens or ends, and an event costs one walk of the hierarchy and no allocation.
    private var lastKeys: [Key] = []
    private var nextKeys: [Key] = []
    /// Whether the current commit put the split on screen (for the launch detectors).
    private var launching = false
    /// The index of the first event of the current commit.
    private var commitStart: UInt64 = 0

    /// Creates an empty report that keeps every bug occurrence.
    public init() { bugLimit = nil }

    /// Creates an empty report that keeps the first `limit` bug occurrences and counts the rest, so
    /// that its memory does not grow with the log (`navtape stats` on a long session).
    public init(keepingBugs limit: Int) { bugLimit = Swift.max(0, limit) }

    /// Opens episodes for the invariants already broken before the first event.
    public mutating func start(from state: NavigationState) {
        state.forEachInvariantViolation { rule, subject, _ in lastKeys.append(Key(rule: rule, subject: subject)) }
        for violation in state.invariantViolations() {
            let key = Key(rule: violation.rule, subject: violation.subject)
            guard ongoing[key] == nil else { continue }
            ongoing[key] = episodes.count
            episodes.append(Episode(rule: violation.rule, subject: violation.subject, message: violation.message, startIndex: nil, startTime: nil))
        }
    }

    /// Records the bugs the event triggered and opens or closes invariant episodes.
    public mutating func consume(_ context: EventContext) {
        if context.startsCommit {
            launching = false
            commitStart = context.index
        }
        if case .launched = context.event { launching = true }
        // Taking controllers out (a pop, a dismissal) cannot break an invariant: INV-1, 4 and 5 are
        // about controllers present, INV-2 and 3 about the split's own fields. With none broken
        // before, none is after, and the walk is skipped.
        let checks = context.mayChangeHierarchy && !(lastKeys.isEmpty && context.onlyRemovesControllers)
        var keys = nextKeys
        nextKeys = []
        if checks {
            keys.removeAll(keepingCapacity: true)
            context.state.forEachInvariantViolation { rule, subject, _ in keys.append(Key(rule: rule, subject: subject)) }
        }
        if context.event.kind.mayRaiseBug {
            let found = context.state.bugs(after: context.event, launching: launching, invariantsHold: checks && keys.isEmpty)
            for violation in found {
                bugCount += 1
                bugCounts[violation.rule, default: 0] += 1
                if bugLimit.map({ bugs.count < $0 }) ?? true {
                    bugs.append(BugOccurrence(index: context.index, time: context.time, violation: violation))
                }
            }
        }
        guard checks else {
            nextKeys = keys
            return
        }
        if keys == lastKeys {  // the same invariants broken as after the last check: nothing opens or ends
            nextKeys = keys
            return
        }
        nextKeys = lastKeys
        lastKeys = keys
        let present = Set(keys)
        // A message is built only for an episode that opens here.
        context.state.forEachInvariantViolation { rule, subject, message in
            let key = Key(rule: rule, subject: subject)
            guard ongoing[key] == nil else { return }
            ongoing[key] = episodes.count
            episodes.append(Episode(rule: rule, subject: subject, message: message(), startIndex: context.index, startTime: context.time))
        }
        var transient: [Int] = []
        for (key, position) in ongoing where !present.contains(key) {
            episodes[position].endIndex = context.index
            episodes[position].endTime = context.time
            ongoing[key] = nil
            if !context.startsCommit, let start = episodes[position].startIndex, start >= commitStart {
                transient.append(position)
            } else {
                endedEpisodeCounts[key.rule, default: 0] += 1
                // Past the limit an ended episode is counted, not kept: memory stays flat.
                if let bugLimit, endedKept >= bugLimit { transient.append(position) } else { endedKept += 1 }
            }
        }
        guard !transient.isEmpty else { return }
        for position in transient.sorted(by: >) { episodes.remove(at: position) }
        for (key, position) in ongoing { ongoing[key] = position - transient.filter { $0 < position }.count }
    }

    /// The episodes still ongoing after the last event.
    public var ongoingEpisodes: [Episode] { episodes.filter(\.isOngoing) }

    /// The report itself.
    public var output: ViolationReport { self }
}
