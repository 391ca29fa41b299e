import Foundation
import NavTape
import NavTapeInterchange
import NavTapeTestSupport
import Testing

/// The app-side capture file (`Integrations/UIKit/NavTapeCapture.swift`) writes every line through
/// `NavTapeCaptureFormat`, which is plain Foundation: this target compiles the file on Linux (its
/// UIKit part is excluded by its own `#if`) and pins what it writes. The Calendar Paste session of
/// `Tests/Capture/calendar-paste.intents.jsonl`, written the way the app's capture writes it, must be
/// `Tests/Capture/calendar-paste.rendered.intents.jsonl` byte for byte (`scripts/regenerate` rewrites
/// it), validate against the schema (`scripts/check-capture-schema` reads every sample) and record
/// the same session as the hand-written sample: the writer and NavTape's reader agree.
@Suite("UIKit capture file: what it writes")
struct CaptureFormatTests {
    typealias F = NavTapeCaptureFormat
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/Capture")

    static let portrait = F.Traits(sizeClass: "compact", width: 414, height: 736, idiom: "phone")
    static let landscape = F.Traits(sizeClass: "regular", width: 736, height: 414, idiom: "phone")

    /// The Calendar Paste session (seed 001) as `NavTapeCapture` writes it, through one `References`.
    static func calendarPaste() -> String {
        var references = F.References()
        var lines = [
            F.sessionLine(
                session: "calendar-paste-001", startTime: 1_795_356_000_000, device: "iphone-plus",
                traits: portrait, delegate: "calendar-paste:ShiftAssignment")
        ]
        func line(_ command: String, _ arguments: [(String, F.Value)] = [], at time: Int, observed: F.Observed? = nil) {
            lines.append(F.commandLine(command: command, arguments: arguments, time: time, observed: observed, references: &references))
        }
        let master = F.Controller(id: "0x2", name: "Master")
        let masterNC = F.Controller(id: "0x1", name: "MasterNC", kind: .navigation, children: [master])
        let noSelection = F.Controller(
            id: "0x3", name: "NoSelectionNC", kind: .navigation, restorationID: "NoSelectionNC",
            children: [F.Controller(id: "0x4", name: "NoSelection")])
        line(
            "setSplitViewControllers", [("controllers", .controllers([masterNC, noSelection]))], at: 1_795_356_000_000,
            observed: F.Observed(viewControllers: [masterNC, noSelection], collapsed: false))
        line(
            "launch", at: 1_795_356_000_100,
            observed: F.Observed(viewControllers: [masterNC], collapsed: true, stacks: [F.Stack(navigation: masterNC, viewControllers: [master])]))
        let assignment = F.Controller(id: "0x6", name: "ShiftAssignment")
        let paste = F.Controller(id: "0x5", name: "PasteNC", kind: .navigation, children: [assignment])
        line(
            "showDetail", [("target", .controller(paste)), ("sender", .controller(master))], at: 1_795_356_004_000,
            observed: F.Observed(viewControllers: [masterNC], collapsed: true, stacks: [F.Stack(navigation: masterNC, viewControllers: [master, paste])]))
        line(
            "changeTraits", [("traits", .traits(landscape))], at: 1_795_356_010_000,
            observed: F.Observed(
                viewControllers: [masterNC, paste], collapsed: false, displayMode: .allVisible,
                stacks: [F.Stack(navigation: masterNC, viewControllers: [master]), F.Stack(navigation: paste, viewControllers: [assignment])]))
        // What the hand-written sample seeds as a disagreement (SH-11): UIKit's plain detail replacing the secondary.
        let plain = F.Controller(id: "0x7", name: "ShiftAssignment")
        line(
            "showDetail", [("target", .controller(plain)), ("sender", .controller(master))], at: 1_795_356_015_000,
            observed: F.Observed(viewControllers: [masterNC, plain], collapsed: false))
        line("changeTraits", [("traits", .traits(portrait))], at: 1_795_356_020_000, observed: F.Observed(collapsed: true))
        line(
            "pop", [("navigation", .controller(masterNC))], at: 1_795_356_024_000,
            observed: F.Observed(viewControllers: [masterNC], stacks: [F.Stack(navigation: masterNC, viewControllers: [master])]))
        // The delegate's fresh NoSelectionNC, which the app's capture sees only in the observation.
        let fresh = F.Controller(id: "0x8", name: "NoSelectionNC", kind: .navigation)
        line(
            "changeTraits", [("traits", .traits(landscape))], at: 1_795_356_030_000,
            observed: F.Observed(
                viewControllers: [masterNC, fresh], collapsed: false, displayMode: .allVisible,
                stacks: [F.Stack(navigation: fresh, viewControllers: [F.Controller(id: "0x9", name: "NoSelection")])]))
        let assignment2 = F.Controller(id: "0xb", name: "ShiftAssignment")
        let paste2 = F.Controller(id: "0xa", name: "PasteNC", kind: .navigation, children: [assignment2])
        line(
            "showDetail", [("target", .controller(paste2)), ("sender", .controller(master))], at: 1_795_356_036_000,
            observed: F.Observed(viewControllers: [masterNC, paste2], stacks: [F.Stack(navigation: paste2, viewControllers: [assignment2])]))
        return lines.joined(separator: "\n") + "\n"
    }

