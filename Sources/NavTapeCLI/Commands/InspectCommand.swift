import NavigationCore
import ArgumentParser
import NavTape
import NavTapeServer

/// `navtape inspect LOG -o session.html`.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Write a session as one self-contained HTML page: scrub through it and see the split drawn.",
        discussion: """
            The page needs no network and no server, so it can be attached to a bug report: a timeline \
            scrubber over the commands with bug markers and rotations, the split drawn at the selected \
            point (columns with their widths, each navigation stack, collapsed as one stack, the \
            overlay, the presented modal), the events with their rules, what UIKit told the app, and \
            divergences of a capture. ← and → step command by command. The page's address keeps what it \
            shows: ?at=N opens it after event @N, a and b the diff's marks, column or stack a blame, \
            device, policy and fork a what-if (docs/Inspector.md). A log longer than --max-commands is \
            embedded around --at (default: its end), and the page says which part it holds.

            Examples:
              navtape inspect navtape-demo-stale.navtape -o stale.html
              navtape inspect big.navtape --at 500000 -o around.html
            """)

    @OptionGroup var input: LogArgument

    @Option(help: ArgumentHelp("Center the embedded part of a long log on this event: N, start or end.", valueName: "event"))
    var at: EventPoint = .end

    @Option(help: "The most commands to embed.")
    var maxCommands = 2_000

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (1...InspectorData.maximumCommits).contains(maxCommands) else {
            throw ValidationError(
                "--max-commands must be 1…\(InspectorData.maximumCommits): a bigger page is too large to scrub "
                    + "(navtape serve LOG reads a long log as it is scrubbed).")
        }
    }

    func run() throws {
        try output.prepare()
        let machine = try Logs.open(input)
        let point = try at.count(in: machine)
        let data = try InspectorData(machine, around: point, maxCommits: maxCommands, point: at == .end ? nil : point)
        let page = try InspectorPage.html(data)
        try Files.writeText(page, to: output.output, force: output.force)
        Output.standard.line("wrote \(output.output): \(Plural.count(machine.eventCount, "event")) of \(machine.sessionID)")
    }
}
