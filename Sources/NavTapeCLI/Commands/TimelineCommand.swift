import ArgumentParser
import NavTape

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
              navtape timeline big.navtape --from 500000 --limit 20
              navtape timeline navtape-demo.navtape --from +10 --to +60 --json
            """)

    @OptionGroup var input: LogArgument

    @Option(
        help: ArgumentHelp(
            "Start from what was visible at this point: an event N (after it), start (the default), end, "
                + "+SECONDS from the session's start or an ISO 8601 UTC time.", valueName: "point"))
    var from: EventPoint = .start

    @Option(help: ArgumentHelp("Stop at this point (the same forms as --from; end by default).", valueName: "point"))
    var to: EventPoint = .end

    @Option(help: "Print at most this many changes, then stop reading.")
    var limit: Int?

    @OptionGroup var format: JSONFlag

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run() throws {
        let machine = try Logs.open(input)
        let first = try from.count(in: machine), last = try to.count(in: machine)
        guard first <= last else { throw CLIError(.usage, "\(machine.path): --from \(from) is after --to \(to)") }
        let progress = Progress("timeline \(Progress.file(machine.path))", total: last - first, streaming: true)
        defer { progress.finish() }
        // Read once: an option's value is looked up dynamically each time it is read.
        let limit = self.limit
        if format.json {
            var printed = -1  // the starting point is not a change
            try machine.forEachTimelineEntry(from: first, to: last, observe: progress.update) { entry in
                if let limit, printed >= limit { return false }
                Output.standard.json(entry)
                printed += 1
                return true
            }
        } else {
            Output.standard.lines(TimelineText.header(try machine.timelineStart(at: first), machine: machine))
            var printed = 0
            try machine.forEachTimelineLine(from: first, to: last, observe: progress.update) { line in
                if let limit, printed >= limit { return false }
                Output.standard.line(escaped: line)
                printed += 1
                return true
            }
        }
    }
}
