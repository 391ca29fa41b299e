import NavTapeInterchange
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavTape
import NavigationCore

/// `navtape tail [-f] LOG`.
struct TailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tail",
        abstract: "Print a log's last events; with -f, keep printing events as a recorder appends them.",
        discussion: """
            Following polls the log (a reader never blocks the writer) and stops on Ctrl-C, or after \
            --idle-exit seconds without a new event.

            Examples:
              navtape tail navtape-demo.navtape -n 5
              navtape tail -f live.navtape
              navtape tail -f live.navtape --idle-exit 2
            """)

    @OptionGroup var input: LogArgument

    @Option(name: .customShort("n"), help: ArgumentHelp("How many events to print first.", valueName: "n"))
    var count: UInt64 = 10

    @Flag(name: .customShort("f"), help: "Follow the log as it grows.")
    var follow = false

    @Option(help: ArgumentHelp("With -f: stop after this many seconds without a new event.", valueName: "seconds"))
    var idleExit: Double?

    @Option(help: ArgumentHelp("With -f: how often to look for new events, in milliseconds.", valueName: "ms"))
    var poll: UInt32 = 200

    @OptionGroup var format: JSONFlag

    func validate() throws {
        if let idleExit, !(idleExit > 0) { throw ValidationError("--idle-exit must be a positive number of seconds.") }
        guard poll >= 10 else { throw ValidationError("--poll must be at least 10 ms.") }
    }

    func run() throws {
        let machine = try Logs.open(input.log, tornTail: .ignore)
        var printed = machine.eventCount > count ? machine.eventCount - count : 0
        var names = try machine.state(at: machine.eventCount)
        try printEvents(machine, from: &printed, names: names)
        guard follow else { return }
        var idle: Double = 0
        while idleExit.map({ idle < $0 }) ?? true {
            try Output.standard.flush()
            usleep(poll * 1_000)
            try machine.refresh()
            if machine.eventCount > printed {
                names = try machine.state(at: machine.eventCount)
                try printEvents(machine, from: &printed, names: names)
                idle = 0
            } else {
                idle += Double(poll) / 1_000
            }
        }
    }

    func printEvents(_ machine: TimeMachine, from printed: inout UInt64, names: NavigationState) throws {
        let end = machine.eventCount
        try machine.forEachEvent(from: printed, to: end) { recorded in
            if format.json {
                Output.standard.raw(JSONEvent.encode(recorded).text + "\n")
            } else {
                Output.standard.line(EventListing.line(recorded, names: names, start: machine.startTime))
            }
            return true
        }
        printed = end
    }
}
