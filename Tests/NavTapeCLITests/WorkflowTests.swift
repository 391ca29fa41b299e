import Foundation
import Testing
import NavTapeTestSupport

/// The small things of a real workflow (issue 16, point 6), through the built binary: scripts by
/// directory, a missing script among several, durations as people read them, did-you-mean for
/// script keywords, and shrink's progress on a terminal.
@Suite("the command line in a workflow")
struct WorkflowTests {
    @Test("run takes directories of scripts; a script that cannot be read is reported and the rest still run (exit 66)")
    func runDirectories() throws {
        let scratch = Scratch(onDisk: true)
        try FileManager.default.createDirectory(atPath: scratch.path("suite/sub"), withIntermediateDirectories: true)
        try scratch.write("launch\nexpect collapsed false\n", to: "suite/a.navscript")
        try scratch.write("launch\nexpect collapsed false\n", to: "suite/sub/b.navscript")
        let all = try scratch.navtape("run", "suite")
        #expect(
            all
                == .init(
                    status: 0,
                    stdout: """
                        PASS suite/a.navscript: 1 expectation, 4 commands, 13 events
                        PASS suite/sub/b.navscript: 1 expectation, 4 commands, 13 events

                        """, stderr: ""))
        let junit = try scratch.navtape("run", "suite", "gone.navscript", "--junit", "r.xml")
        #expect(junit.status == 66, "\(junit)")
        let report = try scratch.read("r.xml")
        #expect(report.contains(#"tests="3" failures="0" errors="1""#) && report.contains(">gone.navscript: no such file</error>"), "\(report)")
        #expect(try scratch.navtape("run", "gone.navscript").status == 66)
        try FileManager.default.createDirectory(atPath: scratch.path("empty"), withIntermediateDirectories: true)
        #expect(try scratch.navtape("run", "empty") == .init(status: 66, stdout: "", stderr: "empty: no .navscript scripts in this directory\n"))
        // Nothing stops the run: a malformed script, a missing one and an empty directory are each
        // reported where they come, the others run, and the status is the worst (66 over 65 over 1).
        try scratch.write("launch\nexpect collapsed true\n", to: "fails.navscript")
        try scratch.write("launch\nrotate sideways\n", to: "bad.navscript")
        let mixed = try scratch.navtape("run", "bad.navscript", "suite/a.navscript", "fails.navscript")
        #expect(
            mixed.status == 65 && mixed.stdout.contains("PASS suite/a.navscript") && mixed.stdout.contains("FAIL fails.navscript")
                && mixed.stderr.hasPrefix("bad.navscript:2:"), "\(mixed)")
        #expect(try scratch.navtape("run", "fails.navscript", "suite").status == 1)
        let worst = try scratch.navtape("run", "empty", "bad.navscript", "suite", "--junit", "w.xml")
        #expect(worst.status == 66 && worst.stdout.contains("PASS suite/sub/b.navscript"), "\(worst)")
        #expect(try scratch.read("w.xml").contains(">empty: no .navscript scripts in this directory</error>"))
    }

    @Test("long times read as durations in every listing, and can be typed back")
    func durations() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.write(
            "device ipad landscape\nlaunch\nrotate portrait at +48d16h23m30.464s\nrotate landscape at +1h10m06.464s\n",
            to: "long.navscript")
        #expect(try scratch.navtape("record", "long.navscript", "-o", "long.navtape").status == 0)
        let log = try scratch.navtape("log", "long.navtape").stdout
        #expect(log.contains("+48d16h23m31.464s") && log.contains("+48d17h33m37.928s"), "\(log)")
        let state = try scratch.navtape("state", "long.navtape", "--time", "+48d16h23m31.464s")
        #expect(state.status == 0 && state.stdout.contains("compact") == false && state.stdout.contains("768×1024"), "\(state)")
        #expect(try scratch.navtape("stats", "long.navtape").stdout.contains("over 48d17h33m37.928s"))
    }

    @Test("a mistyped script keyword or subcommand gets a suggestion")
    func didYouMean() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.write("luanch\n", to: "typo.navscript")
        let typo = try scratch.navtape("run", "typo.navscript")
        #expect(typo.status == 65 && typo.stderr.contains("(did you mean 'launch'?)"), "\(typo)")
        try scratch.write("launch\nexpect colapsed true\n", to: "expect.navscript")
        let expectation = try scratch.navtape("run", "expect.navscript")
        #expect(expectation.status == 65 && expectation.stderr.contains("(did you mean 'collapsed'?)"), "\(expectation)")
        let command = try scratch.navtape("shrnk")
        #expect(command.status == 64 && command.stderr.contains("shrink"), "\(command)")
    }

    @Test("shrink draws its progress on a terminal (sessions tried, commands kept) and erases it")
    func shrinkProgress() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("generate", "--events", "300", "--seed", "4", "--policy", "none", "-o", "g.navtape").status == 0)
        let drawn = try Navtape.run(
            ["shrink", "g.navtape", "--bug", "BUG-6", "-o", "m.navtape"], in: scratch.url,
            environment: ProgressTests.now, terminal: true)
        #expect(drawn.status == 0, "\(drawn)")
        #expect(drawn.stderr.contains("\r\u{1B}[Kshrinking") && drawn.stderr.contains("sessions tried"), "\(drawn.stderr.prefix(300).debugDescription)")
        #expect(drawn.stderr.hasSuffix("\r\u{1B}[K"), "\(drawn.stderr.suffix(80).debugDescription)")
    }
}
