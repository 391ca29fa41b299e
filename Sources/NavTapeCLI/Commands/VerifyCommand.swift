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
            the first problem otherwise (a torn last block included, which the other read commands read up to \
            with a warning).

            Takes several logs and directories (searched for .navtape files): one line per log, and the exit \
            status is the worst of them. With --json, one object per log (docs/JSON.md, "Verify").

            Examples:
              navtape verify navtape-demo.navtape
              navtape verify recordings/ --json
            """)

    @Argument(help: "NavTape logs (.navtape), or directories holding them.")
    var logs: [String] = []

    @OptionGroup var format: JSONFlag

    func validate() throws {
        guard !logs.isEmpty else { throw ValidationError("Give at least one log or directory.") }
    }

    func run() throws {
        try ManyLogs.each(SessionLibrary.paths(logs), json: format.json) { path in
            // A checker reports a torn tail rather than reading past it.
            let machine = try Logs.open(path, tornTail: .refuse)
            let report = try machine.verify()
            if let divergence = report.firstDivergence {
                throw CLIError(
                    .dataError,
                    "\(machine.path): checkpoint at event \(divergence.index) disagrees with the replay "
                        + "(stored hash \(hex(divergence.storedHash)), replayed \(hex(divergence.replayedHash)))")
            }
            if format.json {
                Output.standard.raw(
                    JSONValue.object([
                        "type": .string("verify"), "log": .string(machine.path), "ok": .bool(true),
                        "events": .int(Int64(bitPattern: report.eventCount)), "checkpoints": .int(Int64(report.checkpointsChecked)),
                    ]).text + "\n")
            } else {
                Output.standard.line(
                    "\(machine.path): ok: \(report.eventCount) events, \(report.checkpointsChecked) checkpoint"
                        + "\(report.checkpointsChecked == 1 ? " agrees" : "s agree") with the replay")
            }
        }
    }

    func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
