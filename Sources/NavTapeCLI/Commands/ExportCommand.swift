import NavTapeInterchange
import ArgumentParser
import EventLog
import NavTape
import NavigationCore

/// `navtape export LOG --jsonl`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a log as JSON lines: a session line, then one object per event (docs/JSON.md).",
        discussion: """
            `navtape import` turns the output back into the same log; export → import → export is identical.

            Examples:
              navtape export navtape-demo.navtape --jsonl > demo.jsonl
              navtape export navtape-demo-ipad.navtape --jsonl -o ipad.jsonl
            """)

    @OptionGroup var input: LogArgument

    @Flag(help: "JSON lines (the only format, and the default).")
    var jsonl = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this new file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "Replace the output file if it exists.")
    var force = false

    func run() throws {
        let machine = try Logs.open(input)
        // The first line is the session's; each one after it is an event.
        let progress = Progress("export \(Progress.file(machine.path))", total: machine.eventCount, streaming: output == nil)
        defer { progress.finish() }
        if let output {
            try Files.prepareOutput(output, force: force)
            let file = try OutputFile(path: output, replacing: force)
            try JSONLines.export(machine) { text, events in
                try file.write(text)
                progress.update(events)
            }
            try file.commit()
            Output.standard.line(
                "\(output): \(Plural.count(machine.eventCount + 1, "line")) (the session, then \(Plural.count(Int(machine.eventCount), "event")))")
        } else {
            try JSONLines.export(machine) { text, events in
                progress.update(events)
                Output.standard.raw(text)
                if Output.standard.failure != nil { try Output.standard.flush() }  // stop at the first failed write
            }
        }
    }
}
