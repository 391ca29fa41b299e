import ArgumentParser
import NavTape

/// `navtape testgen LOG… -o FILE.swift`.
struct TestGenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "testgen",
        abstract: "Write a Swift Testing file that replays each log's commands and checks the recorded states.",
        discussion: """
            One test per log; each step sends one recorded command (rebuilt from its commit) and checks \
            hierarchyDescription, isCollapsed and displayMode. The file imports NavigationCore and Testing.

            Examples:
              navtape testgen navtape-demo.navtape -o DemoTests.swift
              navtape testgen navtape-demo.navtape navtape-demo-ipad.navtape navtape-demo-stale.navtape \\
                -o Tests/NavTapeTests/Generated/DemoSessionTests.swift --suite DemoSessionTests --force
            """)

    @Argument(help: ArgumentHelp("Logs that start from an empty split.", valueName: "log"))
    var logs: [String]

    @Option(help: ArgumentHelp("The suite's type name.", valueName: "name"))
    var suite = "RecordedSessionTests"

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard !logs.isEmpty else { throw ValidationError("Give at least one log.") }
        guard TestGenerator.isValidTypeName(suite) else { throw ValidationError("--suite must be a Swift type name.") }
    }

    func run() throws {
        let sources = try logs.map { TestGenerator.Source(label: Self.baseName($0), machine: try Logs.open($0)) }
        let regenerate = "navtape testgen \(logs.map(Self.baseName).joined(separator: " ")) -o \(Self.baseName(output.output)) --suite \(suite)"
        let generated = try TestGenerator.generate(sources, suiteName: suite, regenerate: regenerate)
        try output.prepare()
        try Files.writeText(generated.source, to: output.output, force: output.force)
        for divergence in generated.divergences { Diagnostics.line("warning: \(divergence)") }
        Output.standard.line("\(output.output): \(sources.count) test\(sources.count == 1 ? "" : "s") from \(logs.count) log"
            + "\(logs.count == 1 ? "" : "s")")
    }

    static func baseName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}
