import NavTape
import NavigationCore
import NavigationProjections

/// The reference a timeline is checked against: the ``VisibleTimeline`` projection run over every
/// event by ``TimeMachine/run(_:from:to:)``, each change named by the state right after it (a
/// minted controller's slot may hold another by the end of the log, EX-3), and rendered as
/// `navtape timeline` rendered it before it wrote in place: position, the screens joined and padded
/// by `String.padding`, the event in words, the whole line escaped.
public struct TimelineReference: Projection {
    var timeline = VisibleTimeline()
    /// The changes, as ``TimeMachine/forEachTimelineEntry(from:to:observe:_:)`` hands them on after its
    /// starting point.
    public private(set) var entries: [TimelineEntry] = []

    /// An empty reference.
    public init() {}

    public mutating func start(from state: NavigationState) { timeline.start(from: state) }

    public mutating func consume(_ context: EventContext) {
        let before = timeline.entries.count
        timeline.consume(context)
        guard timeline.entries.count > before, let change = timeline.entries.last else { return }
        entries.append(
            TimelineEntry(
                index: change.index, time: change.time, visible: change.content.map { context.state.name(of: $0) },
                event: change.event.kind.name, text: EventText.describe(change.event, in: context.state)))
    }

    public var output: [TimelineEntry] { entries }

    /// The changes of events `first ..< last` of `machine`'s log.
    public static func entries(_ machine: TimeMachine, from first: UInt64, to last: UInt64) throws -> [TimelineEntry] {
        var reference = TimelineReference()
        try machine.run(&reference, from: first, to: last)
        return reference.entries
    }

    /// Each change's line, escaped for a terminal.
    public static func lines(_ machine: TimeMachine, from first: UInt64, to last: UInt64) throws -> [String] {
        try entries(machine, from: first, to: last).map { entry in
            let line =
                EventText.position(entry.index ?? 0, time: entry.time, start: machine.startTime)
                + TimelineText.content(entry.visible).padding(28) + "← " + (entry.text ?? "")
            return DisplaySafety.escaped(line)
        }
    }

    /// The lines ``TimeMachine/forEachTimelineLine(from:to:observe:_:)`` writes, as strings.
    public static func writtenLines(_ machine: TimeMachine, from first: UInt64, to last: UInt64, limit: Int = .max) throws -> [String] {
        var lines: [String] = []
        try machine.forEachTimelineLine(from: first, to: last) { bytes in
            lines.append(String(decoding: bytes, as: UTF8.self))
            return lines.count < limit
        }
        return lines
    }

    /// The changes ``TimeMachine/forEachTimelineEntry(from:to:observe:_:)`` hands on (its starting
    /// point left out).
    public static func jsonEntries(_ machine: TimeMachine, from first: UInt64, to last: UInt64) throws -> [TimelineEntry] {
        var entries: [TimelineEntry] = []
        try machine.forEachTimelineEntry(from: first, to: last) { entry in
            entries.append(entry)
            return true
        }
        return Array(entries.dropFirst())
    }
}
