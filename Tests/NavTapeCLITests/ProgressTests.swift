import Foundation
import Testing
import NavTapeTestSupport

/// Issue 13, point 3: every command that can run long shows progress on a terminal (events, rate,
/// time left) and nothing extra when piped.
@Suite("progress on a terminal")
struct ProgressTests {
    /// `NAVTAPE_PROGRESS_DELAY=0`: the line appears at once instead of after a second.
    static let now = ["NAVTAPE_PROGRESS_DELAY": "0"]

    /// A log long enough for several lines, its export, and a window of it for blame.
    static func library() throws -> Scratch {
        let scratch = Scratch()
        let generated = try scratch.navtape("generate", "--events", "10000", "--seed", "3", "-o", "g.navtape")
        #expect(generated.status == 0, "\(generated)")
        let exported = try scratch.navtape("export", "g.navtape", "-o", "g.jsonl")
        #expect(exported.status == 0, "\(exported)")
        return scratch
    }

    @Test(
        "each long command draws its line on a terminal, erases it, and prints the same output as piped",
        arguments: [
            ["stats", "g.navtape"], ["stats", "g.navtape", "--json"], ["log", "g.navtape"], ["timeline", "g.navtape"],
            ["blame", "g.navtape", "secondary"], ["conformance", "g.navtape"], ["export", "g.navtape"],
            ["import", "g.jsonl", "-o", "again.navtape", "--force"],
        ])
    func drawnOnATerminal(arguments: [String]) throws {
        let scratch = try Self.library()
        let piped = try Navtape.run(arguments, in: scratch.url, environment: Self.now)
        let drawn = try Navtape.run(arguments, in: scratch.url, environment: Self.now, terminal: true)
        #expect(piped.status == drawn.status, "\(piped)\n\(drawn)")
        #expect(piped.stderr.isEmpty, "nothing extra when piped: \(piped.stderr)")
        #expect(piped.stdout == drawn.stdout)
        let name = arguments[0] + " " + arguments[1]
        #expect(drawn.stderr.contains("\r\u{1B}[K\(name): "), "\(drawn.stderr.debugDescription)")
        // Events of the log, or bytes of the input for import: 1,234,567 as the user reads it.
        let size = try FileManager.default.attributesOfItem(atPath: scratch.path("g.jsonl"))[.size] as? Int ?? -1
        let total =
            arguments[0] == "import"
            ? "\(size / 1_000_000),\(String(format: "%03d", size / 1_000 % 1_000)),\(String(format: "%03d", size % 1_000)) bytes"
            : "10,000 events"
        #expect(drawn.stderr.contains("/\(total) ("), "\(drawn.stderr.debugDescription)")
        #expect(drawn.stderr.hasSuffix("\r\u{1B}[K"), "the line is erased at the end: \(drawn.stderr.suffix(80).debugDescription)")
    }

    @Test("a command printing as it goes draws no line when its output is the same terminal; one printing at the end does")
    func streamingToTheTerminal() throws {
        let scratch = try Self.library()
        let log = try Navtape.run(["log", "g.navtape"], in: scratch.url, environment: Self.now, terminal: true, terminalStdout: true)
        #expect(log.status == 0, "\(log)")
        #expect(log.stderr.contains("@0 "), "the listing itself reached the terminal")
        #expect(!log.stderr.contains("log g.navtape: "), "no progress line cut through the listing")
        let stats = try Navtape.run(["stats", "g.navtape"], in: scratch.url, environment: Self.now, terminal: true, terminalStdout: true)
        #expect(stats.stderr.contains("\r\u{1B}[Kstats g.navtape: "), "\(stats.stderr.prefix(200).debugDescription)")
    }

    @Test("without the delay set, a short command draws nothing (the line waits about a second)")
    func shortCommandsStayQuiet() throws {
        let scratch = Scratch()
        try scratch.recordFixture()
        let result = try Navtape.run(["stats", "t.navtape"], in: scratch.url, terminal: true)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result.stderr.debugDescription)")
        // A delay that is not a finite number is the default, not a trap.
        for delay in ["nan", "inf", "-inf", "1e400", "soon"] {
            let odd = try Navtape.run(["stats", "t.navtape"], in: scratch.url, environment: ["NAVTAPE_PROGRESS_DELAY": delay], terminal: true)
            #expect(odd.status == 0 && odd.stderr.isEmpty, "NAVTAPE_PROGRESS_DELAY=\(delay): \(odd)")
        }
    }
}
