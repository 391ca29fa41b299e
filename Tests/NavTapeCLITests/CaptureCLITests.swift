import Foundation
import NavTape
import NavTapeApps
import NavTapeTestSupport
import NavigationCore
import Testing

/// `navtape record --intents` live and `navtape conformance` (docs/Capture.md, issue 14).
@Suite("record --intents")
struct CaptureCLITests {
    static let sample = Navtape.root.appendingPathComponent("Tests/Capture/calendar-paste.intents.jsonl")

    /// Reads `handle` until `text` has been printed (or the stream ends); returns everything read.
    static func read(_ handle: FileHandle, until text: String, into data: inout Data) -> Bool {
        while !String(decoding: data, as: UTF8.self).contains(text) {
            let chunk = handle.availableData
            if chunk.isEmpty { return false }
            data += chunk
        }
        return true
    }

    /// `navtape record --intents - -o live.navtape` in `scratch`, its standard input and output piped.
    static func startRecording(_ binary: URL, in scratch: Scratch, to log: String = "live.navtape") throws -> (Process, input: Pipe, output: Pipe) {
        let input = Pipe()
        let (recorder, output) = try Navtape.start(["record", "--intents", "-", "-o", log], in: scratch.url, input: input)
        return (recorder, input, output)
    }

    @Test("a stream piped line by line is recorded as it arrives: acknowledged, followed by tail -f, and kept after SIGKILL")
    func liveThenKill() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        let binary = try #require(Navtape.binary)
        let lines = try String(contentsOf: Self.sample, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("//") && !$0.isEmpty }
        let (recorder, input, output) = try Self.startRecording(binary, in: scratch)
        var printed = Data()
        // The session line and the first three commands, one write each; each is acknowledged
        // before the next is written, so nothing reaches the recorder early.
        input.fileHandleForWriting.write(Data((lines[0] + "\n").utf8))
        for (i, line) in lines[1...3].enumerated() {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
            #expect(Self.read(output.fileHandleForReading, until: "line \(i + 2): acknowledged", into: &printed), "\(printed)")
        }
        // The log is on disk and readable while the recorder runs; tail -f follows what comes next.
        let (tail, tailOutput) = try Navtape.start(
            ["tail", "-f", "live.navtape", "-n", "0", "--idle-exit", "2", "--poll", "20"],
            in: scratch.url)
        usleep(300_000)
        input.fileHandleForWriting.write(Data((lines[4] + "\n").utf8))
        #expect(Self.read(output.fileHandleForReading, until: "line 5: acknowledged", into: &printed))
        tail.waitUntilExit()
        let followed = String(decoding: tailOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(followed.contains("traitsChanged regular 736×414 phone"), "\(followed)")
        #expect(followed.contains("separated MasterNC | PasteNC (poppedFromPrimary)"), "\(followed)")
        // Two more lines acknowledged, then the recorder dies without closing anything.
        input.fileHandleForWriting.write(Data((lines[5] + "\n" + lines[6] + "\n").utf8))
        #expect(Self.read(output.fileHandleForReading, until: "line 7: acknowledged", into: &printed))
        kill(recorder.processIdentifier, SIGKILL)
        recorder.waitUntilExit()
        #expect(recorder.terminationReason == .uncaughtSignal)
        // Every acknowledged line is in the log: the same events and state as recording those lines whole.
        try scratch.write(lines[0...6].joined(separator: "\n") + "\n", to: "six.jsonl")
        let whole = try scratch.navtape("record", "--intents", "six.jsonl", "-o", "whole.navtape")
        #expect(whole.status == 0, "\(whole)")
        let killed = try TimeMachine(path: scratch.path("live.navtape"))
        let reference = try TimeMachine(path: scratch.path("whole.navtape"))
        let acknowledged = String(decoding: printed, as: UTF8.self).split(separator: "\n").last { $0.hasPrefix("line 7:") }
        #expect(acknowledged?.hasSuffix("(\(reference.eventCount) in the log)") == true, "\(String(decoding: printed, as: UTF8.self))")
        #expect(killed.eventCount == reference.eventCount)
        #expect(try killed.state(at: killed.eventCount) == reference.state(at: reference.eventCount))
        #expect(try scratch.navtape("verify", "live.navtape").status == 0)
    }

