import ArgumentParser
import NavTape
import NavigationCore
import NavTapeInterchange

/// `navtape verify LOG`.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every block's checksum and replay the whole log against its checkpoints.",
        discussion: """
            Exit 0 when the log is whole and replay is deterministic; 65 with the byte offset or event index of \
            the first problem otherwise. A torn last block (no valid block after it) is read up to with a \
            warning, as every read command does; --strict refuses it (65).

            Takes several logs and directories (searched for .navtape files): one line per log, and the exit \
            status is the worst of them. With --json, one object per log (docs/JSON.md, "Verify").

            Examples:
              navtape verify navtape-demo.navtape
              navtape verify recordings/ --json
            """)

    @Argument(help: "NavTape logs (.navtape), or directories holding them.")
    var logs: [String] = []

    @Flag(help: "Refuse a log whose last block is torn (exit 65) instead of checking the whole blocks before it.")
    var strict = false

    @OptionGroup var format: JSONFlag

    func validate() throws {
        guard !logs.isEmpty else { throw ValidationError("Give at least one log or directory.") }
    }

    func run() throws {
        try ManyLogs.each(SessionLibrary.paths(logs), json: format.json) { path in
            let machine = try Logs.open(path, tornTail: strict ? .refuse : .warn)
            let report = try machine.verify()
            if let divergence = report.firstDivergence { throw NavTapeError(.dataError, path: machine.path, divergence.description) }
            if format.json {
                Output.standard.json(JSONVerify.encode(report, log: machine.path))
            } else {
                Output.standard.line(
                    "\(machine.path): ok: \(Plural.count(report.eventCount, "event")), \(report.checkpointsChecked) checkpoint"
                        + "\(report.checkpointsChecked == 1 ? " agrees" : "s agree") with the replay"
                        + report.gaps.map { "; events \($0.lowerBound)..<\($0.upperBound) lost to damage (repaired)" }.joined())
            }
        }
    }
}
