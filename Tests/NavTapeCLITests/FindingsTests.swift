import Foundation
import Testing
import NavTapeTestSupport

/// The writer takes only what its reader takes (issue 30, point 7), through the built binary: every
/// input a fuzz harness or a probe found (Tests/Findings, Fuzz/Seeds/jsonl, Fuzz/.crashes when
/// there) goes through `import` and then `verify`. `import` refuses with one line (65), or writes a
/// log `verify` accepts; nothing traps (the forged events of the evolve-assert findings, which
/// trapped debug builds, change nothing now). The logs among the findings are read by every reader:
/// an answer or one line naming the log, never a trap.
@Suite("every fuzz-found input: import, then verify")
struct FindingsTests {
    /// The files of `directory` (relative to the package root) ending in `suffix`, if it exists.
    static func files(in directory: String, suffix: String = "") -> [URL] {
        let url = Navtape.root.appendingPathComponent(directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted().filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.map { url.appendingPathComponent($0) }
    }

    /// Every JSON-lines input found so far.
    static let imports: [URL] =
        files(in: "Tests/Findings", suffix: ".jsonl").filter { !$0.lastPathComponent.contains(".intents.") }
        + files(in: "Fuzz/Seeds/jsonl") + files(in: "Fuzz/.crashes").filter { $0.lastPathComponent.hasPrefix("FuzzImport") }

    @Test("import refuses in one line, or writes a log verify accepts", arguments: imports)
    func importThenVerify(_ input: URL) throws {
        let scratch = Scratch()
        let imported = try scratch.navtape("import", input.path, "-o", "out.navtape")
        #expect(imported.status == 0 || imported.status == 65, "\(input.lastPathComponent): \(imported)")
        guard imported.status == 0 else {
            #expect(imported.stderr.hasPrefix(input.path + ":"), "\(imported)")
            #expect(imported.stderr.filter { $0 == "\n" }.count == 1, "\(imported)")
            #expect(!scratch.contents().contains("out.navtape"), "a refused import leaves no log")
            return
        }
        let verified = try scratch.navtape("verify", "out.navtape")
        #expect(verified.status == 0, "\(input.lastPathComponent): import wrote a log its reader refuses: \(verified)")
    }

    /// The readers of a log, each with the arguments after it.
    static let readers: [[String]] = [["verify"], ["state"], ["log"], ["stats"], ["export", "--jsonl"], ["timeline"]]

    @Test("a forged log is read or refused in one line by every reader, never a trap", arguments: files(in: "Tests/Findings", suffix: ".navtape"))
    func forgedLogs(_ log: URL) throws {
        let scratch = Scratch()
        for reader in Self.readers {
            let result = try scratch.navtape([reader[0], log.path] + reader.dropFirst())
            #expect(result.status == 0 || result.status == 65, "\(log.lastPathComponent) \(reader[0]): \(result)")
            if result.status == 65 { #expect(result.stderr.hasPrefix(log.path + ": "), "\(result)") }
        }
    }
}
