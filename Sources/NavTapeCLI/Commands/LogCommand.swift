import NavTapeInterchange
import ArgumentParser
import NavTape
import NavigationCore
import NavigationProjections

/// `navtape log LOG [--from N] [--to N]`.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "List a log's events: index, time from the start, and what happened (▸ starts a command).",
        discussion: """
            Under the last event of each command, ↳ says what UIKit told the app: appearance
            callbacks, delegate notifications, stack transitions and what a pop returned (with
            --json, the member "uikit"). A listing that starts inside a command says it for the
            part listed.

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
        let names = try machine.state(at: end)
        let progress = Progress("log \(Progress.file(machine.path))", total: end - from, streaming: true)
        defer { progress.finish() }
        try machine.forEachListedEvent(from: from, to: end) { recorded, observation in
            progress.update(recorded.index - from + 1)
            if format.json { return Output.standard.json(JSONEvent.encode(recorded, uikit: observation, style: names.style)) }
            Output.standard.line(EventListing.line(recorded, names: names, start: machine.startTime))
            if let observation, let annotation = EventListing.annotation(observation, names: names) { Output.standard.line(annotation) }
        }
    }
}
