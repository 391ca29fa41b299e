import ArgumentParser
import NavTape
import NavigationProjections

/// `navtape timeline LOG`.
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Show what the user saw over time: the visible screens after each event that changed them.",
        discussion: """
            Examples:
              navtape timeline navtape-demo.navtape
            """)

    @OptionGroup var input: LogArgument

    func run() throws {
        let machine = try Logs.open(input)
        var timeline = VisibleTimeline()
        try machine.run(&timeline)
        let final = try machine.state(at: machine.eventCount)
        Output.standard.lines(TimelineText.render(timeline, names: final, machine: machine))
    }
}
