import NavTapeInterchange
import ArgumentParser
import NavTape

/// `navtape log LOG [--from N] [--to N]`.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "List a log's events: index, time from the start, and what happened (▸ starts a command).",
        discussion: """
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
        let machine = try Logs.open(input.log)
        let end = try Logs.point(to ?? machine.eventCount, in: machine)
        _ = try Logs.point(from, in: machine)
        let names = try machine.state(at: end)
        try machine.forEachEvent(from: from, to: end) { recorded in
            if format.json {
                Output.standard.raw(JSONEvent.encode(recorded).text + "\n")
            } else {
                Output.standard.line(EventListing.line(recorded, names: names, start: machine.startTime))
            }
            return true
        }
    }
}
