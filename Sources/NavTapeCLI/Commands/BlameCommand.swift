import NavTapeInterchange
import ArgumentParser
import NavTape
import NavigationCore
import NavigationProjections

/// `navtape blame LOG WHAT --at EVENT`.
struct BlameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blame",
        abstract: "Tell which event set a part of the state, and every change of it before that point.",
        discussion: """
            WHAT is displayMode, collapsed, primary, secondary, supplementary, presented, traits, or the name (or #ID) of a \
            navigation controller, for its stack.

            Examples:
              navtape blame navtape-demo.navtape secondary
              navtape blame navtape-demo.navtape displayMode --at 30
              navtape blame navtape-demo.navtape MN --at 20
            """)

    @OptionGroup var input: LogArgument

    @Argument(help: ArgumentHelp("displayMode, collapsed, primary, secondary, supplementary, presented, traits, or a navigation controller.",
                                 valueName: "what"))
    var what: String

    @Option(help: ArgumentHelp("The event the state is after (@N as navtape log prints it), start or end (default).",
                               valueName: "event"))
    var at: EventPoint?

    @Option(help: ArgumentHelp("Trace changes from after this event (N or start, the default): a long log is read from its checkpoint.",
                               valueName: "event"))
    var from: EventPoint = .start

    @Option(help: "List at most this many of the latest changes (memory stays flat however long the log).")
    var limit = 1_000

    @OptionGroup var format: JSONFlag

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1.") }
    }

    func run() throws {
        let machine = try Logs.open(input)
        let index = try (at ?? .end).count(in: machine)
        let start = try from.count(in: machine)
        guard start <= index else {
            throw CLIError(.usage, "\(machine.path): --from \(from) is after --at \((at ?? .end))")
        }
        let (blame, state) = try Self.blame(what, in: machine, at: index, from: start, limit: limit, progress: true)
        guard format.json else { return Output.standard.lines(BlameText.render(blame, what: what, index: index, state: state, machine: machine,
                                                                                           since: start)) }
        Output.standard.raw(Self.json(blame, what: what, in: machine, at: index, from: start, state: state).text + "\n")
    }

    /// The changes of `what` in events `start ..< index` (the last `limit` of them) and the state after `index` events.
    /// With `progress`, a terminal shows how far the trace has read.
    static func blame(_ what: String, in machine: TimeMachine, at index: UInt64, from start: UInt64,
                      limit: Int, progress: Bool = false) throws -> (Blame, NavigationState) {
        let state = try machine.state(at: index)
        let blame = Blame(try part(what, in: state, log: machine.path), keepingLast: limit)
        var reporting = ProgressReporting(blame, progress: Progress("blame \(Progress.file(machine.path))", total: index - start,
                                                                    enabled: progress && Diagnostics.isTerminal),
                                          countingFrom: start)
        try machine.run(&reporting, from: start, to: index)
        reporting.progress.finish()
        return (reporting.wrapped, state)
    }

    /// `blame --json`'s object (docs/JSON.md), also `serve`'s `/api/sessions/N/blame`.
    static func json(_ blame: Blame, what: String, in machine: TimeMachine, at index: UInt64, from start: UInt64,
                     state: NavigationState) -> JSONValue {
        func change(_ change: Blame.Change) -> JSONValue {
            .object(["index": .int(Int64(bitPattern: change.index)), "time": .int(change.time), "event": .string(change.event.kind.name),
                     "text": .string(EventText.describe(change.event, in: state)),
                     "before": .string(change.beforeSummary), "after": .string(change.afterSummary)])
        }
        let setBy = index > 0 ? blame.lastChange(atOrBefore: index - 1) : nil
        return .object([
            "type": .string("blame"), "log": .string(machine.path), "what": .string(what),
            "event": index == 0 ? .null : .int(Int64(bitPattern: index - 1)), "events": .int(Int64(bitPattern: index)),
            "value": .string(blame.part.value(in: state).summary(in: state)),
            "setBy": setBy.map(change) ?? .null, "history": .array(blame.history.map(change)),
            "changes": .int(Int64(blame.changeCount)), "from": start == 0 ? .null : .int(Int64(bitPattern: start - 1)),
        ])
    }

    static func part(_ what: String, in state: NavigationState, log: String) throws(CLIError) -> StatePart {
        switch what {
        case "displayMode": return .displayMode
        case "collapsed": return .collapsed
        case "primary": return .column(.primary)
        case "secondary": return .column(.secondary)
        case "supplementary": return .column(.supplementary)
        case "presented": return .presented
        case "traits": return .traits
        default:
            guard let id = ControllerID(parsing: what) ?? state.controller(named: what) else {
                throw CLIError(.usage, "\(log): no controller named '\(what)' (or give displayMode, collapsed, primary, supplementary, secondary, presented, traits)")
            }
            guard state.kind(of: id) == .navigation else {
                throw CLIError(.usage, "\(log): \(state.name(of: id)) (\(id)) is not a navigation controller")
            }
            return .stack(id)
        }
    }
}
