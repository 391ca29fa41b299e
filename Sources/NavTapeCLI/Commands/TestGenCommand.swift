import ArgumentParser
import NavTapeScript
import NavigationCore

/// `navtape testgen LOG… -o FILE.swift`.
struct TestGenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "testgen",
        abstract: "Write a Swift Testing file that replays each log's commands and checks the recorded states.",
        discussion: """
            One test per log (per --commits-per-test commands of a long one); each step sends one recorded \
            command (rebuilt from its commit) and checks hierarchyDescription, isCollapsed, displayMode, the \
            visible and presented controllers and the rules the command raised (a recorded bug is named in \
            violations:, so the test fails once the bug is fixed). A branch from navtape fork starts from its \
            parent's state, embedded as checkpoint bytes. The file imports NavigationCore (and NavigationCodec \
            for a branch) and Testing.

            Examples:
              navtape testgen navtape-demo.navtape -o DemoTests.swift
              navtape testgen navtape-demo.navtape navtape-demo-ipad.navtape navtape-demo-stale.navtape \\
                -o DemoSessionTests.swift --suite DemoSessionTests --force
            """)

    @Argument(help: ArgumentHelp("Logs that start from an empty split.", valueName: "log"))
    var logs: [String]

    @Option(help: ArgumentHelp("The suite's type name.", valueName: "name"))
    var suite = "RecordedSessionTests"

    @Option(help: ArgumentHelp("The most commands one test checks; longer logs get one test per part.", valueName: "n"))
    var commitsPerTest = 500

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard !logs.isEmpty else { throw ValidationError("Give at least one log.") }
        guard TestGenerator.isValidTypeName(suite) else { throw ValidationError("--suite must be a Swift type name.") }
        guard commitsPerTest > 0 else { throw ValidationError("--commits-per-test must be positive.") }
    }

    func run() throws {
        let sources = try logs.map { TestGenerator.Source(path: $0, machine: try Logs.open($0)) }
        // The command as given (paths included), so that running it again in the same place regenerates the file.
        var words = ["navtape", "testgen"] + logs + ["-o", output.output, "--suite", suite]
        if commitsPerTest != 500 { words += ["--commits-per-test", "\(commitsPerTest)"] }
        let regenerate = Shell.command(words + ["--force"])
        let generated = try TestGenerator.generate(sources, suiteName: suite, regenerate: regenerate, commitsPerTest: commitsPerTest)
        try output.prepare()
        try Files.writeText(generated.source, to: output.output, force: output.force)
        for divergence in generated.divergences { Diagnostics.line("warning: \(divergence)") }
        Output.standard.line(
            "\(output.output): \(Plural.count(generated.testCount, "test")) from \(Plural.count(logs.count, "log"))")
    }
}
