import Foundation
import Testing
import NavTapeTestSupport

/// Several logs and directories on one command line, and `--json` on the reports (issue 16, point 1).
@Suite("many logs, JSON reports")
struct ManyLogsTests {
    func library() throws -> Scratch {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        try FileManager.default.createDirectory(atPath: scratch.path("lib/sub"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: scratch.path("navtape-demo.navtape"), toPath: scratch.path("lib/a.navtape"))
        try FileManager.default.copyItem(atPath: scratch.path("navtape-demo-stale.navtape"), toPath: scratch.path("lib/sub/b.navtape"))
        return scratch
    }

    @Test("verify takes logs and directories; each line names its log; the status is the worst")
    func verifyMany() throws {
        let scratch = try library()
        #expect(
            try scratch.navtape("verify", "lib", "navtape-demo-ipad.navtape")
                == .init(
                    status: 0,
                    stdout: """
                        lib/a.navtape: ok: 41 events, 1 checkpoint agrees with the replay
                        lib/sub/b.navtape: ok: 24 events, 1 checkpoint agrees with the replay
                        navtape-demo-ipad.navtape: ok: 36 events, 1 checkpoint agrees with the replay

                        """, stderr: ""))
        let log = try Data(contentsOf: URL(fileURLWithPath: scratch.path("lib/a.navtape")))
        try log.prefix(log.count - 20).write(to: URL(fileURLWithPath: scratch.path("lib/sub/torn.navtape")))
        let result = try scratch.navtape("verify", "lib", "missing.navtape", "--json")
        #expect(result.status == 66, "a torn tail is read with a warning; the worst is 66 (missing): \(result)")
        let objects = try result.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        #expect(objects.map { $0["log"] as? String } == ["lib/a.navtape", "lib/sub/b.navtape", "lib/sub/torn.navtape", "missing.navtape"])
        #expect(objects.map { $0["type"] as? String } == ["verify", "verify", "verify", "error"])
        #expect(objects[0]["events"] as? Int == 41 && objects[0]["ok"] as? Bool == true && objects[0]["checkpoints"] as? Int == 1)
        #expect(objects[2]["ok"] as? Bool == true && objects[3]["status"] as? Int == 66)
        #expect(result.stderr.split(separator: "\n").count == 2 && result.stderr.hasPrefix("warning: lib/sub/torn.navtape: "), "\(result)")
        let strict = try scratch.navtape("verify", "--strict", "lib")
        #expect(strict.status == 65 && strict.stderr.hasPrefix("lib/sub/torn.navtape: "), "\(strict)")
        #expect(try scratch.navtape("verify", "navtape-demo.navtape", "empty").status == 66)
    }

