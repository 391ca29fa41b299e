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
        var commitStart = try machine.state(at: from)
        var commit: [NavigationEvent] = []
        var last: RecordedEvent?
        // Each event is printed when the next one arrives, so the last of a commit can carry what
        // UIKit told the app about the whole commit.
        func flush(_ observation: CommitObservation?) {
            guard let recorded = last else { return }
            if format.json {
                var value = JSONEvent.encode(recorded)
                if let observation, !observation.isEmpty, case .object(var object) = value {
                    object["uikit"] = JSONObservation.encode(observation, style: names.style)
                    value = .object(object)
                }
                Output.standard.raw(value.text + "\n")
            } else {
                Output.standard.line(EventListing.line(recorded, names: names, start: machine.startTime))
                if let observation, let annotation = EventListing.annotation(observation, names: names) {
                    Output.standard.line(annotation)
                }
            }
        }
        var progress = Progress("log \(Progress.file(machine.path))", total: end - from, streaming: true)
        defer { progress.finish() }
        try machine.forEachEvent(from: from, to: end) { recorded in
            progress.update(recorded.index - from + 1)
            if recorded.startsCommit {
                let observation = CommitObservation(before: commitStart, events: commit)
                flush(observation)
                commitStart = observation.after
                commit = []
            } else {
                flush(nil)
            }
            commit.append(recorded.event)
            last = recorded
            return true
        }
        // The listing's last event ends its commit only if the log's next event starts a new one.
        var nextStartsCommit = true
        if end < machine.eventCount {
            try machine.forEachEvent(from: end, to: end + 1) { next in
                nextStartsCommit = next.startsCommit
                return false
            }
        }
        flush(nextStartsCommit ? CommitObservation(before: commitStart, events: commit) : nil)
    }
}
