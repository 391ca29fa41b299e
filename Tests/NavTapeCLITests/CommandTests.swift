import Foundation
import Testing
import NavTapeTestSupport

/// Every subcommand end to end through the built binary on the fixture session: exact standard
/// output, standard error and exit status.
@Suite("navtape subcommands")
struct CommandTests {
    @Test("record and run")
    func recordAndRun() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.write(fixtureScript, to: "t.navscript")
        #expect(
            try scratch.navtape("record", "t.navscript", "-o", "t.navtape")
                == .init(status: 0, stdout: "PASS t.navscript: 1 expectation, 7 commands, 22 events; recorded to t.navtape\n", stderr: ""))
        #expect(
            try scratch.navtape("run", "t.navscript")
                == .init(status: 0, stdout: "PASS t.navscript: 1 expectation, 7 commands, 22 events\n", stderr: ""))
        try scratch.write(fixtureScript + "expect collapsed true\nexpect visible M\n", to: "f.navscript")
        #expect(
            try scratch.navtape("run", "f.navscript")
                == .init(
                    status: 1, stdout: "FAIL f.navscript: 2 of 3 expectations failed, 7 commands, 22 events\n",
                    stderr: "f.navscript:11: expected collapsed true, got collapsed false\nf.navscript:12: expected visible M, got visible M, PasteDetail\n"))
    }

    @Test("state: text at a point, JSON at a time")
    func state() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        // One numbering: --at 12 is the state after event @12, the last event it shows (issue 16).
        #expect(
            try scratch.navtape("state", "t.navtape", "--at", "12")
                == .init(
                    status: 0,
                    stdout: """
                        t.navtape: after @12 (13 of 22 events) · 2026-11-22T14:00:01.000Z (+1.000s) · iphone-plus · calendar-paste
                        last event @12   +1.000s     collapsed onto MN: discardedByDelegate (at launch)
                        collapsed · compact 414×736 phone · button: hidden
                        ┌─ collapsed: one stack ───────────────────────────────────────┐
                        │ MN                                                           │
                        │ └─ M ◀                                                       │
                        └──────────────────────────────────────────────────────────────┘
                        hierarchy: MN[M]

                        """, stderr: ""))
        #expect(
            try scratch.navtape("state", "t.navtape")
                == .init(
                    status: 0,
                    stdout: """
                        t.navtape: after @21 (22 of 22 events) · 2026-11-22T14:00:04.000Z (+4.000s) · iphone-plus · calendar-paste
                        last event @21   +4.000s     displayModeChanged → allVisible (expand)
                        expanded · allVisible · regular 736×414 phone · button: → primaryHidden
                        ┌─ primary · 245.3 pt ─┐┌─ secondary ──────────────────────────┐
                        │ MN                   ││ PasteNC                              │
                        │ └─ M ◀               ││ └─ PasteDetail ◀                     │
                        └──────────────────────┘└──────────────────────────────────────┘
                        hierarchy: MN[M] | PasteNC[PasteDetail]

                        """, stderr: ""))
        let json =
            ##"{"button":"hidden","compactColumn":null,"date":"2026-11-22T14:00:03.000Z","displayMode":"primaryHidden","event":18,"events":19,"##
            + ##""flags":[],"height":736,"hierarchy":"MN[M, PasteNC[PasteDetail]]","idiom":"phone","isCollapsed":true,"isLaunched":true,"##
            + ##""policy":"reset; name calendar-paste; collapseSecondary discard if secondary is @NoSelectionNC; "##
            + ##"separateSecondary nil if primary nestedTop is PasteDetail else fresh NoSelectionNC@NoSelectionNC[NoSelection]","##
            + ##""preferredDisplayMode":"automatic","preferredSplitBehavior":"automatic","presented":null,"presentsWithGesture":true,"primary":"#0","primaryColumnWidth":138,"##
            + ##""primaryEdge":"leading","secondary":null,"sideBySide":"byOrientation","sizeClass":"compact","splitBehavior":"automatic","##
            + ##""stacks":[{"id":"#0","name":"MN","stack":["#1","#4"]},{"id":"#4","name":"PasteNC","stack":["#5"]}],"##
            + ##""style":"unspecified","supplementary":null,"time":1795356003000,"viewControllers":["#0"],"violations":[],"##
            + ##""visible":["PasteDetail"],"##
            + ##""visibleIDs":["#5"],"width":414}"## + "\n"
        #expect(try scratch.navtape("state", "t.navtape", "--time", "+3", "--json") == .init(status: 0, stdout: json, stderr: ""))
        #expect(try scratch.navtape("state", "t.navtape", "--time", "2026-11-22T14:00:03.000Z", "--json").stdout == json)
        #expect(try scratch.navtape("state", "t.navtape", "--time", "1795356003999", "--json").stdout == json)
    }

    /// One flow on an iPad and on an iPhone Plus: the same taps, two configurations, one file.
    static let twoSessions = """
        # The same detail on an iPad and on an iPhone Plus.
        session ipad
        device ipad landscape
        launch
        showDetail D2 from M
        expect visible M, D2
        expect notifications none

        session phone
        device iphone-plus portrait
        launch
        showDetail D2 from M
        expect visible D2
        expect transitions push(MN)
        rotate landscape
        expect notifications willChangeTo(allVisible), didExpand
        """

    @Test("a script of several sessions: run checks each, record writes one log per session (issue 12)")
    func sessions() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.write(Self.twoSessions, to: "two.navscript")
        #expect(
            try scratch.navtape("run", "two.navscript")
                == .init(
                    status: 0,
                    stdout: """
                        PASS two.navscript [session ipad]: 2 expectations, 6 commands, 16 events
                        PASS two.navscript [session phone]: 3 expectations, 7 commands, 19 events

                        """, stderr: ""))
        let recorded = try scratch.navtape("record", "two.navscript", "-o", "two.navtape")
        #expect(recorded.status == 0, "\(recorded)")
        #expect(recorded.stdout.contains("recorded to two.ipad.navtape") && recorded.stdout.contains("recorded to two.phone.navtape"))
        #expect(try scratch.navtape("stats", "two.phone.navtape").stdout.contains("(phone · iphone-plus"))
        #expect(try scratch.navtape("state", "two.ipad.navtape").stdout.contains("D2"))
        // A wrong expectation in the second session fails at its line in the file.
        try scratch.write(Self.twoSessions.replacingOccurrences(of: "expect visible D2\n", with: "expect visible M\n"), to: "bad.navscript")
        let failed = try scratch.navtape("run", "bad.navscript")
        #expect(failed.status == 1)
        #expect(failed.stderr == "bad.navscript:13: expected visible M, got visible D2\n")
    }

    @Test("log, timeline, stats")
    func listings() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        #expect(
            try scratch.navtape("log", "t.navtape", "--from", "10", "--to", "14")
                == .init(
                    status: 0,
                    stdout: """
                        @10   +0.000s   ▸ splitViewControllersSet MN | NoSelectionNC
                        @11   +1.000s   ▸ launched compact 414×736 phone
                        @12   +1.000s     collapsed onto MN: discardedByDelegate (at launch)
                                        ↳ callbacks viewWillAppear(MN), viewWillAppear(M), viewDidAppear(MN), viewDidAppear(M) · notifications didCollapse
                        @13   +3.000s   ▸ nameInterned "PasteNC"

                        """, stderr: ""))
        #expect(
            try scratch.navtape("log", "t.navtape", "--from", "18", "--to", "20", "--json")
                == .init(
                    status: 0,
                    stdout: """
                        {"commit":true,"event":"detailShown","index":18,"onto":"#0","resolution":"pushed","sender":"#1","target":"#4","time":1795356003000,"type":"event","uikit":{"callbacks":[{"callback":"viewWillDisappear","controller":"#1"},{"callback":"viewWillAppear","controller":"#4"},{"callback":"viewWillAppear","controller":"#5"},{"callback":"viewDidDisappear","controller":"#1"},{"callback":"viewDidAppear","controller":"#4"},{"callback":"viewDidAppear","controller":"#5"}],"notifications":[],"transitions":[{"navigation":"#0","transition":"push"}]}}
                        {"commit":true,"event":"traitsChanged","index":19,"time":1795356004000,"traits":{"height":414,"idiom":"phone","sideBySide":"byOrientation","sizeClass":"regular","width":736},"type":"event"}

                        """, stderr: ""))
        // A commit that only created controllers says which (what `expect fresh` checks).
        let created = try scratch.navtape("log", "t.navtape", "--from", "13", "--to", "18", "--json")
        #expect(created.stdout.contains(##""type":"event","uikit":{"callbacks":[],"created":["#4","#5"],"notifications":[],"transitions":[]}}"##), "\(created)")
        #expect(
            try scratch.navtape("timeline", "t.navtape")
                == .init(
                    status: 0,
                    stdout: """
                        t.navtape: what the user sees, after each event that changed it
                        start           (nothing)
                        @11   +1.000s   NoSelection                 ← launched compact 414×736 phone
                        @12   +1.000s   M                           ← collapsed onto MN: discardedByDelegate (at launch)
                        @18   +3.000s   PasteDetail                 ← detailShown PasteNC from M: pushed onto MN
                        @21   +4.000s   M | PasteDetail             ← displayModeChanged → allVisible (expand)

                        """, stderr: ""))
        #expect(
            try scratch.navtape("stats", "t.navtape")
                == .init(
                    status: 0,
                    stdout: """
                        t.navtape: 22 events, 7 commands over 4.000s (fixture · iphone-plus · calendar-paste)
                        collapses: 1 (1 at launch) · separates: 1 · deepest stack: 2
                        rejected: none · ignored: none
                        time by display mode: collapsed 3.000s
                        time on screen: M 2.000s · PasteDetail 1.000s
                        bugs: none

                        """, stderr: ""))
    }

    @Test("diff within a log and between logs; blame")
    func diffAndBlame() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        #expect(
            try scratch.navtape("diff", "t.navtape", "17", "20")
                == .init(
                    status: 0,
                    stdout: """
                        t.navtape, @17 → @20: 7 changes
                          traits: compact 414×736 phone → regular 736×414 phone
                          isCollapsed: true → false
                          secondary: none → PasteNC
                          primaryColumnWidth: 138 → 245.3
                          PasteNC entered the hierarchy
                          PasteDetail entered the hierarchy
                          visible: [MN, M] → [PasteNC, PasteDetail]

                        """, stderr: ""))
        #expect(
            try scratch.navtape("diff", "t.navtape", "t.navtape").stdout
                == "final states, t.navtape (22 events) → t.navtape (22 events): no differences\n")
        #expect(
            try scratch.navtape("blame", "t.navtape", "secondary", "--at", "18")
                == .init(
                    status: 0,
                    stdout: """
                        t.navtape: secondary after @18 (19 of 22 events) is none
                        set by @12 +1.000s collapsed onto MN: discardedByDelegate (at launch) (was NoSelectionNC[NoSelection])
                        history (2 changes):
                          @10   +0.000s   none → NoSelectionNC[NoSelection]       splitViewControllersSet MN | NoSelectionNC
                          @12   +1.000s   NoSelectionNC[NoSelection] → none       collapsed onto MN: discardedByDelegate (at launch)

                        """, stderr: ""))
        #expect(try scratch.navtape("blame", "t.navtape", "MN").stdout.hasPrefix("t.navtape: MN after @21 (22 of 22 events) is [M]\n"))
        // --limit keeps the latest changes (memory stays flat); --from starts the trace later.
        #expect(
            try scratch.navtape("blame", "t.navtape", "secondary", "--limit", "1")
                == .init(
                    status: 0,
                    stdout: """
                        t.navtape: secondary after @21 (22 of 22 events) is PasteNC[PasteDetail]
                        set by @20 +4.000s separated MN | PasteNC (poppedFromPrimary) (was none)
                        history (3 changes, the last 1 shown (--limit)):
                          @20   +4.000s   none → PasteNC[PasteDetail]             separated MN | PasteNC (poppedFromPrimary)

                        """, stderr: ""))
        #expect(
            try scratch.navtape("blame", "t.navtape", "secondary", "--from", "12", "--at", "18")
                == .init(
                    status: 0,
                    stdout: """
                        t.navtape: secondary after @18 (19 of 22 events) is none
                        unchanged since @12

                        """, stderr: ""))
        #expect(try scratch.navtape("blame", "t.navtape", "secondary", "--from", "20", "--at", "18").status == 64)
    }

    @Test("verify and repair a clean log; tail")
    func maintenance() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        #expect(
            try scratch.navtape("verify", "t.navtape")
                == .init(status: 0, stdout: "t.navtape: ok: 22 events, 1 checkpoint agrees with the replay\n", stderr: ""))
        #expect(
            try scratch.navtape("repair", "t.navtape")
                == .init(status: 0, stdout: "t.navtape: clean, nothing to repair (22 events)\n", stderr: ""))
        #expect(
            try scratch.navtape("tail", "t.navtape", "-n", "2")
                == .init(
                    status: 0,
                    stdout: """
                        @20   +4.000s     separated MN | PasteNC (poppedFromPrimary)
                        @21   +4.000s     displayModeChanged → allVisible (expand)

                        """, stderr: ""))
    }

    @Test("repair salvages a torn tail: the whole blocks stay, the original is kept")
    func repairTornTail() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("t.navtape")))
        try (data + Data(repeating: 0xAB, count: 40)).write(to: URL(fileURLWithPath: scratch.path("t.navtape")))
        try? FileManager.default.removeItem(atPath: scratch.path("t.navtape.idx"))
        // verify is a read command like the others (issue 30): a warning, or 65 with --strict.
        let torn = try scratch.navtape("verify", "t.navtape")
        #expect(torn.status == 0 && torn.stderr.hasPrefix("warning: t.navtape: ") && torn.stdout.hasPrefix("t.navtape: ok: 22 events"), "\(torn)")
        let strictVerify = try scratch.navtape("verify", "--strict", "t.navtape")
        #expect(strictVerify.status == 65)
        #expect(strictVerify.stderr.hasPrefix("t.navtape: ") && strictVerify.stderr.contains("byte \(data.count)"), "\(strictVerify)")
        // Read commands read what can be read (issue 13): the whole blocks, a warning naming the
        // offset and the bytes left out, exit 0; --strict refuses; the file is not touched.
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.path("t.navtape")))
        let stats = try scratch.navtape("stats", "t.navtape")
        #expect(stats.status == 0 && stats.stdout.hasPrefix("t.navtape: 22 events"), "\(stats)")
        #expect(
            stats.stderr == "warning: t.navtape: incomplete block header at byte \(data.count) (file ends at byte \(data.count + 40)); "
                + "read the 22 events up to byte \(data.count) (40 bytes ignored) (navtape repair salvages them into a clean log; --strict refuses)\n",
            "\(stats)")
        #expect(try scratch.navtape("log", "t.navtape", "--from", "21").stdout.hasPrefix("@21"))
        let strict = try scratch.navtape("stats", "t.navtape", "--strict")
        #expect(strict.status == 65 && strict.stdout.isEmpty && strict.stderr.contains("byte \(data.count)"), "\(strict)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("t.navtape"))) == before)
        let repaired = try scratch.navtape("repair", "t.navtape")
        #expect(
            repaired
                == .init(
                    status: 0,
                    stdout: "t.navtape: kept 22 events in 2 blocks; dropped 0 blocks (0 events); damaged: "
                        + "bytes \(data.count)..<\(data.count + 40); original saved as t.navtape.broken\n", stderr: ""))
        #expect(try scratch.navtape("verify", "t.navtape").status == 0)
    }

    @Test("export → import → export is identical, for a recording and for a branch")
    func exportImport() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        let first = try scratch.navtape("export", "t.navtape", "--jsonl")
        #expect(first.status == 0 && first.stderr.isEmpty)
        #expect(first.stdout.split(separator: "\n").count == 23)  // the session line and 22 events
        #expect(first.stdout.hasPrefix(#"{"device":"iphone-plus","forkIndex":0,"format":2,"initialTraits":"#))
        try scratch.write(first.stdout, to: "t.jsonl")
        #expect(
            try scratch.navtape("import", "t.jsonl", "-o", "u.navtape")
                == .init(status: 0, stdout: "u.navtape: 22 events (7 commands) from t.jsonl\n", stderr: ""))
        #expect(try scratch.navtape("export", "u.navtape").stdout == first.stdout)
        #expect(try scratch.navtape("export", "u.navtape", "-o", "u.jsonl").status == 0)
        #expect(try scratch.read("u.jsonl") == first.stdout)

        _ = try scratch.navtape("fork", "t.navtape", "--at", "19", "--device", "ipad", "-o", "b.navtape")
        let branch = try scratch.navtape("export", "b.navtape")
        #expect(branch.stdout.contains(#""initialState":""#) && branch.stdout.contains(#""parentSessionID":"fixture""#))
        try scratch.write(branch.stdout, to: "b.jsonl")
        #expect(try scratch.navtape("import", "b.jsonl", "-o", "c.navtape").status == 0)
        #expect(try scratch.navtape("export", "c.navtape").stdout == branch.stdout)
        #expect(try scratch.navtape("state", "c.navtape").stdout.contains("hierarchy: MN[M] | PasteNC[PasteDetail]"))
    }

    @Test("fork re-decides on another device and prints the diff of the final states")
    func fork() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        #expect(
            try scratch.navtape("fork", "t.navtape", "--at", "0", "--device", "ipad", "-o", "f.navtape")
                == .init(
                    status: 0,
                    stdout: """
                        f.navtape: forked at the start, 7 commands re-decided, 20 events written
                        final states t.navtape → f.navtape: 3 changes
                          traits: regular 736×414 phone → regular 1024×768 pad
                          primaryColumnWidth: 245.3 → 320
                          rememberedSecondary: NoSelectionNC → none

                        """, stderr: ""))
        // A branch forked after the launch on the phone (no rotation after it), re-decided from its own
        // start on an iPad, rotates to the iPad first: its state is an iPad's, as its header says.
        try scratch.write(
            "device iphone-plus portrait\npolicy calendar-paste\nprimary MN[M]\nsecondary DN[D]\nlaunch\n"
                + "showDetail PasteNC[PasteDetail] from M\npush X onto MN\n", to: "p.navscript")
        #expect(try scratch.navtape("record", "p.navscript", "-o", "p.navtape").status == 0)
        let shown = try #require(scratch.navtape("log", "p.navtape").stdout.split(separator: "\n").first { $0.contains("detailShown") })
        let point = String(shown.dropFirst().prefix { $0.isNumber })
        #expect(try scratch.navtape("fork", "p.navtape", "--at", point, "-o", "b.navtape").status == 0)
        #expect(try scratch.navtape("fork", "b.navtape", "--at", "0", "--device", "ipad", "-o", "bi.navtape").status == 0)
        let ipad = try scratch.navtape("state", "bi.navtape", "--json").stdout
        #expect(ipad.contains(#""idiom":"pad""#), "\(ipad)")
        // A point inside a commit forks at the commit's start: printed and named alike.
        #expect(try scratch.navtape("demo").status == 0)
        let inside = try scratch.navtape("fork", "navtape-demo.navtape", "--at", "7", "-o", "m.navtape")
        #expect(inside.stdout.hasPrefix("m.navtape: forked after @4,"), "\(inside)")
        #expect(try scratch.navtape("export", "m.navtape").stdout.contains(#""sessionID":"demo-iphone-plus-fork-4""#))
    }

    @Test("fork --policy takes any policy in the language: the same session merges its detail instead (CO-4)")
    func forkUnderAPolicy() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        let result = try scratch.navtape(
            "fork", "t.navtape", "--at", "0", "--policy", "calendar-paste; collapseSecondary merge; name merging",
            "-o", "m.navtape")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(try scratch.navtape("stats", "m.navtape").stdout.contains("· merging)"))
        let before = try scratch.navtape("state", "t.navtape").stdout, after = try scratch.navtape("state", "m.navtape").stdout
        #expect(before != after)
    }

    @Test("generate is deterministic and draws no progress bar when stderr is not a terminal")
    func generate() throws {
        let scratch = Scratch(onDisk: true)
        #expect(
            try scratch.navtape("generate", "--events", "50", "--seed", "3", "-o", "g.navtape")
                == .init(
                    status: 0, stdout: "g.navtape: 50 events from 29 generated commands, seed 3, iphone-plus, calendar-paste\n", stderr: ""))
        #expect(try scratch.navtape("generate", "--events", "50", "--seed", "3", "-o", "h.navtape").status == 0)
        #expect(
            try scratch.navtape("export", "g.navtape").stdout.replacingOccurrences(of: "generated-3", with: "x")
                == scratch.navtape("export", "h.navtape").stdout.replacingOccurrences(of: "generated-3", with: "x"))
        #expect(try scratch.navtape("verify", "g.navtape").status == 0)
        // Without --seed, a new seed is drawn and printed; giving it back makes the same log.
        let drawn = try scratch.navtape("generate", "--events", "50", "-o", "r.navtape")
        let seed = try #require(drawn.stdout.split(separator: ",").first { $0.hasPrefix(" seed ") }?.dropFirst(6))
        #expect(try scratch.navtape("generate", "--events", "50", "--seed", String(seed), "-o", "s.navtape").status == 0)
        #expect(try scratch.navtape("export", "r.navtape").stdout == scratch.navtape("export", "s.navtape").stdout)
    }

    @Test("testgen writes a Swift Testing file")
    func testgen() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        #expect(
            try scratch.navtape("testgen", "t.navtape", "-o", "T.swift")
                == .init(status: 0, stdout: "T.swift: 1 test from 1 log\n", stderr: ""))
        let source = try scratch.read("T.swift")
        #expect(source.contains("import NavigationCore\nimport Testing\n"))
        #expect(source.contains("struct RecordedSessionTests {"))
        #expect(
            source.contains(
                """
                        // @18 +3.000s showDetail PasteNC from M
                        Self.step(&state, policy, .showDetail(ControllerID(app: 4), sender: ControllerID(app: 1)),
                                  hierarchy: "MN[M, PasteNC[PasteDetail]]", collapsed: true, displayMode: .primaryHidden, visible: ["PasteDetail"])
                """))
        // The regenerate comment is the command as given, output path included (issue 16, point 5).
        try FileManager.default.createDirectory(atPath: scratch.path("out"), withIntermediateDirectories: true)
        #expect(try scratch.navtape("testgen", "t.navtape", "-o", "out/T.swift").status == 0)
        #expect(try scratch.read("out/T.swift").contains("// regenerate with `navtape testgen t.navtape -o out/T.swift --suite RecordedSessionTests --force`."))
    }

    @Test("--help on every subcommand has examples")
    func help() throws {
        for subcommand in [
            "demo", "record", "run", "generate", "state", "log", "timeline", "stats", "diff", "blame", "verify",
            "repair", "export", "import", "tail", "fork", "testgen",
        ] {
            let result = try Navtape.run([subcommand, "--help"])
            #expect(result.status == 0 && result.stderr.isEmpty)
            #expect(result.stdout.contains("Examples:") && result.stdout.contains("navtape \(subcommand)"), "\(subcommand)")
        }
        let root = try Navtape.run(["--help"])
        #expect(root.status == 0 && root.stdout.contains("Exit status: 0 success; 1 a script's expectations failed; 64 usage"))
    }
}