    @Test("stats over a directory: one report per log; --json has the documented members")
    func statsMany() throws {
        let scratch = try library()
        let text = try scratch.navtape("stats", "lib")
        #expect(text.status == 0)
        #expect(
            text.stdout.split(separator: "\n").filter { $0.hasPrefix("lib/") }.map { String($0.split(separator: ":")[0]) }
                == ["lib/a.navtape", "lib/sub/b.navtape"])
        let json = try scratch.navtape("stats", "lib", "--json")
        #expect(json.status == 0 && json.stderr.isEmpty)
        let objects = try json.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        #expect(objects.count == 2)
        let keys: Set<String> = [
            "type", "log", "sessionID", "device", "policy", "events", "commands", "duration", "collapses",
            "collapsesAtLaunch", "separates", "divergences", "resyncs", "deepestStack", "rejected", "ignored", "displayModes", "screens",
            "bugs", "firstBugs", "brokenAtEnd", "app", "appVersion", "build", "os", "deviceModel",
        ]
        #expect(objects.allSatisfy { Set($0.keys) == keys })
        #expect(objects[1]["bugs"] as? [String: Int] == ["BUG-6": 1])
        #expect(objects[0]["commands"] as? Int == 17 && objects[0]["events"] as? Int == 41)
    }

    @Test("--json on diff, blame, timeline and tail: objects with the documented members")
    func jsonEverywhere() throws {
        let scratch = try library()
        func objects(_ arguments: String...) throws -> [[String: Any]] {
            let result = try Navtape.run(arguments, in: scratch.url)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result)")
            return try result.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        }
        let diff = try objects("diff", "lib/sub/b.navtape", "17", "23", "--json")
        #expect(diff.count == 1 && diff[0]["type"] as? String == "diff")
        let changes = try #require(diff[0]["changes"] as? [[String: Any]])
        #expect(changes.first?["change"] as? String == "secondary" && changes.first?["text"] as? String == "secondary: NoSelectionNC → PasteNC1")
        let blame = try objects("blame", "lib/sub/b.navtape", "secondary", "--json")
        #expect(Set(blame[0].keys) == ["type", "log", "what", "event", "events", "value", "setBy", "history", "changes", "from"])
        #expect((blame[0]["setBy"] as? [String: Any])?["index"] as? Int == 23 && blame[0]["event"] as? Int == 23)
        let timeline = try objects("timeline", "lib/sub/b.navtape", "--json")
        #expect(timeline.first?["index"] is NSNull && timeline.dropFirst().allSatisfy { $0["index"] is Int && $0["visible"] is [String] })
        let tail = try objects("tail", "-n", "2", "lib/sub/b.navtape", "--json")
        #expect(tail.map { $0["index"] as? Int } == [22, 23] && tail.allSatisfy { $0["type"] as? String == "event" })
        // record, repair (shrink: ShrinkTests) report JSON too.
        try scratch.write("launch\nexpect collapsed false\n", to: "r.navscript")
        let recorded = try objects("record", "r.navscript", "-o", "r.navtape", "--json")
        #expect(
            recorded.count == 1 && recorded[0]["type"] as? String == "script" && recorded[0]["log"] as? String == "r.navtape"
                && recorded[0]["passed"] as? Bool == true, "\(recorded)")
        let repaired = try objects("repair", "r.navtape", "--json")
        #expect(
            repaired.count == 1 && repaired[0]["type"] as? String == "repair" && repaired[0]["repaired"] as? Bool == false
                && repaired[0]["broken"] is NSNull, "\(repaired)")
        let stream = """
            {"navtape":"intents","version":1,"device":"ipad","traits":"landscape","startTime":0}
            {"command":"setSplitViewControllers","controllers":[{"id":"p","name":"MN","kind":"navigation","children":[{"id":"m","name":"M"}]}]}
            {"command":"launch","observed":{"collapsed":true}}

            """
        try scratch.write(stream, to: "c.jsonl")
        let captured = try Navtape.run(["record", "--intents", "c.jsonl", "-o", "c.navtape", "--json"], in: scratch.url)
        let lines = try captured.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        #expect(lines.map { $0["type"] as? String } == ["acknowledged", "acknowledged", "diverged", "recorded"], "\(captured)")
        #expect(lines.last?["divergences"] as? Int == 1 && lines[2]["line"] as? Int == 3)
    }

    @Test("the commands written into files that say how to make them again are shell-quoted")
    func shellQuoted() throws {
        let scratch = try library()
        try FileManager.default.createDirectory(atPath: scratch.path("my dir"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: scratch.path("lib/sub/b.navtape"), toPath: scratch.path("my dir/it's.navtape"))
        #expect(try scratch.navtape("testgen", "my dir/it's.navtape", "-o", "my dir/Out Tests.swift").status == 0)
        let generated = try scratch.read("my dir/Out Tests.swift")
        #expect(
            generated.contains(#"regenerate with `navtape testgen 'my dir/it'\''s.navtape' -o 'my dir/Out Tests.swift' --suite"#), "\(generated.prefix(400))")
    }
}
