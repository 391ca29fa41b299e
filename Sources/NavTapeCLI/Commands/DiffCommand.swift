import NavTapeInterchange
import ArgumentParser
import NavTape
import NavigationCore

/// `navtape diff LOG A B` and `navtape diff LOG1 LOG2`.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare the states at two points of a log, or the final states of two logs.",
        discussion: """
            With two events, compares the state after event @A with the state after event @B (as navtape log \
            numbers them; start and end work too). With a second log, compares the two logs' final states \
            (controllers are matched by ID).

            Examples:
              navtape diff navtape-demo.navtape 12 25
              navtape diff navtape-demo.navtape navtape-demo-ipad.navtape
            """)

    @OptionGroup var input: LogArgument

    @Argument(help: ArgumentHelp("An event (@N as navtape log prints it, start, end), or a second log.", valueName: "a-or-log"))
    var first: String

    @Argument(help: ArgumentHelp("The second event, when comparing within one log.", valueName: "b"))
    var second: String?

    @OptionGroup var format: JSONFlag

    func validate() throws {
        if second == nil, EventPoint(argument: first) != nil, !Files.exists(first) {
            throw ValidationError("Give two events (diff LOG A B) or a second log (diff LOG1 LOG2).")
        }
        if let second {
            guard EventPoint(argument: first) != nil, EventPoint(argument: second) != nil else {
                throw ValidationError("Give two events (diff LOG A B) or a second log (diff LOG1 LOG2).")
            }
        }
    }

    func run() throws {
        let machine = try Logs.open(input)
        let report: DiffReport, title: String
        if let second, let a = EventPoint(argument: first), let b = EventPoint(argument: second) {
            report = try DiffReport(machine, from: a, to: b)
            title = "\(machine.path), \(a) → \(b)"
        } else {
            let other = try Logs.open(first, tornTail: input.strict ? .refuse : .warn)
            report = try DiffReport(finalStatesOf: machine, and: other)
            title = "final states, \(machine.path) (\(Plural.count(machine.eventCount, "event"))) → \(other.path) (\(Plural.count(other.eventCount, "event")))"
        }
        guard format.json else { return Output.standard.lines(DiffText.render(report, title: title)) }
        Output.standard.raw(try JSONValue(encoding: report).text + "\n")
    }
}
