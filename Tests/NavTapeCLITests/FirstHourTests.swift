import Foundation
import NavTapeTestSupport
import Testing

/// The first hour's leftovers and silent successes (issue 28, point 6), each through the binary as
/// a newcomer met it.
@Suite("A newcomer's first hour: no silent success, hints that work")
struct FirstHourTests {
    @Test("serve on a missing folder is an error (exit 66), not a library of one session")
    func serveMissing() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        let result = try scratch.navtape("serve", "recordings/", "--port", "0")
        #expect(result.status == 66, "\(result)")
        #expect(result.stderr == "recordings/: no such file or directory\n", "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test("query and run on a missing input exit 66 and say so")
    func missingInputs() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        let query = try scratch.navtape("query", "recordings/", "--bug", "BUG-6")
        #expect(query.status == 66 && query.stderr.contains("recordings/: no such file"), "\(query)")
        #expect(query.stdout.contains("0 sessions read (1 unreadable)"), "\(query)")
        let run = try scratch.navtape("run", "missing.navscript")
        #expect(run.status == 66 && run.stderr.contains("missing.navscript: no such file"), "\(run)")
    }

    @Test("export -o says what it wrote; the counts are in one spelling, singular included")
    func exportSaysWhatItWrote() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try scratch.recordFixture()
        let result = try scratch.navtape("export", "t.navtape", "-o", "t.jsonl")
        #expect(result.status == 0, "\(result)")
        let lines = try scratch.read("t.jsonl").split(separator: "\n").count
        #expect(result.stdout == "t.jsonl: \(lines) lines (the session, then \(lines - 1) events)\n", "\(result)")
        let serve = try scratch.navtape("query", "t.navtape")
        #expect(serve.stdout.contains("1 session read, 1 match"), "\(serve)")
    }

    @Test("record --intents onto an existing file hints what works (another path), not --force")
    func liveRecordingHint() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try scratch.recordFixture()
        let result = try scratch.navtape("record", "--intents", "-", "-o", "t.navtape", input: "")
        #expect(result.status == 73, "\(result)")
        #expect(result.stderr == "t.navtape: already exists (remove it first, or record to another path)\n", "\(result)")
    }

    @Test("one count of commands: record --intents, stats and conformance agree on a captured log")
    func oneCount() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        let sample = Navtape.root.appendingPathComponent("Tests/Capture/calendar-paste.intents.jsonl").path
        let record = try scratch.navtape("record", "--intents", sample, "-o", "c.navtape")
        let stats = try scratch.navtape("stats", "c.navtape")
        let conformance = try scratch.navtape("conformance", "c.navtape")
        func count(_ text: String, before word: String) -> String? {
            guard let range = text.range(of: " \(word)") else { return nil }
            return text[..<range.lowerBound].split(separator: " ").last.map(String.init)
        }
        let recorded = count(record.stdout, before: "commands,")
        #expect(recorded != nil && recorded == count(stats.stdout, before: "commands over"), "\(record) \(stats)")
        #expect(conformance.stdout.contains("of \(recorded ?? "?") commands"), "\(conformance)")
    }

    @Test("a UIKit method name gets 'did you mean' the command that models it, in scripts and streams")
    func uikitNames() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try scratch.write("device ipad landscape\nprimary MN[M]\nlaunch\nshowDetailViewController X from M\n", to: "t.navscript")
        let script = try scratch.navtape("run", "t.navscript")
        #expect(script.status == 65 && script.stderr == "t.navscript:4:1: unknown command 'showDetailViewController' (did you mean 'showDetail'?)\n")
        let stream = """
            {"navtape":"intents","version":1,"session":"s","startTime":1795356000000,"device":"ipad","traits":"landscape","delegate":"none"}
            {"command":"pushViewController:animated:","controller":{"id":"x","name":"X"},"onto":"n"}

            """
        let recorded = try scratch.navtape("record", "--intents", "-", "-o", "s.navtape", input: stream)
        #expect(recorded.stderr.contains("(did you mean \"push\"?)"), "\(recorded)")
    }

    @Test("the skip example in --help leaves out the pop it names")
    func skipExample() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        #expect(try scratch.navtape("demo").status == 0)
        let log = try scratch.navtape("log", "navtape-demo-stale.navtape")
        #expect(log.stdout.contains("@21   +10.000s  ▸ popped MN"), "\(log)")
        let help = try scratch.navtape("skip", "--help")
        #expect(help.stdout.contains("navtape skip navtape-demo-stale.navtape 21 -o without-pop.navtape"))
    }
}
