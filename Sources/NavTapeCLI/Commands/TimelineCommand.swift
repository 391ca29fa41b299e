import NavTapeInterchange
import ArgumentParser
import NavTape
import NavigationProjections

/// `navtape timeline LOG`.
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Show what the user saw over time: the visible screens after each event that changed them.",
        discussion: """
            Examples:
              navtape timeline navtape-demo.navtape
            """)

    @OptionGroup var input: LogArgument

    @OptionGroup var format: JSONFlag

    /// Events per pass: the timeline is worked out and printed a window at a time, so memory holds
    /// one window's changes, not the whole log's.
    static let window: UInt64 = 1 << 16

    func run() throws {
        let machine = try Logs.open(input)
        let final = try machine.state(at: machine.eventCount)
        // One object per change of what the user sees, after one for the start (docs/JSON.md, "Timeline").
        func names(_ ids: [ControllerID]) -> JSONValue { .array(ids.map { .string(final.name(of: $0)) }) }
        let initial = try machine.state(at: 0).visibleContent
        if format.json {
            Output.standard.raw(JSONValue.object([
                "type": .string("timeline"), "index": .null, "time": .int(machine.startTime), "visible": names(initial),
            ]).text + "\n")
        } else {
            Output.standard.lines(TimelineText.header(initial, names: final, machine: machine))
        }
        var start: UInt64 = 0
        var progress = Progress("timeline \(Progress.file(machine.path))", total: machine.eventCount, streaming: true)
        defer { progress.finish() }
        repeat {
            // Each window starts from the state before it, so a change at its first event is seen.
            var window = ProgressReporting(VisibleTimeline(), progress: progress, countingFrom: 0)
            let end = Swift.min(machine.eventCount, start + Self.window)
            try machine.run(&window, from: start, to: end)
            progress = window.progress
            for entry in window.wrapped.entries {
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
        } while start < machine.eventCount
    }
}
