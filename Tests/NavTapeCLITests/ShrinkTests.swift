import Foundation
import Testing

/// `navtape shrink` and `navtape skip` (issue 16, point 4), through the built binary on the demo's logs.
@Suite("shrink and skip")
struct ShrinkTests {
    @Test("the demo's stale-detail session shrinks to the four commands that cause BUG-6; its script passes run")
    func shrinkStaleDetail() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        let result = try scratch.navtape("shrink", "navtape-demo-stale.navtape", "--bug", "BUG-6", "-o", "min.navtape", "--script", "min.navscript")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.hasPrefix("min.navtape: 6 → 4 commands after the setup ("), "\(result)")
        #expect(result.stdout.contains("), still BUG-6\n"))
        // The minimal session: collapse, the user's pop, expand — and BUG-6.
        #expect(try scratch.navtape("stats", "min.navtape").stdout.contains("BUG-6"))
        let script = try scratch.read("min.navscript")
        #expect(script.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("expect") && $0.contains(" at ") }.map {
            String($0.split(separator: " ").first ?? "")
        } == ["launch", "traits", "pop", "traits"])
        #expect(script.contains("\nexpect violation BUG-6\n"))
        let run = try scratch.navtape("run", "min.navscript")
        #expect(run == .init(status: 0, stdout: "PASS min.navscript: 1 expectation, 7 commands, 18 events\n", stderr: ""))
        // Without the pop there is no stale detail: the shrink is 1-minimal.
        let mutated = script.replacingOccurrences(of: "pop MN", with: "# pop MN")
        try scratch.write(mutated, to: "nopop.navscript")
        #expect(try scratch.navtape("run", "nopop.navscript").status == 1)
    }

    @Test("shrink --expect keeps any script expectation: the fewest commands after which Shift is on screen")
    func shrinkExpectation() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        let result = try scratch.navtape("shrink", "navtape-demo.navtape", "--expect", "visible Shift", "-o", "s.navtape", "--script", "s.navscript")
        #expect(result.status == 0 && result.stdout.hasPrefix("s.navtape: 14 → 5 commands after the setup ("), "\(result)")
        let script = try scratch.read("s.navscript")
        #expect(script.hasSuffix("show Shift from PasteDetail at 2026-11-22T14:00:06.500Z\nexpect visible Shift\n"), "\(script)")
        #expect(try scratch.navtape("run", "s.navscript").status == 0)
        #expect(try scratch.navtape("shrink", "navtape-demo.navtape", "--expect", "visble Shift", "-o", "x.navtape")
            == .init(status: 64, stdout: "", stderr: "--expect: character 1: unknown expectation 'visble' (did you mean 'visible'?)\n"))
        #expect(try scratch.navtape("shrink", "navtape-demo.navtape", "--bug", "BUG-6", "--expect", "visible M", "-o", "x.navtape").status == 64)
    }

    @Test("shrink refuses a session without the bug and a rule it cannot read")
    func shrinkRefuses() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        #expect(try scratch.navtape("shrink", "navtape-demo.navtape", "--bug", "BUG-6", "-o", "x.navtape")
            == .init(status: 64, stdout: "", stderr: "navtape-demo.navtape: the session never shows BUG-6: nothing to shrink\n"))
        #expect(try scratch.navtape("shrink", "navtape-demo.navtape", "--bug", "BUG6", "-o", "x.navtape")
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
        #expect(try scratch.navtape("skip", "navtape-demo-stale.navtape", "99", "-o", "t.navtape")
            == .init(status: 64, stdout: "", stderr: "navtape-demo-stale.navtape: event 99 is past the end (its events are @0…@23)\n"))
    }

    @Test("scripts take names in any script's letters, as import does, but no bidi overrides (issue 16, point 6)")
    func unicodeNames() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.write("launch\nshowDetail Détail from M\nshowDetail 詳細 from Détail\nexpect visible M, 詳細\n", to: "u.navscript")
        #expect(try scratch.navtape("run", "u.navscript").status == 0)
        try scratch.write("launch\nshowDetail D\u{202E}X from M\n", to: "b.navscript")
        #expect(try scratch.navtape("run", "b.navscript")
            == .init(status: 65, stdout: "", stderr: "b.navscript:2:13: unexpected '\\u{202E}' after the controller\n"))
    }
}