    @Test("a session line with startTime puts the log at its path at once, before any command, for tail -f to follow")
    func appearsWithTheSessionLine() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        let binary = try #require(Navtape.binary)
        let (recorder, input, _) = try Self.startRecording(binary, in: scratch)
        input.fileHandleForWriting.write(Data(#"{"navtape":"intents","version":1,"device":"ipad","traits":"landscape","startTime":5000}"#.utf8 + [10]))
        var waited = 0
        while !FileManager.default.fileExists(atPath: scratch.path("live.navtape")) && waited < 400 {
            usleep(10_000)
            waited += 1
        }
        #expect(FileManager.default.fileExists(atPath: scratch.path("live.navtape")), "the log appears with the session line")
        let open = try scratch.navtape("verify", "live.navtape")
        #expect(open.status == 0 && open.stdout.contains("ok: 0 events"), "\(open)")
        try input.fileHandleForWriting.close()
        recorder.waitUntilExit()
        #expect(recorder.terminationStatus == 0)
    }

    @Test("SIGKILL at random points while a stream is fed continuously: every acknowledged event is in the log, which verifies")
    func randomKills() throws {
        var rng = SplitMix64(seed: 11)
        var acknowledgedInAll = 0
        for round in 0..<6 {
            let scratch = Scratch(onDisk: true)
            defer { scratch.remove() }
            let input = Pipe()
            let (recorder, output) = try Navtape.start(["record", "--intents", "-", "-o", "k.navtape", "--json"], in: scratch.url, input: input)
            let writer = input.fileHandleForWriting
            writer.write(Data(#"{"navtape":"intents","version":1,"device":"ipad","traits":"landscape","startTime":0}"#.utf8 + [10]))
            writer.write(
                Data(
                    (#"{"command":"setSplitViewControllers","controllers":[{"id":"p","name":"MN","kind":"navigation","children":[{"id":"m","name":"M"}]}]}"#
                        + "\n" + #"{"command":"launch"}"# + "\n").utf8))
            // Feed push/pop pairs from another thread until the recorder dies.
            let feeding = Thread {
                var k = 0
                while recorder.isRunning {
                    k += 1
                    let pair = #"{"command":"push","controller":{"id":"x\#(k)","name":"X"},"onto":"p"}"# + "\n" + #"{"command":"pop","navigation":"p"}"# + "\n"
                    // A write after the kill fails (the pipe is gone): the feeder stops.
                    guard (try? writer.write(contentsOf: Data(pair.utf8))) != nil else { return }
                    usleep(2_000)  // an app's pace: the recorder waits between lines, so it syncs and acknowledges
                }
            }
            signal(SIGPIPE, SIG_IGN)
            feeding.start()
            usleep(UInt32(50_000 + rng.below(350_000)))
            kill(recorder.processIdentifier, SIGKILL)
            recorder.waitUntilExit()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let acknowledged =
                printed.split(separator: "\n").compactMap { line -> Int? in
                    guard line.contains(#""type":"acknowledged""#), let range = line.range(of: #""durable":"#) else { return nil }
                    return Int(line[range.upperBound...].prefix { $0.isNumber })
                }.max() ?? 0
            let verify = try scratch.navtape("verify", "k.navtape")
            #expect(verify.status == 0, "round \(round): \(verify)")
            let kept = try TimeMachine(path: scratch.path("k.navtape")).eventCount
            #expect(kept >= UInt64(acknowledged), "round \(round): \(acknowledged) acknowledged, \(kept) kept")
            acknowledgedInAll += acknowledged
        }
        #expect(acknowledgedInAll > 50, "the recorder acknowledged lines before it was killed: \(acknowledgedInAll)")
    }

    @Test("Ctrl-C while waiting for the app closes the log cleanly (exit 0)")
    func interrupt() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        let lines = try String(contentsOf: Self.sample, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("//") && !$0.isEmpty }
        let (recorder, input, output) = try Self.startRecording(try #require(Navtape.binary), in: scratch)
        input.fileHandleForWriting.write(Data((lines[0...3].joined(separator: "\n") + "\n").utf8))
        var printed = Data()
        #expect(Self.read(output.fileHandleForReading, until: "line 4: acknowledged", into: &printed))
        kill(recorder.processIdentifier, SIGINT)
        printed += output.fileHandleForReading.readDataToEndOfFile()
        recorder.waitUntilExit()
        #expect(recorder.terminationStatus == 0)
        #expect(String(decoding: printed, as: UTF8.self).contains("to live.navtape (interrupted); divergences from UIKit: 0"))
        let verify = try scratch.navtape("verify", "live.navtape")
        #expect(verify.status == 0 && verify.stdout.contains("checkpoint"), "\(verify)")
    }

    @Test("the worked example: recorded from a file, the seeded disagreement reported by conformance (exit 1), stats counts it")
    func workedExample() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        let record = try scratch.navtape("record", "--intents", Self.sample.path, "-o", "cp.navtape")
        #expect(record.status == 0, "\(record)")
        #expect(
            record.stdout.contains("line 13: diverged viewControllers: UIKit [MasterNC, ShiftAssignment], model [MasterNC, PasteNC] (SH-11)"),
            "\(record)")
        #expect(record.stdout.hasSuffix("divergences from UIKit: 1 (navtape conformance cp.navtape)\n"), "\(record)")
        let report = try scratch.navtape("conformance", "cp.navtape")
        #expect(
            report
                == Navtape.Result(
                    status: 1,
                    stdout: """
                        cp.navtape: 1 divergence in 1 of 14 commands
                          @24 +15.000s `showDetail ShiftAssignment from Master`: viewControllers: UIKit [MasterNC, ShiftAssignment], model [MasterNC, PasteNC] (SH-11)

                        """, stderr: ""))
        let json = try scratch.navtape("conformance", "cp.navtape", "--json")
        #expect(json.status == 1)
        #expect(json.stdout.contains(#""divergentCommands":1"#) && json.stdout.contains(#""rules":["SH-11"]"#), "\(json)")
        let stats = try scratch.navtape("stats", "cp.navtape")
        #expect(stats.stdout.contains("divergences from UIKit: 1 (navtape conformance cp.navtape)"), "\(stats)")
        // The inspector marks that command, and only it, on its timeline.
        #expect(try scratch.navtape("inspect", "cp.navtape", "-o", "cp.html").status == 0)
        let commits = try #require(try InspectTests.data(scratch.read("cp.html"))["commits"] as? [[String: Any]])
        let marked = commits.filter { ($0["diverged"] as? Int ?? 0) > 0 }
        #expect(
            marked.count == 1 && marked.first.map { ($0["first"] as? Int ?? 99) <= 24 && ($0["last"] as? Int ?? -1) >= 24 } == true,
            "\(marked)")
        // A session recorded from a script has none: conformance passes.
        try scratch.recordFixture()
        #expect(try scratch.navtape("conformance", "t.navtape").status == 0)
    }

    @Test(
        "resync lines: recorded, the log verifies, conformance lists each resync and passes, query and facts count them, the inspector marks them, a fork keeps them"
    )
    func resyncLines() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        let sample = Navtape.root.appendingPathComponent("Tests/Capture/segue.intents.jsonl")
        let record = try scratch.navtape("record", "--intents", sample.path, "-o", "sg.navtape")
        #expect(record.status == 0, "\(record)")
        #expect(record.stdout.contains("line 9: resync: UIKit showed stack of MasterNC [Master, Settings] with no recorded cause; adopted"), "\(record)")
        #expect(record.stdout.contains("line 14: acknowledged, 0 events"), "a resync that shows the model's state adopts nothing: \(record)")
        #expect(record.stdout.hasSuffix("divergences from UIKit: 0; 2 resyncs (UIKit's state adopted) (navtape conformance sg.navtape)\n"), "\(record)")
        let verify = try scratch.navtape("verify", "sg.navtape")
        #expect(verify.status == 0, "\(verify)")
        let report = try scratch.navtape("conformance", "sg.navtape")
        #expect(
            report
                == Navtape.Result(
                    status: 0,
                    stdout: """
                        sg.navtape: 0 divergences in 0 of 13 commands; 2 resyncs (UIKit's state adopted)
                          @16 +3.000s resync: UIKit showed stack of MasterNC [Master, Settings] with no recorded cause; adopted
                          @20 +5.000s resync: UIKit showed stack of MasterNC [Master] with no recorded cause; adopted

                        """, stderr: ""))
        let json = try scratch.navtape("conformance", "sg.navtape", "--json")
        #expect(
            json.stdout.contains(
                ##""resyncs":[{"commit":true,"displayMode":null,"event":"resynced","index":16,"stacks":[{"navigation":"#0","stack":["#1","#4"]}]"##), "\(json)")
        let stats = try scratch.navtape("stats", "sg.navtape")
        #expect(stats.stdout.contains("resyncs: 2 (UIKit's state adopted with no recorded cause; navtape conformance sg.navtape)"), "\(stats)")
        #expect(try scratch.navtape("stats", "sg.navtape", "--json").stdout.contains(#""resyncs":2"#))
        // A library's row and the fleet's sessions row count them (facts schema 2).
        let query = try scratch.navtape("query", "sg.navtape", "--json")
        #expect(query.stdout.contains(#""resyncs":2"#), "\(query)")
        let facts = try scratch.navtape("facts", "sg.navtape")
        #expect(facts.stdout.contains(#""resyncs":2,"schema":2,"#), "\(facts)")
        // Blame names the resync, with no rule, as what set the stack.
        let blame = try scratch.navtape("blame", "sg.navtape", "MasterNC", "--at", "17")
        #expect(blame.stdout.contains("set by @16 +3.000s resynced UIKit showed stack of MasterNC [Master, Settings]"), "\(blame)")
        #expect(try scratch.navtape("inspect", "sg.navtape", "-o", "sg.html").status == 0)
        let commits = try #require(try InspectTests.data(scratch.read("sg.html"))["commits"] as? [[String: Any]])
        let resyncs = commits.filter { $0["resync"] as? Bool == true }.map { $0["command"] as? String ?? "" }
        #expect(resyncs == ["resync (no recorded cause)", "resync (no recorded cause)"], "\(resyncs)")
        // Re-decided under another delegate, the branch adopts what UIKit showed at the same points.
        let fork = try scratch.navtape("fork", "sg.navtape", "--at", "0", "--policy", "calendar-paste", "-o", "b.navtape")
        #expect(fork.status == 0, "\(fork)")
        let branch = try scratch.navtape("conformance", "b.navtape")
        #expect(branch.stdout.contains("2 resyncs (UIKit's state adopted)"), "\(branch)")
    }

    @Test("a malformed line stops with FILE:LINE (exit 65), every line before it kept; a script can come from standard input")
    func malformedLine() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        let stream = """
            {"navtape":"intents","version":1,"device":"ipad","traits":"landscape","startTime":0}
            {"command":"setSplitViewControllers","controllers":[{"id":"p","name":"MN","children":[{"id":"m","name":"M"}]}]}
            {"command":"launch"}
            {"command":"push","controller":{"id":"a","name":"A"},"onto":"p"
            {"command":"pop","navigation":"p"}

            """
        let result = try scratch.navtape("record", "--intents", "-", "-o", "bad.navtape", input: stream)
        #expect(result.status == 65)
        #expect(result.stderr == "stdin:4: byte 63: expected ',' or '}'\n", "\(result)")
        #expect(result.stdout.contains("line 3: acknowledged"), "\(result)")
        let state = try scratch.navtape("state", "bad.navtape")
        #expect(state.status == 0 && state.stdout.contains("MN[M]"), "\(state)")
        // A line longer than IntentStream.maximumLineLength (1 MiB) is refused before it is held whole.
        try scratch.write(
            #"{"navtape":"intents","version":1,"device":"ipad"}"# + "\n" + #"{"command":"launch"}"# + "\n"
                + String(repeating: "x", count: 3 << 20) + "\n", to: "long.jsonl")
        let long = try scratch.navtape("record", "--intents", "long.jsonl", "-o", "long.navtape")
        #expect(long.status == 65 && long.stderr == "long.jsonl:3: a line longer than 1048576 bytes\n", "\(long)")
        #expect(long.stdout.contains("line 2: acknowledged"))
        // `record -` reads a script from standard input.
        let script = try scratch.navtape("record", "-", "-o", "s.navtape", input: fixtureScript)
        #expect(script.status == 0, "\(script)")
        #expect(try scratch.navtape("record", "-o", "x.navtape").status == 64)
    }
}

@Suite("inspect")
struct InspectTests {
    /// The JSON data block of a page.
    static func data(_ page: String) throws -> [String: Any] {
        let start = try #require(page.range(of: ServeTests.dataBlock))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = String(page[start.upperBound..<end.lowerBound])
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test("a page embeds every command with the state after it; a long log is embedded around --at and says so")
    func page() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try scratch.recordFixture()
        #expect(try scratch.navtape("inspect", "t.navtape", "-o", "t.html").status == 0)
        let whole = try Self.data(scratch.read("t.html"))
        let commits = try #require(whole["commits"] as? [[String: Any]])
        let window = try #require(whole["window"] as? [String: Any])
        #expect(window["partial"] as? Bool == false)
        // Every event is in exactly one command, in order; the last state is the log's.
        let firsts = commits.compactMap { $0["first"] as? Int }, lasts = commits.compactMap { $0["last"] as? Int }
        #expect(firsts.first == 0 && zip(lasts.dropLast(), firsts.dropFirst()).allSatisfy { $0 + 1 == $1 })
        let state = try scratch.navtape("state", "t.navtape", "--json")
        let hierarchy = try #require((try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])?["hierarchy"] as? String)
        #expect((commits.last?["state"] as? [String: Any])?["hierarchy"] as? String == hierarchy)
        #expect(lasts.last == (try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])?["event"] as? Int)
        // Three commands around @12.
        #expect(try scratch.navtape("inspect", "t.navtape", "--at", "12", "--max-commands", "3", "-o", "part.html").status == 0)
        let part = try Self.data(scratch.read("part.html"))
        let partCommits = try #require(part["commits"] as? [[String: Any]])
        #expect(partCommits.count == 3)
        #expect((part["window"] as? [String: Any])?["partial"] as? Bool == true)
        #expect(partCommits.contains { ($0["first"] as? Int ?? 99) <= 12 && ($0["last"] as? Int ?? -1) >= 12 })
        // The output rules of every -o command hold.
        #expect(try scratch.navtape("inspect", "t.navtape", "-o", "t.html").status == 73)
        #expect(whole["checkpoints"] is NSNull, "a whole log needs none")
    }

