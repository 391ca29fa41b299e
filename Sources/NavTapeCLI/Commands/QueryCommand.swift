import ArgumentParser
import NavTape
import NavigationCore
import NavTapeInterchange

/// `navtape query DIR|LOG…`.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Ask a library of sessions: which hit a bug, where users spend time, how often the split collapses.",
        discussion: """
            Reads every log (directories are searched for .navtape files), one session per task on all \
            cores, keeps the sessions that pass every filter (a filter given several times matches any \
            of its values), and prints them with aggregates over them: time per screen and per display \
            mode, collapses by device, bugs, rejections and ignores by rule, divergences from UIKit. \
            Progress is drawn on a terminal. A log that cannot be read is reported on standard error \
            and left out (the exit status is then the worst of them). With --json, one object \
            (docs/JSON.md, "Query").

            Examples:
              navtape query recordings/ --bug BUG-6
              navtape query recordings/ --device iphone-plus --screen PasteDetail --json
              navtape query recordings/ --rejected NV-1 --sessions 50
            """)

    @OptionGroup var input: LogsArgument

    @Option(help: ArgumentHelp("Only sessions that raised this bug or invariant (BUG-6, INV-4).", valueName: "rule"))
    var bug: [String] = []

    @Option(help: ArgumentHelp("Only sessions with a command rejected or ignored under this rule (NV-1).", valueName: "rule"))
    var rejected: [String] = []

    @Option(help: ArgumentHelp("Only sessions recorded on this device (its label: iphone-plus, ipad, …).", valueName: "device"))
    var device: [String] = []

    @Option(help: ArgumentHelp("Only sessions where this screen was on screen.", valueName: "name"))
    var screen: [String] = []

    @Flag(help: "Only captured sessions where UIKit differed from the model (docs/Capture.md).")
    var diverged = false

    @Option(help: "How many matching sessions to list (the aggregates cover all of them).")
    var sessions = 20

    @Option(help: "Sessions read at once (default: the number of cores).")
    var jobs = Cores.count

    @OptionGroup var format: JSONFlag

    func validate() throws {
        guard !input.logs.isEmpty else { throw ValidationError("Give at least one log or directory.") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
        guard sessions >= 0 else { throw ValidationError("--sessions must be 0 or more.") }
        for rule in bug + rejected where RuleID(parsing: rule) == nil {
            throw ValidationError("'\(rule)' is not a rule ID such as BUG-6 or NV-1.")
        }
    }

    func run() throws {
        let paths = try input.paths()
        let (report, failures) = QueryReport.read(
            paths, jobs: jobs, tornTail: input.strict ? .refuse : .warn, filter: filter, listing: sessions,
            done: ProgressLine.counter("query", total: paths.count, of: "session"))
        ProgressLine.erase(paths.count)
        let worst = failures.map { Failure.report($0) }.max() ?? .success
        if format.json {
            Output.standard.raw(try JSONValue(encoding: report).text + "\n")
        } else {
            Output.standard.lines(QueryText.render(report, listing: sessions))
        }
        if worst != .success { throw ExitCode(worst.rawValue) }
    }

    /// The filters the options give.
    var filter: SessionFilter {
        SessionFilter(bugs: bug, rejected: rejected, devices: device, screens: screen, diverged: diverged)
    }
}

/// The text of `query`.
enum QueryText {
    static func render(_ report: QueryReport, listing limit: Int) -> [String] {
        let unreadable = report.unreadable > 0 ? " (\(report.unreadable) unreadable)" : ""
        var lines = [
            "query: \(Plural.count(report.read, "session")) read\(unreadable), \(report.matching) match"
                + (report.filters.isEmpty ? "" : " (\(report.filters))")
        ]
        for session in report.sessions {
            let bugs = session.bugs.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
            lines.append(
                "  \(session.log)  \(session.device) · \(session.policy) · \(Plural.count(session.events, "event")) · \(SessionTime.duration(session.duration))"
                    + (bugs.isEmpty ? "" : " · \(bugs)"))
        }
        if report.matching > limit { lines.append("  … \(report.matching - limit) more (--sessions N lists more)") }
        guard report.matching > 0 else { return lines }
        let screens = QueryReport.ranked(report.screens)
        lines.append(
            "time per screen: "
                + (screens.isEmpty
                    ? "none"
                    : screens.prefix(10).map { "\($0.key) \(SessionTime.duration($0.value))" }
                        .joined(separator: " · ") + (screens.count > 10 ? " · …" : "")))
        lines.append(
            "time per display mode: " + QueryReport.ranked(report.displayModes).map { "\($0.key) \(SessionTime.duration($0.value))" }.joined(separator: " · "))
        lines.append(
            "collapses by device: "
                + report.collapsesByDevice.sorted { $0.key < $1.key }.map {
                    "\($0.key) \($0.value.collapses) (\($0.value.atLaunch) at launch) in \(Plural.count($0.value.sessions, "session"))"
                }.joined(separator: " · "))
        func rules(_ table: [String: QueryReport.RuleCount]) -> String {
            table.isEmpty
                ? "none"
                : table.sorted { $0.key < $1.key }
                    .map { "\($0.key) ×\($0.value.occurrences) in \(Plural.count($0.value.sessions, "session"))" }.joined(separator: " · ")
        }
        lines.append("bugs: " + rules(report.bugs))
        lines.append("rejected and ignored: " + rules(report.rejected))
        if report.divergences > 0 { lines.append("divergences from UIKit: \(report.divergences) in \(Plural.count(report.divergentSessions, "session"))") }
        return lines
    }
}
