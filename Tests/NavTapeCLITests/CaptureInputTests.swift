import Foundation
import Testing
import NavTapeTestSupport

/// Capture input at its edges (issue 30, point 8), through the built binary: invalid UTF-8 is
/// refused at FILE:LINE, a time outside 1970 to 9999 is refused where it is given, and a closed
/// standard output is an error that leaves the log whole, never a silent SIGPIPE.
@Suite("capture input: UTF-8, times, a closed output")
struct CaptureInputTests {
    static let session = #"{"navtape":"intents","version":1,"session":"u","startTime":1795356000000,"device":"ipad","traits":"landscape"}"#
    static let setup = [
        #"{"time":1795356000000,"command":"setSplitViewControllers","controllers":[{"id":"0x1","name":"MasterNC","kind":"navigation","children":[{"id":"0x2","name":"Master"}]},{"id":"0x3","name":"DetailNC","kind":"navigation","children":[{"id":"0x4","name":"Detail"}]}]}"#,
        #"{"time":1795356000100,"command":"launch"}"#,
    ]

    /// Writes `lines` as a stream to `name`, each line's bytes as given.
    static func stream(_ lines: [[UInt8]], to name: String, in scratch: Scratch) throws {
        var bytes: [UInt8] = []
        for line in lines { bytes += line + [10] }
        try Data(bytes).write(to: URL(fileURLWithPath: scratch.path(name)))
    }

    @Test("two identities that differ only in invalid UTF-8 are refused at their line, the lines before kept")
    func invalidUTF8() throws {
        let scratch = Scratch()
        // The reproducer: 0xFF and 0xFE as the whole identity, which a lossy decoding made one "�".
        let push = { (byte: UInt8, name: String, onto: String) -> [UInt8] in
            Array(#"{"time":1795356000200,"command":"push","controller":{"id":""#.utf8) + [byte]
                + Array(#"","name":"\#(name)"},"onto":"\#(onto)"}"#.utf8)
        }
        try Self.stream(
            [Array(Self.session.utf8)] + Self.setup.map { Array($0.utf8) } + [push(0xFF, "Alpha", "0x1"), push(0xFE, "Beta", "0x3")],
            to: "u.intents.jsonl", in: scratch)
        let recorded = try scratch.navtape("record", "--intents", "u.intents.jsonl", "-o", "u.navtape")
        #expect(recorded.status == 65, "\(recorded)")
        #expect(recorded.stderr == "u.intents.jsonl:4: the line is not valid UTF-8\n", "\(recorded)")
        // What came before the bad line is in the log, whole.
        let verified = try scratch.navtape("verify", "u.navtape")
        #expect(verified.status == 0, "\(verified)")
        let log = try scratch.navtape("log", "u.navtape")
        #expect(!log.stdout.contains("Alpha") && log.stdout.contains("Master"), "\(log)")
        // The reproducer from the probe, as it was found.
        let found = Navtape.root.appendingPathComponent("Tests/Findings/utf8-collide.intents.jsonl").path
        let probe = try scratch.navtape("record", "--intents", found, "-o", "probe.navtape")
        #expect(probe.status == 65 && probe.stderr.hasPrefix(found + ":4: the line is not valid UTF-8"), "\(probe)")
    }

    @Test("a time outside 1970 to 9999 is refused where it is given", arguments: ["9223372036854775807", "-1", "253402300800000"])
    func times(_ time: String) throws {
        let scratch = Scratch()
        let late = #"{"time":\#(time),"command":"pop","navigation":"0x1"}"#
        try Self.stream([Self.session, Self.setup[0], Self.setup[1], late].map { Array($0.utf8) }, to: "t.jsonl", in: scratch)
        let recorded = try scratch.navtape("record", "--intents", "t.jsonl", "-o", "t.navtape")
        #expect(recorded.status == 65, "\(recorded)")
        #expect(recorded.stderr.hasPrefix("t.jsonl:4: ") && recorded.stderr.contains("milliseconds from 1970 to the year 9999"), "\(recorded)")
        let start = Self.session.replacingOccurrences(of: "1795356000000", with: time)
        try Self.stream([start, Self.setup[1]].map { Array($0.utf8) }, to: "s.jsonl", in: scratch)
        let started = try scratch.navtape("record", "--intents", "s.jsonl", "-o", "s.navtape")
        #expect(started.status == 65 && started.stderr.contains("startTime"), "\(started)")
    }

    @Test("a closed standard output is reported (74), not a silent SIGPIPE, and the log is whole")
    func brokenPipe() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        // Enough acknowledged lines to fill the pipe after head has gone.
        let rotations = (0..<20_000).map { i in
            #"{"time":\#(1_795_356_001_000 + i),"command":"changeTraits","traits":"\#(i % 2 == 0 ? "portrait" : "landscape")"}"#
        }
        try Self.stream(([Self.session] + Self.setup + rotations).map { Array($0.utf8) }, to: "r.jsonl", in: scratch)
        let bash = try Navtape.shell(
            "bash -c 'navtape record --intents r.jsonl -o r.navtape 2>err.txt | head -c 100 >/dev/null; exit ${PIPESTATUS[0]}'", in: scratch.url)
        #expect(bash.status == 74, "the recorder's status: \(bash.status) \(bash.output)")
        let message = try scratch.read("err.txt")
        #expect(message == "stdout: write failed: Broken pipe\n", "\(message)")
        #expect(message.split(separator: "\n").count == 1, "one line: \(message)")
        let verified = try scratch.navtape("verify", "r.navtape")
        #expect(verified.status == 0, "\(verified)")
    }
}
