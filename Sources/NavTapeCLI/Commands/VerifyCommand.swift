import ArgumentParser
import NavTape

/// `navtape verify LOG`.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every block's checksum and replay the whole log against its checkpoints.",
        discussion: """
            Exit 0 when the log is whole and replay is deterministic; 65 with the byte offset or event index of \
            the first problem otherwise (a torn last block included, which the other read commands read up to \
            with a warning).

            Examples:
              navtape verify navtape-demo.navtape
            """)

    @OptionGroup var input: LogPath

    func run() throws {
        // A checker reports a torn tail rather than reading past it.
        let machine = try Logs.open(input.log, tornTail: .refuse)
        let report = try machine.verify()
        if let divergence = report.firstDivergence {
            throw CLIError(.dataError, "\(machine.path): checkpoint at event \(divergence.index) disagrees with the replay "
                + "(stored hash \(hex(divergence.storedHash)), replayed \(hex(divergence.replayedHash)))")
        }
        Output.standard.line("\(machine.path): ok: \(report.eventCount) events, \(report.checkpointsChecked) checkpoint"
            + "\(report.checkpointsChecked == 1 ? " agrees" : "s agree") with the replay")
    }

    func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
