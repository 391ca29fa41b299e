import NavTapeInterchange
import ArgumentParser
import NavTape

/// `navtape state LOG --at N | --time T`.
struct StateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Show the split at one point of a log: a diagram and the hierarchy, or JSON.",
        discussion: """
            The point is an event count: --at 0 is the state before the first event, --at N the state after \
            the first N events (default: the end). --time takes milliseconds since the epoch, an ISO 8601 UTC \
            time (2026-11-22T14:02:31.250Z) or +SECONDS from the session's start, and shows the state after \
            every event at or before it.

            Examples:
              navtape state navtape-demo.navtape --at 20
              navtape state navtape-demo.navtape --time +12.5
              navtape state navtape-demo.navtape --time 2026-11-22T14:00:20.000Z --json
            """)

    @OptionGroup var input: LogArgument

    @Option(help: ArgumentHelp("The number of events applied.", valueName: "n"))
    var at: UInt64?

    @Option(help: ArgumentHelp("A time: epoch milliseconds, ISO 8601 UTC, or +SECONDS from the start.", valueName: "t"))
    var time: TimeArgument?

    @OptionGroup var format: JSONFlag

    func validate() throws {
        if at != nil && time != nil { throw ValidationError("Give --at or --time, not both.") }
    }

    func run() throws {
        let machine = try Logs.open(input)
        let index = try time.map { try machine.count(atTime: $0.milliseconds(from: machine.startTime)) }
            ?? Logs.point(at ?? machine.eventCount, in: machine)
        let state = try machine.state(at: index)
        let last = try Logs.lastEvent(before: index, in: machine)
        if format.json {
            let json = JSONState.encode(state, index: index, time: last?.time ?? machine.startTime, lastEvent: last?.event,
                                        policy: machine.sessionDescription.policy)
            Output.standard.raw(json.text + "\n")
        } else {
            Output.standard.lines(StateText.render(state, index: index, last: last, machine: machine))
        }
    }
}
