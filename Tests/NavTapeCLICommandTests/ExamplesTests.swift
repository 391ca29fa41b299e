import ArgumentParser
import Foundation
import NavTapeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import NavTapeCLI

/// Every example in the README and in every subcommand's `--help` runs as written after the first
/// command (issue 28, point 1): in one directory where `navtape demo` ran, with the inputs a reader
/// is told to have (a folder of recordings, a capture, a crashed log, a big log, a live recording),
/// each example line is run by `/bin/sh` with the built `navtape` first on the PATH, in the order the
/// help lists them (an example may use what an earlier one wrote). A failure is exit 64–75 or a
/// crash; 0 and 1 (failed expectations, divergences found) are outcomes.
@Suite("README and --help examples run as written")
struct ExamplesTests {
    /// The example lines of the README's shell blocks (comments cut), `scripts/` commands aside.
    static func readmeExamples() throws -> [String] {
        let text = try String(contentsOf: Navtape.root.appendingPathComponent("README.md"), encoding: .utf8)
        var examples: [String] = [], inShell = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continue
            }
            guard inShell, line.hasPrefix("navtape ") else { continue }
            examples.append(String(line.split(separator: "#", maxSplits: 1)[0]).trimmingCharacters(in: .whitespaces))
        }
        return examples
    }

    /// Each subcommand's examples (the lines after `Examples:`, continuation lines joined), as the
    /// source says them before the help text is wrapped.
    static func helpExamples() -> [(command: String, line: String)] {
        var result: [(String, String)] = []
        for subcommand in NavtapeCommand.configuration.subcommands {
            let configuration = subcommand.configuration
            guard let start = configuration.discussion.range(of: "Examples:\n") else { continue }
            var pending = ""
            for raw in configuration.discussion[start.upperBound...].split(separator: "\n") {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.isEmpty { break }
                pending += pending.isEmpty ? line : " " + line
                if pending.hasSuffix("\\") {
                    pending = String(pending.dropLast()).trimmingCharacters(in: .whitespaces)
                    continue
                }
                // A comment after the command; a line another program starts (`my-app | navtape …`) is not navtape's to run.
                let command = String(pending.split(separator: "#", maxSplits: 1)[0]).trimmingCharacters(in: .whitespaces)
                if command.hasPrefix("navtape ") { result.append((configuration.commandName ?? "", command)) }
                pending = ""
            }
        }
        return result
    }

    /// The commands that run until stopped: started, given time to answer, then Ctrl-C.
    static func runsUntilStopped(_ line: String) -> Bool {
        (line.hasPrefix("navtape serve ") || line.hasPrefix("navtape tail -f ")) && !line.contains("--idle-exit")
    }

    /// The examples that talk to a ClickHouse server, which this test does not start: the engine test
    /// (scripts/engine-test) runs `ingest`, the facts and `serve --clickhouse` against two real servers.
    static func needsClickHouse(_ line: String) -> Bool {
        line.hasPrefix("navtape ingest ") || line.contains("clickhouse-client") || line.contains(" --clickhouse ")
    }

    @Test("after navtape demo (and the inputs a reader is told to have), every example exits 0 or 1")
    func examplesRun() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        let directory = scratch.url
        #expect(try Navtape.shell("navtape demo", in: directory).status == 0)
        // The inputs the examples name beside the demo's logs.
        let setup = [
            "mkdir -p recordings captures && cp navtape-demo*.navtape recordings/",
            "navtape record --intents \(Navtape.root.path)/Tests/Capture/calendar-paste.intents.jsonl -o captures/cp.navtape",
            "navtape generate --app calendar-paste --events 600000 --seed 1 -o big.navtape",
            "cp navtape-demo.navtape crashed.navtape && head -c -40 navtape-demo.navtape > crashed.navtape",
            "navtape demo --write-scripts scripts-copy && cp scripts-copy/T18.navscript session.navscript && cp scripts-copy/T18.navscript T18.navscript",
            "navtape record --intents \(Navtape.root.path)/Tests/Capture/calendar-paste.intents.jsonl -o live.navtape",
        ]
        for line in setup {
            let result = try Navtape.shell(line, in: directory)
            #expect(result.status == 0, "setup `\(line)`: \(result.output)")
        }
        var ran = 0
        for (command, line) in Self.helpExamples() where !Self.needsClickHouse(line) {
            try Self.check(line, of: command, in: directory)
            ran += 1
        }
        #expect(ran > 60, "only \(ran) examples")
        // The README's, in a directory of their own where only the demo ran, as a reader's would be.
        let readme = Scratch(onDisk: true)
        defer { readme.remove() }
        #expect(try Navtape.shell("navtape demo", in: readme.url).status == 0)
        let lines = try Self.readmeExamples()
        #expect(lines.count >= 6)
        for line in lines { try Self.check(line, of: "README", in: readme.url) }
    }

    /// Runs one example and checks how it ended: a server stopped with Ctrl-C exits 0, a follower
    /// (`tail -f`) as Ctrl-C ends it (130 in a shell); anything else exits 0 or 1.
    static func check(_ line: String, of command: String, in directory: URL) throws {
        let stop = runsUntilStopped(line) ? 2.5 : nil
        let result = try Navtape.shell(line, in: directory, stopAfter: stop)
        let accepted: Set<Int32> = stop == nil ? [0, 1] : line.hasPrefix("navtape serve") ? [0] : [0, 130]
        #expect(accepted.contains(result.status), "\(command): `\(line)` exited \(result.status): \(result.output.suffix(600))")
    }
}
