import Foundation
import NavigationCore
import Testing
@testable import NavTapeScript
import NavTape
import NavTapeTestSupport

@Suite("Script runner")
struct ScriptRunnerTests {
    func run(_ text: String) throws -> ScriptRun {
        try ScriptRunner.run(ScriptParser.parse(text, file: "r.navscript"))
    }

    @Test("an unknown name in a target position creates a content controller; a known one is reused")
    func implicitCreation() throws {
        let result = try run(
            """
            device ipad landscape
            launch
            show M2 from M
            expect hierarchy MN[M, M2] | DN[D]
            pop MN
            push M2 onto MN
            expect hierarchy MN[M, M2] | DN[D]
            """)
        #expect(result.passed, "\(result.failures)")
        #expect(result.finalState.appControllerCount == 5)  // MN, M, DN, D, M2: M2 created once
        #expect(
            result.steps.map(\.command) == [
                .launch(Device.iPad.traits(.landscape)), .show(ControllerID(app: 4), sender: ControllerID(app: 1)),
                .pop(ControllerID(app: 0)), .push(ControllerID(app: 4), onto: ControllerID(app: 0)),
            ])
    }

    @Test("a tree always creates new controllers, even with a known name")
    func treesCreate() throws {
        let result = try run("launch\nshowDetail DN[D] from M\nexpect hierarchy MN[M] | DN[D]")
        #expect(result.passed)
        #expect(result.finalState.appControllerCount == 6)
        #expect(result.finalState.secondary == ControllerID(app: 4))
    }

    @Test("an unknown name where a controller must exist is an error at its column")
    func unknownName() {
        #expect(throws: ScriptError(file: "r.navscript", line: 2, column: 5, "no controller named 'Nope'")) {
            try run("launch\npop Nope")
        }
    }

    @Test("failed expectations are all collected, with the line and both values")
    func failures() throws {
        let result = try run(
            """
            device iphone portrait
            launch
            expect hierarchy MN[M]
            expect violation BUG-6
            expect rejected NV-1
            pop MN
            expect unchanged
            expect ignored NV-2
            expect visible M
            """)
        #expect(
            result.failures.map(\.description) == [
                "r.navscript:3: expected hierarchy MN[M], got hierarchy MN[M, DN[D]]",
                "r.navscript:4: expected violation BUG-6, got violations BUG-5",
                "r.navscript:5: expected rejected NV-1, got accepted",
                "r.navscript:7: expected unchanged, got hierarchy MN[M] (changed)",
                "r.navscript:8: expected ignored NV-2, got accepted",
            ])
        #expect(result.expectationsChecked == 6)
    }

    @Test("expectations see only the previous command's own events, not the controllers its line created")
    func previousCommand() throws {
        let result = try run(
            """
            launch
            push DN2[D2] onto MN
            expect rejected navigationController
            expect unchanged
            expect violations BUG-8
            """)
        #expect(result.passed, "\(result.failures)")
    }

    @Test("recording writes the script's times: +1 s by default, relative and absolute steps")
    func recordedTimes() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.url
        let path = directory.appendingPathComponent("r.navtape").path
        let script = try ScriptParser.parse(
            """
            session timed
            start 2026-01-01T00:00:00.000Z
            launch
            button at +250ms
            button at 2026-01-01T00:00:05.000Z
            """, file: "r.navscript")
        let result = try ScriptRunner.run(script, recordingTo: path)
        let start = try #require(SessionTime.parseISO("2026-01-01T00:00:00.000Z"))
        #expect(result.steps.map(\.time) == [start + 1_000, start + 1_250, start + 5_000])
        let machine = try TimeMachine(path: path)
        #expect(machine.sessionID == "timed")
        #expect(machine.startTime == start)
        #expect(machine.eventCount == result.eventCount)
        #expect(try machine.state(at: machine.eventCount) == result.finalState)
        let commitTimes = try machine.events(from: 0, to: machine.eventCount).filter(\.startsCommit).map(\.time)
        #expect(commitTimes == [start, start, start, start + 1_000, start + 1_250, start + 5_000])
    }

    @Test(
        "a command rendered as a script line parses back to the same command",
        arguments: [
            "show M2 from M", "showDetail nil from M", "push #9 onto MN", "popTo M in MN", "interactivePop MN cancelled",
            "setViewControllers [M] of MN", "set preferredPrimaryColumnWidthFraction 0.25", "traits regular 1024x768 pad narrow",
            "preferredDisplayMode primaryOverlay", "edgeSwipe",
        ])
    func rendering(line: String) throws {
        let state = try run("launch\nshow M2 from M\npop MN").finalState
        let parsed = try ScriptParser.parse("launch\n" + line, file: "r.navscript")
        guard case .command(let command)? = parsed.steps.last?.kind else { return }
        var ids: [ControllerID] = []
        for slot in command.slots {
            switch slot.reference {
            case .id(let id): ids.append(id)
            case .name(let name): ids.append(try #require(state.controller(named: name)))
            case .tree: Issue.record("no trees here")
            }
        }
        let resolved = command.template.mappingIDs { ids[$0.index] }
        #expect(resolved.scriptLine(in: state) == line)
    }
}

