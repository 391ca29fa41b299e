import Foundation
import NavTape
import NavigationCore
import Testing
import NavTapeTestSupport

/// Bad inputs end to end: one line on standard error naming the file and the position, the
/// documented exit status, nothing on standard output, never a backtrace.
@Suite("bad inputs")
struct BadInputTests {
    /// Prepares a scratch directory with the fixture log and the broken files the rows use.
    static func scratch() throws -> Scratch {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        try FileManager.default.createDirectory(atPath: scratch.path("dir"), withIntermediateDirectories: true)
        try scratch.write("", to: "empty.navtape")
        let log = try Data(contentsOf: URL(fileURLWithPath: scratch.path("t.navtape")))
        try log.prefix(log.count / 2).write(to: URL(fileURLWithPath: scratch.path("trunc.navtape")))
        var corrupt = log
        corrupt[log.count / 2] ^= 0xFF
        try corrupt.write(to: URL(fileURLWithPath: scratch.path("corrupt.navtape")))
        try scratch.write("launch\nshow X frm M\n", to: "m.navscript")
        try scratch.write("{\"type\":\"session\"\n", to: "bad.jsonl")
        return scratch
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var status: Int32
        /// The whole of standard error, or a regular expression for it when it starts with `^`.
        var stderr: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let rows: [Row] = [
        Row(arguments: ["state", "nope.navtape"], status: 66, stderr: "nope.navtape: no such file\n"),
        Row(arguments: ["state", "dir"], status: 66, stderr: "dir: is a directory\n"),
        Row(arguments: ["state", "empty.navtape"], status: 65, stderr: "empty.navtape: empty file, not a NavTape log\n"),
        Row(arguments: ["state", "t.navscript"], status: 65, stderr: "t.navscript: not a NavTape log (bad magic)\n"),
        // A torn tail: read commands read the whole blocks with a warning (CommandTests); --strict refuses.
        Row(
            arguments: ["state", "trunc.navtape", "--strict"], status: 65,
            stderr: #"^trunc\.navtape: [^\n]*byte \d+[^\n]* \(navtape repair salvages the whole blocks\)\n$"#),
        Row(arguments: ["verify", "--strict", "trunc.navtape"], status: 65, stderr: #"^trunc\.navtape: [^\n]*byte \d+[^\n]*\n$"#),
        Row(arguments: ["verify", "corrupt.navtape"], status: 65, stderr: #"^corrupt\.navtape: [^\n]*block at byte \d+[^\n]*\n$"#),
        Row(arguments: ["log", "corrupt.navtape"], status: 65, stderr: #"^corrupt\.navtape: [^\n]*block at byte \d+[^\n]*\n$"#),
        Row(
            arguments: ["state", "t.navtape", "--bogus"], status: 64,
            stderr: "navtape: Unknown option '--bogus' (see 'navtape state --help')\n"),
        Row(arguments: ["frobnicate"], status: 64, stderr: "navtape: Unexpected argument 'frobnicate' (see 'navtape --help')\n"),
        Row(arguments: ["stats2", "t.navtape"], status: 64, stderr: "navtape: unknown subcommand 'stats2' (did you mean 'stats'?)\n"),
        Row(arguments: ["state", "t.navtape", "--at", "999"], status: 64, stderr: "t.navtape: event 999 is past the end (its events are @0…@21)\n"),
        Row(arguments: ["log", "t.navtape", "--from", "30"], status: 64, stderr: "t.navtape: event 30 is past the end (22 events)\n"),
        Row(
            arguments: ["state", "t.navtape", "--time", "yesterday"], status: 64,
            stderr: "navtape: The value 'yesterday' is invalid for '--time <t>' (see 'navtape state --help')\n"),
        Row(
            arguments: ["diff", "t.navtape", "3"], status: 64,
            stderr: "navtape: Give two events (diff LOG A B) or a second log (diff LOG1 LOG2). (see 'navtape diff --help')\n"),
        Row(
            arguments: ["blame", "t.navtape", "Nope"], status: 64,
            stderr: "t.navtape: no controller named 'Nope' (or give displayMode, collapsed, primary, supplementary, secondary, presented, traits)\n"),
        Row(arguments: ["run", "m.navscript"], status: 65, stderr: "m.navscript:2:8: expected 'from', found 'frm'\n"),
        Row(arguments: ["run", "nope.navscript"], status: 66, stderr: "nope.navscript: no such file\n"),
        Row(
            arguments: ["record", "t.navscript", "-o", "t.navtape"], status: 73,
            stderr: "t.navtape: already exists (use --force to replace it)\n"),
        Row(
            arguments: ["record", "t.navscript", "-o", "no/such/dir.navtape"], status: 73,
            stderr: "no/such/dir.navtape: cannot create: no directory no/such\n"),
        Row(arguments: ["import", "bad.jsonl", "-o", "x.navtape"], status: 65, stderr: "bad.jsonl: line 1: byte 17: expected ',' or '}'\n"),
        Row(arguments: ["import", "t.navtape", "-o", "x.navtape"], status: 65, stderr: #"^t\.navtape:1: the line is not valid UTF-8\n$"#),
        Row(
            arguments: ["fork", "t.navtape", "--at", "99", "-o", "q.navtape"], status: 64,
            stderr: "t.navtape: event 99 is past the end (its events are @0…@21)\n"),
        Row(
            arguments: ["fork", "t.navtape", "--at", "0", "--policy", "collapseSecondary mergeTopp", "-o", "q.navtape"], status: 64,
            stderr: "navtape: The value 'collapseSecondary mergeTopp' is invalid for '--policy <policy>': character 19: "
                + "unknown answer 'mergeTopp' of collapseSecondary (see 'navtape fork --help')\n"),
        Row(
            arguments: ["generate", "--events", "0", "--seed", "1", "-o", "z.navtape"], status: 64,
            stderr: "navtape: --events must be between 1 and 100000000. (see 'navtape generate --help')\n"),
        Row(
            arguments: ["testgen", "t.navtape", "-o", "T.swift", "--suite", "9lives"], status: 64,
            stderr: "navtape: --suite must be a Swift type name. (see 'navtape testgen --help')\n"),
    ]

    @Test("one line, the documented status, no backtrace", arguments: rows)
    func row(_ row: Row) throws {
        let scratch = try Self.scratch()
        let result = try Navtape.run(row.arguments, in: scratch.url)
        #expect(result.status == row.status, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
        #expect(!result.stderr.contains("Backtrace") && !result.stderr.contains("Fatal error"))
        if row.stderr.hasPrefix("^") {
            #expect(try Regex(row.stderr).wholeMatch(in: result.stderr) != nil, "\(result)")
        } else {
            #expect(result.stderr == row.stderr)
        }
        // A failed write leaves no output file behind.
        for output in ["x.navtape", "q.navtape", "z.navtape", "T.swift"] {
            #expect(!FileManager.default.fileExists(atPath: scratch.path(output)))
        }
    }

    @Test("a full disk fails loudly: export to /dev/full exits 74")
    func devFull() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        let result = try Navtape.run(["export", "t.navtape", "--jsonl"], in: scratch.url, stdoutPath: "/dev/full")
        #expect(result == .init(status: 74, stdout: "", stderr: "stdout: write failed: No space left on device\n"))
        let state = try Navtape.run(["state", "t.navtape"], in: scratch.url, stdoutPath: "/dev/full")
        #expect(state.status == 74)
    }

    @Test("a log another writer holds: repair exits 75")
    func locked() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        let recorder = try Recorder(resuming: scratch.path("t.navtape"))
        defer { try? recorder.close() }
        let result = try Navtape.run(["repair", "t.navtape"], in: scratch.url)
        #expect(result.status == 75, "\(result)")
        #expect(result.stderr.hasPrefix("t.navtape: ") && result.stderr.split(separator: "\n").count == 1, "\(result)")
    }

    @Test("names from a log are escaped before they reach a terminal")
    func escapes() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        let export = try scratch.navtape("export", "t.navtape").stdout
        let evil = export.replacingOccurrences(of: #""string":"PasteDetail""#, with: #""string":"Evil\u001b[31mRED\u202e\n""#)
        #expect(evil != export)
        try scratch.write(evil, to: "evil.jsonl")
        #expect(try scratch.navtape("import", "evil.jsonl", "-o", "evil.navtape").status == 0)
        for arguments in [
            ["state", "evil.navtape"], ["log", "evil.navtape"], ["timeline", "evil.navtape"], ["stats", "evil.navtape"],
            ["state", "evil.navtape", "--json"], ["log", "evil.navtape", "--json"], ["export", "evil.navtape"],
            ["diff", "evil.navtape", "start", "end"], ["blame", "evil.navtape", "PasteNC"], ["tail", "evil.navtape"],
        ] {
            let result = try Navtape.run(arguments, in: scratch.url)
            #expect(result.status == 0, "\(arguments): \(result)")
            let output = result.stdout + result.stderr
            #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }, "\(arguments)")
            #expect(output.contains(#"Evil\u{1B}[31mRED\u{202E}\u{A}"#) || output.contains(#"Evil\u001b[31mRED\u202e\n"#), "\(arguments)")
        }
        let state = try scratch.navtape("state", "evil.navtape").stdout
        #expect(state.contains(#"hierarchy: MN[M] | PasteNC[Evil\u{1B}[31mRED\u{202E}\u{A}]"#))
    }
}
