import NavTapeInterchange
import ArgumentParser
import NavTape
import NavigationCore

/// `navtape log LOG [--from N] [--to N]`.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "List a log's events: index, time from the start, and what happened (▸ starts a command).",
        discussion: """
            Under the last event of each command, ↳ says what UIKit told the app: appearance
            callbacks, delegate notifications, stack transitions and what a pop returned (with
            --json, the member "uikit"). A listing that starts inside a command says it for the
            part listed. A session whose recorder said who recorded it (app, version, build, OS,
            device model) starts with that line (with --json, an object of type "origin").

            Examples:
              navtape log navtape-demo.navtape
              navtape log navtape-demo.navtape --from 20 --to 30
              navtape log navtape-demo.navtape --json
            """)

    @OptionGroup var input: LogArgument

    @Option(help: ArgumentHelp("The first event to list.", valueName: "n"))
    var from: UInt64 = 0

    @Option(help: ArgumentHelp("List events before this index (default: the end).", valueName: "n"))
    var to: UInt64?

    @OptionGroup var format: JSONFlag

    func validate() throws {
        if let to, to < from { throw ValidationError("--to must not be less than --from.") }
    }

    func run() throws {
        let machine = try Logs.open(input)
        let end = try Logs.point(to ?? machine.eventCount, in: machine)
        _ = try Logs.point(from, in: machine)
        let style = machine.sessionDescription.style
        let progress = Progress("log \(Progress.file(machine.path))", total: end - from, streaming: true)
        defer { progress.finish() }
        if let origin = JSONOrigin.header(machine.sessionDescription.origin) {
            if format.json { Output.standard.json(origin) } else { Output.standard.line("recorded by: " + machine.sessionDescription.origin.text) }
        }
        let gaps = machine.gaps, start = machine.startTime, json = format.json
        // Each line is written escaped into one reused buffer, then copied out.
        var text = TextWriter(escaping: true, capacity: 512)
        try machine.forEachListedEvent(from: from, to: end) { recorded, observation, names in
            progress.update(recorded.index - from + 1)
            if json { return Output.standard.json(JSONEvent.encode(recorded, uikit: observation, style: style)) }
            if let gap = gaps.first(where: { $0.upperBound == recorded.index }) { Output.standard.line(EventListing.gap(gap)) }
            text.removeAll()
            EventListing.write(recorded, names: names, start: start, to: &text)
            text.withBytes { Output.standard.line(escaped: $0) }
            guard let observation else { return }
            text.removeAll()
            if EventListing.writeAnnotation(observation, names: names, to: &text) { text.withBytes { Output.standard.line(escaped: $0) } }
        }
    }
}
