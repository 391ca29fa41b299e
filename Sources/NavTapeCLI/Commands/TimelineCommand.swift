import NavTapeInterchange
import ArgumentParser
import NavTape
import NavigationCore
import NavigationProjections

/// `navtape timeline LOG`.
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Show what the user saw over time: the visible screens after each event that changed them.",
        discussion: """
            --from and --to take an event (N: after @N), start, end, +SECONDS from the session's start or an \
            ISO 8601 UTC time; only that part of the log is read. --limit stops after that many changes.

            Examples:
              navtape timeline navtape-demo.navtape
              navtape timeline long.navtape --from 5000000 --limit 20
              navtape timeline navtape-demo.navtape --from +10 --to +60 --json
            """)

    @OptionGroup var input: LogArgument

    @Option(help: ArgumentHelp("Start from what was visible at this point: an event N (after it), start (the default), end, "
                               + "+SECONDS from the session's start or an ISO 8601 UTC time.", valueName: "point"))
    var from: EventPoint = .start

    @Option(help: ArgumentHelp("Stop at this point (the same forms as --from; end by default).", valueName: "point"))
    var to: EventPoint = .end

    @Option(help: "Print at most this many changes, then stop reading.")
    var limit: Int?

    @OptionGroup var format: JSONFlag

    /// Events per pass: the timeline is worked out and printed a window at a time, so memory holds
    /// one window's changes, not the whole log's.
    static let window: UInt64 = 1 << 16

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run() throws {
        let machine = try Logs.open(input)
        let first = try from.count(in: machine), last = try to.count(in: machine)
        guard first <= last else { throw CLIError(.usage, "\(machine.path): --from \(from) is after --to \(to)") }
        let final = try machine.state(at: machine.eventCount)
        // One object per change of what the user sees, after one for the starting point (docs/JSON.md, "Timeline").
        func names(_ ids: [ControllerID]) -> JSONValue { .array(ids.map { .string(final.name(of: $0)) }) }
        let initial = try machine.state(at: first).visibleContent
        var startTime = machine.startTime
        if first > 0 {
            try machine.forEachEvent(from: first - 1, to: first) { recorded in
                startTime = recorded.time
                return false
            }
        }
        if format.json {
            Output.standard.raw(JSONValue.object([
                "type": .string("timeline"), "index": first == 0 ? .null : .int(Int64(first - 1)), "time": .int(startTime),
                "visible": names(initial),
            ]).text + "\n")
        } else {
            Output.standard.lines(TimelineText.header(initial, after: first, names: final, machine: machine))
        }
        var start = first
        var printed = 0
        var progress = Progress("timeline \(Progress.file(machine.path))", total: last - first, streaming: true)
        defer { progress.finish() }
        while start < last {
            // Each window starts from the state before it, so a change at its first event is seen.
            var window = Observed(VisibleTimeline(), from: first, observe: progress.update)
            let end = Swift.min(last, start + Self.window)
            try machine.run(&window, from: start, to: end)
            for entry in window.wrapped.entries {
                if let limit, printed >= limit { return }
                printed += 1
                if format.json {
                    Output.standard.raw(JSONValue.object([
                        "type": .string("timeline"), "index": .int(Int64(bitPattern: entry.index)), "time": .int(entry.time),
                        "visible": names(entry.content), "event": .string(entry.event.kind.name),
                        "text": .string(EventText.describe(entry.event, in: final)),
                    ]).text + "\n")
                } else {
                    Output.standard.line(TimelineText.line(entry, names: final, machine: machine))
                }
            }
            start = end
        }
    }
}
