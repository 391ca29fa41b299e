import NavigationCore

/// One command's events: the first is marked ``RecordedEvent/startsCommit`` (a log's first event
/// always starts one), the rest follow until the next such event.
public struct Commit: Sendable {
    /// The events, in log order (never empty).
    public var events: [RecordedEvent]

    /// The index of the commit's first event.
    public var first: UInt64 { events[0].index }
    /// The index after the commit's last event.
    public var end: UInt64 { events[events.count - 1].index + 1 }
}

extension RecordedEvent {
    /// Whether this event is the first of a commit: marked so, or the log's first event.
    public var opensCommit: Bool { startsCommit || index == 0 }
}

/// A cursor over a log's commits, forward and back from any point, holding one commit at a time:
/// what `navtape log`, the inspector's pages and its live stream read commit by commit.
public struct CommitCursor {
    /// The log.
    public let machine: TimeMachine
    /// The first event of the commit ``next()`` returns (the log's end when none is left).
    public private(set) var position: UInt64

    /// A cursor at the start of the commit holding event `event` (at the end for `event` past it).
    public init(_ machine: TimeMachine, at event: UInt64 = 0) throws(NavTapeError) {
        self.machine = machine
        position = event >= machine.eventCount ? machine.eventCount : try machine.commitStart(atOrBefore: event)
    }

    /// The commit at the cursor, moving past it; `nil` at the end of the log.
    public mutating func next() throws(NavTapeError) -> Commit? {
        guard position < machine.eventCount else { return nil }
        var events: [RecordedEvent] = []
        try machine.forEachEvent(from: position) { recorded in
            if !events.isEmpty && recorded.opensCommit { return false }
            events.append(recorded)
            return true
        }
        guard !events.isEmpty else { return nil }
        position = events[events.count - 1].index + 1
        return Commit(events: events)
    }

    /// The commit before the cursor, moving back onto its start; `nil` at the start of the log.
    public mutating func previous() throws(NavTapeError) -> Commit? {
        guard position > 0, let start = try machine.commitStarts(before: position, count: 1).first else { return nil }
        let events = try machine.events(from: start, to: position)
        position = start
        return events.isEmpty ? nil : Commit(events: events)
    }
}

extension TimeMachine {
    /// The first events of the last `count` commits that start before event `end`, oldest first:
    /// read backwards in growing spans, so it costs about the span of those commits, not the log.
    public func commitStarts(before end: UInt64, count: Int) throws(NavTapeError) -> [UInt64] {
        var span: UInt64 = 4_096
        while true {
            let start = end > span ? end - span : 0
            var starts: [UInt64] = []
            try forEachEvent(from: start, to: end) { recorded in
                if recorded.opensCommit { starts.append(recorded.index) }
                return true
            }
            if starts.count >= count || start == 0 { return Array(starts.suffix(count)) }
            span *= 4
        }
    }

    /// The first event of the commit after the first `count` commits from event `from` (or the log's end).
    public func commitEnd(from: UInt64, count: Int) throws(NavTapeError) -> UInt64 {
        var seen = 0, end = eventCount
        try forEachEvent(from: from) { recorded in
            guard recorded.opensCommit else { return true }
            if seen == count {
                end = recorded.index
                return false
            }
            seen += 1
            return true
        }
        return end
    }

    /// About `count` commits around the one holding event `event`, about half on each side, found by
    /// reading near it only: the events from the first one's start to the last one's end.
    public func commitWindow(holding event: UInt64, count: Int) throws(NavTapeError) -> Range<UInt64> {
        let starts = try commitStarts(before: event + 1, count: count / 2 + 1)
        let first = starts.first ?? event, holding = starts.last ?? event
        return first..<(try commitEnd(from: holding, count: count - starts.count + 1))
    }

    /// Calls `body` with each commit of events `from ..< to` (`from` the first event of a commit),
    /// in order, until it returns `false`. Holds one commit at a time.
    public func forEachCommit(
        from: UInt64 = 0, to end: UInt64? = nil,
        _ body: (Commit) throws(NavTapeError) -> Bool
    ) throws(NavTapeError) {
        var events: [RecordedEvent] = []
        var stopped = false
        var failure: NavTapeError?
        try forEachEvent(from: from, to: end) { recorded in
            if recorded.opensCommit && !events.isEmpty {
                do throws(NavTapeError) {
                    guard try body(Commit(events: events)) else {
                        stopped = true
                        return false
                    }
                } catch {
                    failure = error
                    return false
                }
                events.removeAll(keepingCapacity: true)
            }
            events.append(recorded)
            return true
        }
        if let failure { throw failure }
        if !stopped && !events.isEmpty { _ = try body(Commit(events: events)) }
    }

    /// The number of commits in the log (one pass over the events).
    public func commitCount() throws(NavTapeError) -> Int {
        var count = 0
        try forEachEvent { recorded in
            if recorded.opensCommit { count += 1 }
            return true
        }
        return count
    }

    /// The last event before point `count` (the state after `count` events), or `nil` at the start.
    public func lastEvent(before count: UInt64) throws(NavTapeError) -> RecordedEvent? {
        guard count > 0 else { return nil }
        return try events(from: count - 1, to: count).first
    }
}
