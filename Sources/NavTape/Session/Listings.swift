import NavigationCore
import NavigationCodec
import NavigationProjections

extension TimeMachine {
    /// Calls `body` with each event of `from ..< to`, in order; the last event of each commit comes
    /// with what UIKit told the app about the whole commit (``CommitObservation``), every other
    /// with `nil`. The listing's last event ends its commit only if the log's next event starts a
    /// new one. What `navtape log` and `tail` print; memory holds one commit.
    public func forEachListedEvent(
        from: UInt64, to end: UInt64,
        _ body: (RecordedEvent, CommitObservation?, NavigationState) throws(NavTapeError) -> Void
    ) throws(NavTapeError) {
        var expected = resumption(at: from)
        var commitStart = try state(at: expected)
        let resumedStates = try resumedStates(from: expected, to: end)
        var commit: [NavigationEvent] = []
        var last: RecordedEvent?
        // The state right after `last` until the next event is folded in: its names are the ones to
        // print (a minted controller's slot may hold another by the end of the log, EX-3).
        var running = commitStart
        var failure: NavTapeError?
        // Each event is handed on when the next one arrives, so the last of a commit can carry what
        // UIKit told the app about the whole commit.
        try forEachEvent(from: from, to: end) { recorded in
            do throws(NavTapeError) {
                if let last {
                    if recorded.startsCommit {
                        let observation = CommitObservation(before: commitStart, events: commit)
                        try body(last, observation, running)
                        commitStart = observation.after
                        commit = []
                    } else {
                        try body(last, nil, running)
                    }
                } else if recorded.startsCommit {
                    commit = []
                }
                // Past a gap (a repaired log), from the checkpoint the log resumes at.
                if recorded.index != expected {
                    running = try resumed(at: recorded.index, in: resumedStates)
                    commitStart = running
                    commit = []
                }
            } catch {
                failure = error
                return false
            }
            expected = recorded.index + 1
            commit.append(recorded.event)
            running.evolve(recorded.event)
            last = recorded
            return true
        }
        if let failure { throw failure }
        guard let last else { return }
        var nextStartsCommit = true
        if end < eventCount {
            try forEachEvent(from: end, to: end + 1) { next in
                nextStartsCommit = next.startsCommit
                return false
            }
        }
        try body(last, nextStartsCommit ? CommitObservation(before: commitStart, events: commit) : nil, running)
    }
}

/// One line of what the user saw over time (`navtape timeline`, docs/JSON.md, "Timeline"): the
/// visible screens after an event that changed them, or at the starting point.
public struct TimelineEntry: Codable, Hashable, Sendable {
    /// Always `timeline`.
    public var type = "timeline"
    /// The event that changed what is visible (`nil` for the starting point at the log's start).
    public var index: UInt64?
    /// When, in milliseconds since the epoch.
    public var time: Int64
    /// The visible screens, by name.
    public var visible: [String]
    /// The event's kind (`nil` for the starting point).
    public var event: String?
    /// The event in words (`nil` for the starting point).
    public var text: String?

    private enum CodingKeys: String, CodingKey { case type, index, time, visible, event, text }

    /// Creates an entry: the starting point when `event` and `text` are `nil`.
    public init(index: UInt64?, time: Int64, visible: [String], event: String? = nil, text: String? = nil) {
        self.index = index
        self.time = time
        self.visible = visible
        self.event = event
        self.text = text
    }

    /// The starting point's object has no `event` and no `text`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(index, forKey: .index)
        try container.encode(time, forKey: .time)
        try container.encode(visible, forKey: .visible)
        if let event { try container.encode(event, forKey: .event) }
        if let text { try container.encode(text, forKey: .text) }
    }
}

extension TimeMachine {
    /// What the user saw over events `first ..< last`: the starting point, then each change, named
    /// as the state at that point names them (a minted controller's slot may hold another
    /// controller by the end of the log, EX-3), until `body` returns `false`. Read like
    /// ``forEachTimelineLine(from:to:observe:_:)``, in one pass that holds one entry; `observe` is
    /// called with the events done (progress).
    public func forEachTimelineEntry(
        from first: UInt64, to last: UInt64, observe: ((UInt64) -> Void)? = nil,
        _ body: (TimelineEntry) throws(NavTapeError) -> Bool
    ) throws(NavTapeError) {
        guard try body(try timelineStart(at: first)) else { return }
        var failure: NavTapeError?
        try forEachTimelineChange(from: first, to: last, observe: observe) { index, time, content, event, state in
            do throws(NavTapeError) {
                return try body(
                    TimelineEntry(
                        index: index, time: time, visible: content.map { state.name(of: $0) }, event: event.kind.name,
                        text: EventText.describe(event, in: state)))
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
    }
}

extension TimeMachine {
    /// What was visible after the first `first` events: the timeline's starting point, the
    /// first entry ``forEachTimelineEntry(from:to:observe:_:)`` hands on.
    public func timelineStart(at first: UInt64) throws(NavTapeError) -> TimelineEntry {
        let start = try lastEvent(before: first)
        let initial = try state(at: first)
        return TimelineEntry(
            index: first == 0 ? nil : first - 1, time: start?.time ?? startTime,
            visible: initial.visibleContent.map { initial.name(of: $0) })
    }

    /// The changes of ``forEachTimelineEntry(from:to:observe:_:)`` after its starting point, each
    /// as the UTF-8 bytes of ``TimelineText/line(_:machine:)`` (no newline), escaped for a terminal
    /// (``NavigationCore/DisplaySafety``), until `body` returns `false`: what `navtape timeline`
    /// prints. Memory holds one line; `observe` is called with the events done (progress).
    public func forEachTimelineLine(
        from first: UInt64, to last: UInt64, observe: ((UInt64) -> Void)? = nil, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) throws(NavTapeError) {
        var text = TextWriter(escaping: true, capacity: 256)
        let start = startTime
        try forEachTimelineChange(from: first, to: last, observe: observe) { index, time, content, event, state in
            text.removeAll()
            TimelineText.writeLine(index: index, time: time, start: start, content: content, event: event, in: state, to: &text)
            return text.withBytes(body)
        }
    }

    /// Each event of `first ..< last` that changed the visible content controllers, with the
    /// controllers after it and the state after it (lent: `body` must not keep it), until `body`
    /// returns `false`. The one reading of the timeline, at replay speed: the fused fold, the
    /// visible screens compared only after an event whose kind can change them (the kind read from
    /// the record's first byte), and the event decoded only where they changed. Past a gap in a
    /// repaired log the state is the checkpoint's the log resumes from, and the screens are
    /// compared with those before the gap.
    private func forEachTimelineChange(
        from first: UInt64, to last: UInt64, observe: ((UInt64) -> Void)?,
        _ body: (_ index: UInt64, _ time: Int64, _ content: [ControllerID], _ event: NavigationEvent, _ state: NavigationState) -> Bool
    ) throws(NavTapeError) {
        var state = try state(at: first)
        var content = state.visibleContent
        var decoder = EventDecoder()
        var stopped = false
        try fold(from: first, to: last, into: &state) { index, time, record, state throws(CodecError) in
            if let observe, index & 1023 == 0 { observe(index &- first) }
            guard EventCodec.kind(of: record)?.mayChangeVisibility ?? true else { return true }
            guard state.visibleContent(into: &content) else { return true }
            stopped = !body(index, time, content, try decoder.decode(record).event, state)
            return !stopped
        }
        if !stopped { observe?(last &- first) }
    }
}
