import NavTapeInterchange
import ArgumentParser
import NavTape

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

    @Argument(
        help: ArgumentHelp(
            "displayMode, collapsed, primary, secondary, supplementary, presented, traits, or a navigation controller.",
            valueName: "what"))
    var what: String

    @Option(
        help: ArgumentHelp(
            "The event the state is after (@N as navtape log prints it), start or end (default).",
            valueName: "event"))
    var at: EventPoint?

    @Option(
        help: ArgumentHelp(
            "Trace changes from after this event (N or start, the default): a long log is read from its checkpoint.",
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
        let progress = Progress("blame \(Progress.file(machine.path))", total: index - start)
        let report = try BlameReport(what, in: machine, at: index, from: start, limit: limit, observe: progress.update)
        progress.finish()
        guard format.json else { return Output.standard.lines(BlameText.render(report, machine: machine)) }
        Output.standard.raw(try JSONValue(encoding: report).text + "\n")
    }
}