    static let rendered = samples.appendingPathComponent("calendar-paste.rendered.intents.jsonl")

    @Test("the capture file writes the Calendar Paste session as the committed sample, byte for byte")
    func pinned() throws {
        let expected = Self.calendarPaste()
        let current = (try? String(contentsOf: Self.rendered, encoding: .utf8)) ?? ""
        if current != expected {
            if ProcessInfo.processInfo.environment["NAVTAPE_REGENERATE"] == "1" {
                try expected.write(to: Self.rendered, atomically: true, encoding: .utf8)
            }
            Issue.record("Tests/Capture/calendar-paste.rendered.intents.jsonl is not what the capture file writes: regenerate with scripts/regenerate")
        }
    }

    @Test("what the capture file writes records the same session as the hand-written sample: same events, same divergence")
    func ingested() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        func record(_ text: String, _ name: String) throws -> (events: Int, divergences: [String], hierarchy: String) {
            var ingest = CaptureIngest(path: scratch.path(name), file: name, options: RecorderOptions(), now: { 0 })
            var divergences: [String] = []
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let step = try ingest.feed(String(line), number: i + 1) { divergences += step.divergences.map(\.aspect.name) }
            }
            try ingest.finish()
            let tape = try TimeMachine(path: scratch.path(name))
            return (Int(tape.eventCount), divergences, try tape.state(at: tape.eventCount).hierarchyDescription)
        }
        let written = try record(Self.calendarPaste(), "rendered.navtape")
        let sample = try record(
            try String(contentsOf: Self.samples.appendingPathComponent("calendar-paste.intents.jsonl"), encoding: .utf8),
            "sample.navtape")
        #expect(written.divergences == ["viewControllers"])
        #expect(
            written.events == sample.events && written.divergences == sample.divergences && written.hierarchy == sample.hierarchy,
            "\(written) \(sample)")
    }

    @Test("a resync line the capture writes after a segue's push is adopted by record --intents, with no divergence after it")
    func resyncLine() throws {
        var references = F.References()
        let master = F.Controller(id: "0x2", name: "Master")
        let masterNC = F.Controller(id: "0x1", name: "MasterNC", kind: .navigation, children: [master])
        let settings = F.Controller(id: "0x7", name: "Settings")
        var lines = [F.sessionLine(session: "segue", startTime: 1_000, device: "iphone", traits: Self.portrait)]
        lines.append(
            F.commandLine(command: "setSplitViewControllers", arguments: [("controllers", .controllers([masterNC]))], time: 1_000, references: &references))
        lines.append(F.commandLine(command: "launch", time: 1_100, observed: F.Observed(collapsed: true), references: &references))
        let resync = F.resyncLine(
            observed: F.Observed(viewControllers: [masterNC], stacks: [F.Stack(navigation: masterNC, viewControllers: [master, settings])]),
            time: 2_000, references: &references)
        #expect(
            resync
                == #"{"resync":{"viewControllers":["0x1"],"stacks":[{"navigation":"0x1","viewControllers":["0x2",{"id":"0x7","name":"Settings"}]}]},"time":2000}"#
        )
        lines.append(resync)
        lines.append(
            F.commandLine(
                command: "pop", arguments: [("navigation", .controller(masterNC))], time: 3_000,
                observed: F.Observed(stacks: [F.Stack(navigation: masterNC, viewControllers: [master])]), references: &references))
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        var ingest = CaptureIngest(path: scratch.path("s.navtape"), file: "s.jsonl", options: RecorderOptions(), now: { 0 })
        var divergences = 0
        for (i, line) in lines.enumerated() {
            if let step = try ingest.feed(line, number: i + 1) { divergences += step.divergences.count }
        }
        try ingest.finish()
        #expect(ingest.resyncCount == 1 && divergences == 0)
        let tape = try TimeMachine(path: scratch.path("s.navtape"))
        #expect(try tape.state(at: tape.eventCount).hierarchyDescription == "MasterNC[Master]")
    }

    @Test(
        "what UIKit did by itself: each stack change the capture sees is the right intent, a resync, or nothing",
        arguments: [
            // (what happened, before, now, idle, collapse changed, columns, interactive, expected)
            ("the Back button", ["m", "d"], ["m"], true, false, [], false, F.StackChange.pop),
            ("a back swipe, completed", ["m", "d"], ["m"], true, false, [], true, .interactivePop),
            ("a back swipe, cancelled: the stack as it was", ["m", "d"], ["m", "d"], true, false, [], true, .none),
            ("an unwind segue two screens back", ["m", "a", "b", "c"], ["m", "a"], true, false, [], false, .popTo("a")),
            ("an unwind segue to the root", ["m", "a", "b"], ["m"], true, false, [], false, .popToRoot),
            ("a Show segue's push", ["m"], ["m", "s"], true, false, [], false, .resync),
            ("a third-party SDK's push", ["m", "d"], ["m", "d", "sdk"], true, false, [], false, .resync),
            ("another caller's setViewControllers", ["m", "d"], ["x", "y"], true, false, [], false, .resync),
            ("a push the app routed through the capture (in flight)", ["m"], ["m", "p"], false, false, [], false, .none),
            ("a collapse moving the detail onto the primary's stack", ["m"], ["m", "dn"], true, true, [], false, .none),
            ("a separate taking the detail back to its column", ["m", "dn"], ["m"], true, false, ["mn", "dn"], false, .none),
            ("the first time the stack is seen", nil, ["m"], true, false, [], false, .none),
        ] as [(String, [String]?, [String], Bool, Bool, Set<String>, Bool, F.StackChange)])
    func stackChange(
        _ what: String, before: [String]?, now: [String], idle: Bool, collapseChanged: Bool, columns: Set<String>,
        interactive: Bool, expected: F.StackChange
    ) {
        let change = F.StackChange.classify(
            before: before, now: now, idle: idle, collapseChanged: collapseChanged, columns: columns, interactive: interactive)
        #expect(change == expected, "\(what)")
    }

    @Test("strings are JSON strings; a controller is described once, then named by its identity")
    func escapingAndReferences() {
        #expect(F.quoted("a\"b\\c\nd\u{1}é") == #""a\"b\\c\nd\u0001é""#)
        var references = F.References()
        let list = F.Controller(id: "0x1", name: "L\"ist")
        let first = F.commandLine(command: "present", arguments: [("controller", .controller(list))], references: &references)
        #expect(first == #"{"command":"present","controller":{"id":"0x1","name":"L\"ist","kind":"content"}}"#)
        #expect(references.isNamed("0x1"))
        let again = F.commandLine(
            command: "dismiss", arguments: [], time: 5,
            observed: F.Observed(viewControllers: [list], collapsed: nil, displayMode: .automatic),
            references: &references)
        #expect(again == #"{"command":"dismiss","time":5,"observed":{"viewControllers":["0x1"]}}"#)
    }
}
