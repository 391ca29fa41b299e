import ArgumentParser
import NavTapeScript

/// `navtape demo`: the project's main job.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Record the built-in Calendar Paste session (iPhone Plus, an iPad what-if, a stale-detail bug) and tour it.",
        discussion: """
            Writes three logs: OUTPUT (the iPhone Plus session under the Calendar Paste delegate), \
            OUTPUT-ipad.navtape (the same commands re-decided on an iPad) and OUTPUT-stale.navtape (the app \
            without its delegate, where a stale detail comes back: BUG-6). Earlier demo logs at those paths \
            are replaced; any other file there is kept unless --force is given (exit 73). Then prints states \
            at key events, the diff across a rotation, statistics and bugs.

            With --write-scripts DIR, writes the scenario scripts that ship with navtape instead (the spec's \
            rows T01…T47, the fidelity checks, the real apps' sessions; docs/ScriptFormat.md) into DIR, to run \
            with navtape run DIR/T10.navscript, and the capture samples (docs/Capture.md) into DIR/Capture.

            Examples:
              navtape demo
              navtape demo --output demo.navtape
              navtape demo --write-scripts scenarios && navtape run scenarios/T10.navscript
              navtape state navtape-demo.navtape --at 20
            """)

    @Option(name: .shortAndLong, help: ArgumentHelp("The main log; the other two go beside it.", valueName: "file"))
    var output = "navtape-demo.navtape"

    @Option(help: ArgumentHelp("Write the scenario scripts that ship with navtape into this directory instead.", valueName: "dir"))
    var writeScripts: String?

    @Flag(help: "Replace files already at the output paths that are not earlier demo logs (with --write-scripts: scripts already there).")
    var force = false

    func run() throws {
        if let directory = writeScripts { return try Self.write(ShippedScripts.all, into: directory, force: force) }
        let paths = DemoSession.paths(for: output)
        // Decided once per path, before any is written: a file that turns up later is not replaced.
        var replaceable: Set<String> = []
        for path in [paths.calendarPaste, paths.iPad, paths.staleDetail] {
            let replace = force || DemoSession.isDemoLog(at: path)
            try Files.prepareOutput(path, force: replace)
            if replace { replaceable.insert(path) }
        }
        let recording = try DemoSession.record(to: output, replacing: replaceable.contains)
        Output.standard.lines(try recording.tour())
    }

    /// Writes `scripts` under `directory` (created, with subdirectories, if missing).
    static func write(_ scripts: [(path: String, text: String)], into directory: String, force: Bool) throws {
        try ShippedScripts.write(scripts, into: directory, replacing: force)
        let samples = scripts.filter { $0.path.hasSuffix(".jsonl") }.count
        Output.standard.line(
            "\(directory): \(scripts.count - samples) scenario scripts (run them: navtape run \(directory)/T10.navscript) "
                + "and \(samples) capture samples (navtape record --intents \(directory)/Capture/calendar-paste.intents.jsonl -o cp.navtape)")
    }
}
