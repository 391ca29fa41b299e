import NavTapeInterchange
import ArgumentParser
import NavTape

/// `navtape import JSONL -o LOG`.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a new log from JSON lines made by `export` (events are written as they are, not re-decided).",
        discussion: """
            A malformed line stops the import with FILE: line N: … (exit 65) and no log.

            Examples:
              navtape import demo.jsonl -o copy.navtape
            """)

    @Argument(help: ArgumentHelp("JSON lines (docs/JSON.md).", valueName: "jsonl"))
    var input: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let text = try Files.readText(input)
        try output.prepare()
        let report = try JSONLines.importLog(text, file: input, into: output.output, options: output.logOptions)
        Output.standard.line("\(output.output): \(report.eventCount) events (\(report.commitCount) commands) from \(input)")
    }
}
