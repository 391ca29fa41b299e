import Foundation
import NavTapeTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) or SIGTERM in the middle of a writing command removes its hidden staging file
/// and leaves nothing half-written at the output's path (issue 28, point 6), through the binary.
@Suite("Interrupted commands leave no leftovers")
struct InterruptTests {
    /// The hidden staging files in `directory`.
    static func partials(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".partial") }
    }

    /// Starts `arguments`, waits for its staging file, sends `signal`, and returns how it ended.
    static func interrupt(_ arguments: [String], in scratch: Scratch, signal: Int32) throws -> (staged: Bool, ended: Process.TerminationReason, status: Int32) {
        let (process, output) = try Navtape.start(arguments, in: scratch.url)
        let deadline = Date().addingTimeInterval(60)
        var staged = false
        while Date() < deadline {
            if !partials(in: scratch.url).isEmpty {
                staged = true
                break
            }
            if !process.isRunning { break }
            usleep(2_000)
        }
        if staged { kill(process.processIdentifier, signal) }
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (staged, process.terminationReason, process.terminationStatus)
    }

    /// A 400,000-event log and a 120,000-command script, made once for every case.
    static let inputs: Result<Scratch, any Error> = Result {
        let scratch = Scratch(onDisk: true)
        _ = try scratch.navtape("generate", "--app", "calendar-paste", "--events", "400000", "--seed", "1", "-o", "big.navtape")
        var script = "device iphone-plus portrait\npolicy calendar-paste\nprimary MN[M]\nsecondary NoSelectionNC@NoSelectionNC[NoSelection]\nlaunch\n"
        script += String(repeating: "rotate landscape\nrotate portrait\n", count: 60_000)
        try scratch.write(script, to: "long.navscript")
        return scratch
    }

    @Test(
        "export, generate, record, fork and inspect, stopped while they write: no staging file, no output",
        arguments: [
            ["export", "big.navtape", "-o", "out.jsonl"],
            ["generate", "--app", "wordpress", "--events", "5000000", "--seed", "1", "-o", "gen.navtape"],
            ["record", "long.navscript", "-o", "rec.navtape"],
            ["fork", "big.navtape", "--at", "10", "--device", "ipad", "-o", "fork.navtape"],
            ["inspect", "big.navtape", "--max-commands", "20000", "-o", "page.html"],
        ])
    func stopped(arguments: [String]) throws {
        let inputs = try Self.inputs.get()
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        for name in ["big.navtape", "long.navscript"] {
            try FileManager.default.copyItem(at: inputs.url.appendingPathComponent(name), to: scratch.url.appendingPathComponent(name))
        }
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: scratch.url.path)) ?? [])
        let outcome = try Self.interrupt(arguments, in: scratch, signal: SIGINT)
        #expect(outcome.staged, "\(arguments[0]) finished before it could be interrupted")
        // Ended by the signal, as the shell expects of Ctrl-C (status 130 in a shell).
        #expect(outcome.ended == .uncaughtSignal && outcome.status == SIGINT, "\(arguments[0]): \(outcome)")
        #expect(Self.partials(in: scratch.url).isEmpty, "\(arguments[0]) left \(Self.partials(in: scratch.url))")
        let after = Set((try? FileManager.default.contentsOfDirectory(atPath: scratch.url.path)) ?? [])
        #expect(after == before, "\(arguments[0]) left \(after.subtracting(before).sorted())")
        #expect(try scratch.navtape("verify", "big.navtape").status == 0, "the input is untouched")
    }

    @Test("SIGTERM is Ctrl-C's twin: generate stopped by it leaves nothing")
    func terminated() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        let outcome = try Self.interrupt(["generate", "--app", "netnewswire-5", "--events", "5000000", "-o", "g.navtape"], in: scratch, signal: SIGTERM)
        #expect(outcome.staged && outcome.ended == .uncaughtSignal && outcome.status == SIGTERM)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: scratch.url.path)) ?? []).isEmpty)
    }
}
