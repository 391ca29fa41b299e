import NavTapeInterchange
import ArgumentParser
import NavTape
import NavigationCore
import NavigationProjections

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
        if let second, let a = EventPoint(argument: first), let b = EventPoint(argument: second) {
            let before = try machine.state(at: a.count(in: machine))
            let after = try machine.state(at: b.count(in: machine))
            let changes = diff(before, after)
            if format.json { return Self.printJSON(changes, from: "\(machine.path) \(a)", to: "\(machine.path) \(b)", names: after, earlier: before) }
            Output.standard.lines(DiffText.render(changes, title: "\(machine.path), \(a) → \(b)", names: after))
        } else {
            let other = try Logs.open(first, tornTail: input.strict ? .refuse : .warn)
            let before = try machine.state(at: machine.eventCount), after = try other.state(at: other.eventCount)
            let title = "final states, \(machine.path) (\(machine.eventCount) events) → \(other.path) (\(other.eventCount) events)"
            let changes = diff(before, after)
            if format.json { return Self.printJSON(changes, from: machine.path, to: other.path, names: after, earlier: before) }
            Output.standard.lines(DiffText.render(changes, title: title, names: after, earlier: before))
        }
    }

    /// Prints ``json(_:from:to:names:earlier:)`` as one line.
    static func printJSON(_ changes: [StateChange], from: String, to: String, names: NavigationState, earlier: NavigationState) {
        Output.standard.raw(json(changes, from: from, to: to, names: names, earlier: earlier).text + "\n")
    }

    /// `{"type":"diff","from":…,"to":…,"changes":[{"change":"traits","text":"traits: compact … → regular …"}]}`
    /// (`diff --json`, also `serve`'s `/api/sessions/N/diff`).
    static func json(_ changes: [StateChange], from: String, to: String, names: NavigationState, earlier: NavigationState) -> JSONValue {
        let items: [JSONValue] = changes.map { change in
            let kind = Mirror(reflecting: change).children.first?.label ?? "\(change)"
            return .object(["change": .string(kind),
                            "text": .string(DiffText.renamed(change.description(in: names), unknownIn: names, knownIn: earlier))])
        }
        return .object(["type": .string("diff"), "from": .string(from), "to": .string(to), "changes": .array(items)])
    }
}
