import ArgumentParser
import NavTape

/// `navtape stats LOG`.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Summarize a log: counts, collapses, rejections, time per display mode and screen, bugs.",
        discussion: """
            Examples:
              navtape stats navtape-demo.navtape
              navtape stats navtape-demo-stale.navtape
            """)

    @OptionGroup var input: LogArgument

    func run() throws {
        let machine = try Logs.open(input)
        Output.standard.lines(StatsText.render(try LogSummary(machine), machine: machine))
    }
}