    @Test("a page holding part of a long log also draws the log's checkpoints, each the state navtape state gives there")
    func checkpoints() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        #expect(try scratch.navtape("generate", "--events", "20000", "--seed", "5", "-o", "g.navtape").status == 0)
        #expect(try scratch.navtape("inspect", "g.navtape", "--at", "10000", "--max-commands", "50", "-o", "g.html").status == 0)
        let page = try scratch.read("g.html")
        let data = try Self.data(page)
        let checkpoints = try #require(data["checkpoints"] as? [[String: Any]])
        #expect(checkpoints.map { $0["event"] as? Int } == (try TimeMachine(path: scratch.path("g.navtape"))).checkpointIndices.map { Int($0) })
        #expect(checkpoints.count >= 4)
        for checkpoint in checkpoints {
            let event = try #require(checkpoint["event"] as? Int)
            let state = try scratch.navtape("state", "g.navtape", "--at", "\(event - 1)", "--json")
            let hierarchy = (try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])?["hierarchy"] as? String
            #expect((checkpoint["state"] as? [String: Any])?["hierarchy"] as? String == hierarchy)
        }
        #expect(page.contains("scrubs the whole log at its"))
    }

    @Test("the drawn state says which columns are on screen and which overlay the secondary (BTN-8, DM-3)")
    func visibleColumns() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try scratch.write(
            "style triple-column\ndevice ipad portrait\nprimary P\nsupplementary U\nsecondary S\nlaunch\nbutton\nbutton\n",
            to: "t3.navscript")
        #expect(try scratch.navtape("record", "t3.navscript", "-o", "t3.navtape").status == 0)
        #expect(try scratch.navtape("inspect", "t3.navtape", "-o", "t3.html").status == 0)
        let commits = try #require(try Self.data(scratch.read("t3.html"))["commits"] as? [[String: Any]])
        func drawn(_ k: Int) -> (visible: [String], overlay: [String]) {
            let state = commits[commits.count - k]["state"] as? [String: Any]
            return (state?["visible"] as? [String] ?? [], state?["overlay"] as? [String] ?? [])
        }
        // T39: portrait launch shows the secondary alone; the button overlays the supplementary, then both.
        #expect(drawn(3) == (["secondary"], []))
        #expect(drawn(2) == (["supplementary", "secondary"], ["supplementary"]))
        #expect(drawn(1) == (["primary", "supplementary", "secondary"], ["primary", "supplementary"]))
    }
}

