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
            var written: UInt64 = 0
            try JSONLines.export(machine) { text, events in
                try file.write(text)
                progress.update(events)
                written = events
            }
            try file.commit()
            let gaps = machine.gaps
            let lost = gaps.reduce(0) { $0 + $1.count }
            let gapText = gaps.isEmpty ? "" : ", and \(Plural.count(gaps.count, "gap line")) for the \(Plural.count(lost, "event")) a repair lost"
            Output.standard.line(
                "\(output): \(Plural.count(written + 1 + UInt64(gaps.count), "line")) (the session, then \(Plural.count(Int(written), "event"))\(gapText))")
        } else {
            try JSONLines.export(machine) { text, events in
                progress.update(events)
                Output.standard.raw(text)
                if Output.standard.failure != nil { try Output.standard.flush() }  // stop at the first failed write
            }
        }
    }
}