@Suite("Script times")
struct SessionTimeTests {
    @Test(
        "offsets read as durations: seconds under a minute, then minutes, hours and days",
        arguments: [
            (Int64(12_500), "+12.500s"), (59_999, "+59.999s"), (60_000, "+1m00.000s"), (4_206_464, "+1h10m06.464s"),
            (4_206_210_464, "+48d16h23m30.464s"), (-1_500, "-1.500s"), (-3_600_000, "-1h00m00.000s"), (0, "+0.000s"),
        ] as [(Int64, String)])
    func offsets(milliseconds: Int64, text: String) {
        #expect(SessionTime.offset(milliseconds) == text)
        // What is printed can be typed back (`--time +1h10m06.464s`).
        if milliseconds >= 0 { #expect(SessionTime.parseDuration(text.dropFirst()) == milliseconds) }
    }

    @Test("columns are padded by characters, whether the text is ASCII or not, with one space at least")
    func padding() {
        #expect("@12".padding(6) == "@12   ")
        #expect("Détail".padding(8) == "Détail  ")
        #expect("👩‍💻 Feed".padding(8) == "👩‍💻 Feed  ")
        #expect("+48d16h23m30.464s".padding(10) == "+48d16h23m30.464s ")
        #expect("x".padding(80).utf8.count == 80)
    }

    @Test(
        "ISO 8601 round trip",
        arguments: [
            "1970-01-01T00:00:00.000Z", "2026-11-22T14:02:31.250Z", "2000-02-29T23:59:59.999Z", "1969-12-31T23:59:59.000Z",
        ])
    func iso(text: String) throws {
        let milliseconds = try #require(SessionTime.parseISO(text))
        #expect(SessionTime.iso8601(milliseconds) == text)
    }

    @Test("known instants and rejects")
    func instants() {
        #expect(SessionTime.parseISO("2026-11-22T14:00:00Z") == SessionTime.defaultStart)
        #expect(SessionTime.parseISO("2026-11-22T14:00:00.5Z") == SessionTime.defaultStart + 500)
        #expect(SessionTime.parseISO("2026-02-30T00:00:00Z") == nil)
        #expect(SessionTime.parseISO("2026-11-22 14:00:00Z") == nil)
        #expect(SessionTime.parseISO("2026-11-22T14:00:00.Z") == nil)
        #expect(SessionTime.parse("+250ms") == .relative(250))
        #expect(SessionTime.parse("+1.5s") == .relative(1_500))
        #expect(SessionTime.parse("+2m") == .relative(120_000))
        #expect(SessionTime.parse("1795356000000") == .absolute(SessionTime.defaultStart))
        #expect(SessionTime.parse("+-1s") == nil)
        #expect(SessionTime.offset(12_500) == "+12.500s")
        #expect(SessionTime.offset(-5) == "-0.005s")
        // The widest offsets fit the text's buffer.
        #expect(SessionTime.offset(.max) == "+106751991167d07h12m55.807s")
        #expect(SessionTime.offset(.min) == "-106751991167d07h12m55.808s")
    }
}