@Suite("query")
struct QueryTests {
    @Test("filters a library of sessions and aggregates over the matching ones; a bad log is reported, not fatal")
    func library() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        #expect(try scratch.navtape("demo").status == 0)
        try FileManager.default.createDirectory(atPath: scratch.path("lib/sub"), withIntermediateDirectories: true)
        for name in ["navtape-demo", "navtape-demo-ipad", "navtape-demo-stale"] {
            try FileManager.default.moveItem(atPath: scratch.path("\(name).navtape"), toPath: scratch.path("lib/\(name).navtape"))
        }
        let capture = try scratch.navtape("record", "--intents", CaptureCLITests.sample.path, "-o", "lib/sub/cp.navtape")
        #expect(capture.status == 0)
        let all = try scratch.navtape("query", "lib")
        #expect(all.status == 0, "\(all)")
        #expect(all.stdout.hasPrefix("query: 4 sessions read, 4 match\n"), "\(all)")
        #expect(all.stdout.contains("collapses by device: ipad 0 (0 at launch) in 1 session · iphone-plus "), "\(all)")
        #expect(all.stdout.contains("bugs: BUG-6 ×1 in 1 session"), "\(all)")
        #expect(all.stdout.contains("divergences from UIKit: 1 in 1 session"), "\(all)")
        let stale = try scratch.navtape("query", "lib", "--bug", "BUG-6", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stale.stdout.utf8)) as? [String: Any])
        #expect(object["matching"] as? Int == 1 && object["read"] as? Int == 4)
        let sessions = try #require(object["sessions"] as? [[String: Any]])
        #expect(sessions.map { $0["log"] as? String } == ["lib/navtape-demo-stale.navtape"])
        #expect(object["screens"] as? [String: Int] == ["M": 8_000, "NoSelection": 2_000, "PasteDetail": 7_000])
        // Filters combine: a device and a screen no iPad session showed.
        let none = try scratch.navtape("query", "lib", "--device", "ipad", "--screen", "ShiftAssignment")
        #expect(none.stdout == "query: 4 sessions read, 0 match (device ipad, screen ShiftAssignment)\n", "\(none)")
        #expect(try scratch.navtape("query", "lib", "--diverged").stdout.contains("lib/sub/cp.navtape"))
        // A damaged log is reported on standard error with its status; the others are still queried.
        try scratch.write("not a log", to: "lib/bad.navtape")
        let damaged = try scratch.navtape("query", "lib")
        #expect(damaged.status == 65 && damaged.stdout.hasPrefix("query: 4 sessions read (1 unreadable), 4 match"), "\(damaged)")
        #expect(damaged.stderr.hasPrefix("lib/bad.navtape: "), "\(damaged)")
        #expect(try scratch.navtape("query", "lib", "--bug", "BUG6").status == 64)
    }
}
