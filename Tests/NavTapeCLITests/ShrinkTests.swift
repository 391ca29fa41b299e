import Foundation
import Testing
import NavTapeTestSupport

/// `navtape shrink` and `navtape skip` (issue 16, point 4), through the built binary on the demo's logs.
@Suite("shrink and skip")
struct ShrinkTests {
    @Test("the demo's stale-detail session is already the few commands that cause BUG-6: shrink keeps them all, and its script passes run")
    func shrinkStaleDetail() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        let result = try scratch.navtape("shrink", "navtape-demo-stale.navtape", "--bug", "BUG-6", "-o", "min.navtape", "--script", "min.navscript")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.hasPrefix("min.navtape: 5 → 5 commands after the setup ("), "\(result)")
        #expect(result.stdout.contains("), still BUG-6 about PasteNC1\n"))
        // The minimal session: the paste shown, collapse, the user's pop, expand — and BUG-6 about that paste.
        #expect(try scratch.navtape("stats", "min.navtape").stdout.contains("BUG-6"))
        let script = try scratch.read("min.navscript")
        #expect(
            script.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("expect") && $0.contains(" at ") }.map {
                String($0.split(separator: " ").first ?? "")
            } == ["launch", "instantiate", "showDetail", "traits", "pop", "traits"])
        #expect(script.contains("\nexpect violation BUG-6\n"))
        let run = try scratch.navtape("run", "min.navscript")
        #expect(run == .init(status: 0, stdout: "PASS min.navscript: 1 expectation, 9 commands, 24 events\n", stderr: ""))
        // Without the pop there is no stale detail: the session is 1-minimal.
        let mutated = script.replacingOccurrences(of: "pop MN", with: "# pop MN")
        try scratch.write(mutated, to: "nopop.navscript")
        #expect(try scratch.navtape("run", "nopop.navscript").status == 1)
    }

    @Test("a long session without its delegate shrinks to a handful of commands showing the same BUG-6, about the same controller")
    func shrinkLongSession() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("generate", "--events", "300", "--seed", "4", "--policy", "none", "-o", "g.navtape").status == 0)
        let result = try scratch.navtape("shrink", "g.navtape", "--bug", "BUG-6", "-o", "m.navtape", "--script", "m.navscript", "--json")
        #expect(result.status == 0, "\(result)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let commands = try #require(report["commands"] as? Int), kept = try #require(report["kept"] as? Int)
        #expect(commands > 100 && kept <= 8, "\(report)")
        #expect(report["goal"] as? String == "BUG-6 about PasteNC1")
        // The bug is the original's: raised about the same paste in the shrunk session.
        let stats = try scratch.navtape("stats", "m.navtape").stdout
        #expect(stats.contains("BUG-6") && stats.contains("stale detail PasteNC1"), "\(stats)")
        #expect(try scratch.navtape("run", "m.navscript").status == 0)
        #expect(try scratch.read("m.navscript").contains("\nexpect violation BUG-6\n"))
    }

    @Test("skip and shrink re-decide a fork from the parent's state at the fork, not from nothing")
    func forks() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        // The stale session forked after its first collapse, then a command of the branch skipped.
        #expect(try scratch.navtape("fork", "navtape-demo-stale.navtape", "--at", "20", "-o", "fk.navtape").status == 0)
        let skipped = try scratch.navtape("skip", "fk.navtape", "0", "-o", "s.navtape")
        #expect(skipped.status == 0, "\(skipped)")
        #expect(!(try scratch.navtape("log", "s.navtape").stdout.contains("rejected")), "the branch's commands apply to the parent's state")
        let shrunk = try scratch.navtape("shrink", "fk.navtape", "--bug", "BUG-6", "-o", "m.navtape", "--script", "m.navscript")
        #expect(shrunk.status == 0, "\(shrunk)")
        #expect(try scratch.navtape("stats", "m.navtape").stdout.contains("BUG-6"))
    }

    @Test("shrink --expect keeps any script expectation: the fewest commands after which Shift is on screen")
    func shrinkExpectation() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        let result = try scratch.navtape("shrink", "navtape-demo.navtape", "--expect", "visible Shift", "-o", "s.navtape", "--script", "s.navscript")
        #expect(result.status == 0 && result.stdout.hasPrefix("s.navtape: 13 → 4 commands after the setup ("), "\(result)")
        let script = try scratch.read("s.navscript")
        #expect(script.hasSuffix("show Shift from PasteDetail at 2026-11-22T14:00:06.500Z\nexpect visible Shift\n"), "\(script)")
        #expect(try scratch.navtape("run", "s.navscript").status == 0)
        #expect(
            try scratch.navtape("shrink", "navtape-demo.navtape", "--expect", "visble Shift", "-o", "x.navtape")
                == .init(status: 64, stdout: "", stderr: "--expect: character 1: unknown expectation 'visble' (did you mean 'visible'?)\n"))
        #expect(try scratch.navtape("shrink", "navtape-demo.navtape", "--bug", "BUG-6", "--expect", "visible M", "-o", "x.navtape").status == 64)
    }

    @Test("shrink refuses a session without the bug and a rule it cannot read")
    func shrinkRefuses() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        #expect(
            try scratch.navtape("shrink", "navtape-demo.navtape", "--bug", "BUG-6", "-o", "x.navtape")
                == .init(status: 64, stdout: "", stderr: "navtape-demo.navtape: the session never shows BUG-6: nothing to shrink\n"))
        #expect(
            try scratch.navtape("shrink", "navtape-demo.navtape", "--bug", "BUG6", "-o", "x.navtape")
                == .init(status: 64, stdout: "", stderr: "--bug takes a rule such as BUG-6 or INV-4, found 'BUG6'\n"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("x.navtape")))
    }

    @Test("skip leaves out the commands of the given events and re-decides the rest")
    func skip() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        // @19 is the rotation to portrait: without it nothing collapses, so no stale detail (BUG-6).
        let result = try scratch.navtape("skip", "navtape-demo-stale.navtape", "19", "-o", "s.navtape")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("s.navtape: 1 command left out, 8 re-decided, 21 events written\n"))
        #expect(try !scratch.navtape("stats", "s.navtape").stdout.contains("BUG-6"))
        #expect(
            try scratch.navtape("skip", "navtape-demo-stale.navtape", "99", "-o", "t.navtape")
                == .init(status: 64, stdout: "", stderr: "navtape-demo-stale.navtape: event 99 is past the end (its events are @0…@23)\n"))
    }

    @Test("scripts take names in any script's letters, as import does, but no bidi overrides (issue 16, point 6)")
    func unicodeNames() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.write("launch\nshowDetail Détail from M\nshowDetail 詳細 from Détail\nexpect visible M, 詳細\n", to: "u.navscript")
        #expect(try scratch.navtape("run", "u.navscript").status == 0)
        try scratch.write("launch\nshowDetail D\u{202E}X from M\n", to: "b.navscript")
        #expect(
            try scratch.navtape("run", "b.navscript")
                == .init(status: 65, stdout: "", stderr: "b.navscript:2:13: unexpected '\\u{202E}' after the controller\n"))
    }
}
