import NavTapeInterchange
import ArgumentParser
import NavTape
import NavigationCore

/// `navtape state LOG --at EVENT | --time T`.
struct StateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Show the split at one point of a log: a diagram and the hierarchy, or JSON.",
        discussion: """
            --at names an event as navtape log numbers it: --at N is the state after event @N (it includes \
            it), --at start the state before the first event, --at end (the default) after the last. --time takes milliseconds since the epoch, an ISO 8601 UTC \
            time (2026-11-22T14:02:31.250Z) or +SECONDS from the session's start, and shows the state after \
            every event at or before it.

            Examples:
              navtape state navtape-demo.navtape --at 20
              navtape state navtape-demo.navtape --time +12.5
              navtape state navtape-demo.navtape --time 2026-11-22T14:00:20.000Z --json
            """)

    @OptionGroup var input: LogArgument

    @Option(help: ArgumentHelp("The event the state is after (@N as navtape log prints it), start or end.", valueName: "event"))
    var at: EventPoint?

    @Option(help: ArgumentHelp("A time: epoch milliseconds, ISO 8601 UTC, or +SECONDS from the start.", valueName: "t"))
    var time: TimeArgument?

    @OptionGroup var format: JSONFlag

    func validate() throws {
        if at != nil && time != nil { throw ValidationError("Give --at or --time, not both.") }
    }

    func run() throws {
        let machine = try Logs.open(input)
        let index =
            try time.map { try machine.count(atTime: $0.value.milliseconds(from: machine.startTime)) }
            ?? (at ?? .end).count(in: machine)
        let state = try machine.state(at: index)
        let last = try machine.lastEvent(before: index)
        if format.json {
            let report = StateReport(
                state, count: index, last: last?.event,
                time: try last?.time ?? (index > 0 ? machine.time(ofEvent: index - 1) : nil) ?? machine.startTime,
                policy: machine.sessionDescription.policy)
            Output.standard.raw(try JSONValue(encoding: report).text + "\n")
        } else {
            Output.standard.lines(StateText.render(state, index: index, last: last, machine: machine))
        }
    }
}
