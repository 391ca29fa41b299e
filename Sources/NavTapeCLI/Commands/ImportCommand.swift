import NavTapeInterchange
import ArgumentParser
import EventLog
import NavigationCore

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
        // Read a line at a time: memory stays bounded by one line and one commit, however long the input.
        let lines = try LineReader(input, maximumLineLength: JSONLines.maximumLineLength)
        try output.prepare()
        let total = input == "-" ? 0 : Files.size(of: input) ?? 0  // a pipe's or FIFO's size is 0: no line
        let progress = Progress("import \(Progress.file(input))", total: total, enabled: total > 0 && Diagnostics.isTerminal)
        progress.unit = "bytes"
        defer { progress.finish() }
        let report = try JSONLines.importLog(file: input, into: output.output, options: output.logOptions) {
            let line = try lines.nextLine()
            progress.update(lines.consumed)
            return line
        }
        Output.standard.line("\(output.output): \(Plural.count(report.eventCount, "event")) (\(Plural.count(report.commitCount, "command"))) from \(input)")
    }
}
