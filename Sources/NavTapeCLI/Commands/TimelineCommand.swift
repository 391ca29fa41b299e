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

    func run() throws {
        let machine = try Logs.open(input)
        var timeline = VisibleTimeline()
        try machine.run(&timeline)
        let final = try machine.state(at: machine.eventCount)
        guard format.json else { return Output.standard.lines(TimelineText.render(timeline, names: final, machine: machine)) }
        // One object per change of what the user sees, after one for the start (docs/JSON.md, "Timeline").
        func names(_ ids: [ControllerID]) -> JSONValue { .array(ids.map { .string(final.name(of: $0)) }) }
        Output.standard.raw(JSONValue.object([
            "type": .string("timeline"), "index": .null, "time": .int(machine.startTime), "visible": names(timeline.initialContent),
        ]).text + "\n")
        for entry in timeline.entries {
            Output.standard.raw(JSONValue.object([
                "type": .string("timeline"), "index": .int(Int64(bitPattern: entry.index)), "time": .int(entry.time),
                "visible": names(entry.content), "event": .string(entry.event.kind.name),
                "text": .string(EventText.describe(entry.event, in: final)),
            ]).text + "\n")
        }
    }
}
