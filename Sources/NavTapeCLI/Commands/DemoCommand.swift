import ArgumentParser
import NavTape

/// `navtape demo`: the project's main job.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Record the built-in Calendar Paste session (iPhone Plus, an iPad what-if, a stale-detail bug) and tour it.",
        discussion: """
            Writes three logs: OUTPUT (the iPhone Plus session under the Calendar Paste delegate), \
            OUTPUT-ipad.navtape (the same commands re-decided on an iPad) and OUTPUT-stale.navtape (the app \
            without its delegate, where a stale detail comes back: BUG-6). Earlier demo logs at those paths \
            are replaced. Then prints states at key events, the diff across a rotation, statistics and bugs.

            Examples:
              navtape demo
              navtape demo --output /tmp/demo.navtape
              navtape state navtape-demo.navtape --at 20
            """)

    @Option(name: .shortAndLong, help: ArgumentHelp("The main log; the other two go beside it.", valueName: "file"))
    var output = "navtape-demo.navtape"

    func run() throws {
        let paths = DemoSession.paths(for: output)
        for path in [paths.calendarPaste, paths.iPad, paths.staleDetail] { try Files.prepareOutput(path, force: true) }
        let recording = try DemoSession.record(to: output)
        try DemoTour.print(recording, to: .standard)
    }
}
