import Foundation
import NavigationCore
import Testing
import NavTapeScript

/// The expectations of what UIKit tells the app (issue 12): each holds on a session where it is
/// true and fails, at its line with what was found, where it is not.
@Suite("Expectations of what UIKit tells the app")
struct ObservationExpectationTests {
    func failures(_ text: String) throws -> [String] {
        try ScriptRunner.run(ScriptParser.parse(text, file: "o.navscript")).failures.map(\.description)
    }

    /// T12 then T13 on an iPhone: a nested navigation controller shown, then popped.
    static let phone = """
        device iphone portrait
        policy collapseSecondary returns true
        launch
        showDetail DN2[D2] from M
        """

    @Test(
        "callbacks, in order, net for the command (AP-1, AP-4)",
        arguments: [
            ("expect callbacks viewWillDisappear(M), viewWillAppear(DN2), viewWillAppear(D2), viewDidDisappear(M), viewDidAppear(DN2), viewDidAppear(D2)", nil),
            (
                "expect callbacks viewWillAppear(D2), viewDidAppear(D2)",
                "o.navscript:5: expected callbacks viewWillAppear(D2), viewDidAppear(D2), got callbacks viewWillDisappear(M), viewWillAppear(DN2), viewWillAppear(D2), viewDidDisappear(M), viewDidAppear(DN2), viewDidAppear(D2)"
            ),
            (
                "expect callbacks none",
                "o.navscript:5: expected callbacks none, got callbacks viewWillDisappear(M), viewWillAppear(DN2), viewWillAppear(D2), viewDidDisappear(M), viewDidAppear(DN2), viewDidAppear(D2)"
            ),
        ] as [(String, String?)])
    func callbacks(line: String, failure: String?) throws {
        #expect(try failures(Self.phone + "\n" + line) == (failure.map { [$0] } ?? []))
    }

    @Test("transitions and the return value of pop (NV-2, NV-5)")
    func popped() throws {
        let script = Self.phone + "\npop MN\n"
        #expect(try failures(script + "expect popped DN2\nexpect transitions pop(MN)") == [])
        #expect(try failures(script + "expect popped none") == ["o.navscript:6: expected popped none, got popped DN2"])
        #expect(try failures(script + "expect transitions push(MN)") == ["o.navscript:6: expected transitions push(MN), got transitions pop(MN)"])
        #expect(try failures(script + "popToRoot MN\nexpect popped none\nexpect ignored NV-3") == [])
        #expect(try failures(Self.phone + "\nexpect transitions push(MN)") == [])
    }

    @Test("notifications in order (DM-2, CO-1.6, EX-1.7)")
    func notifications() throws {
        let script = "device iphone-plus landscape\nlaunch\nrotate portrait\n"
        #expect(try failures(script + "expect notifications didCollapse") == [])
        // didExpand comes after the transition, so after the display mode's willChangeTo (EX-1.7, DM-2).
        #expect(try failures(script + "rotate landscape\nexpect notifications didExpand") == [])
        #expect(try failures(script + "expect notifications none") == ["o.navscript:4: expected notifications none, got notifications didCollapse"])
        let ipad = "device ipad portrait\nlaunch\ntapDisplayModeButton\n"
        #expect(try failures(ipad + "expect notifications willChangeTo(primaryOverlay)") == [])
        #expect(
            try failures(ipad + "expect notifications willChangeTo(allVisible)")
                == ["o.navscript:4: expected notifications willChangeTo(allVisible), got notifications willChangeTo(primaryOverlay)"])
    }

    @Test("notifications of every kind hold where UIKit sends them and fail where it does not (EX-1.7, BTN-8, LG-5)")
    func notificationKinds() throws {
        let expand = "device iphone-plus portrait\nlaunch\nrotate landscape\n"
        #expect(try failures(expand + "expect notifications willChangeTo(allVisible), didExpand") == [])
        #expect(
            try failures(expand + "expect notifications didExpand")
                == ["o.navscript:4: expected notifications didExpand, got notifications willChangeTo(allVisible), didExpand"])
        let columns = "style double-column\ndevice ipad landscape\nprimary P\nsecondary S\nlaunch\nhideColumn primary\n"
        #expect(try failures(columns + "expect notifications willChangeTo(secondaryOnly), willHide(primary)") == [])
        #expect(
            try failures(columns + "expect notifications willChangeTo(secondaryOnly), willShow(primary)")
                == [
                    "o.navscript:7: expected notifications willChangeTo(secondaryOnly), willShow(primary), got notifications willChangeTo(secondaryOnly), willHide(primary)"
                ])
        #expect(try failures(columns + "showColumn primary\nexpect notifications willChangeTo(oneBesideSecondary), willShow(primary)") == [])
        let legacy = "style legacy\ndevice ipad portrait\nlaunch\n"
        #expect(try failures(legacy + "expect notifications willHideViewController") == [])
        #expect(try failures(legacy + "rotate landscape\nexpect notifications willShowViewController") == [])
        #expect(
            try failures(legacy + "rotate landscape\nexpect notifications willShowViewController, willChangeTo(allVisible)")
                == ["o.navscript:5: expected notifications willShowViewController, willChangeTo(allVisible), got notifications willShowViewController"])
    }

    @Test("setViewControllers' transition is UIKit's rule, stated in the event (NV-5)")
    func setViewControllersTransitions() throws {
        let base = "device ipad landscape\nprimary MN[A, B, C]\nlaunch\n"
        #expect(try failures(base + "setViewControllers [A, B, C, X] of MN\nexpect transitions push(MN)") == [])
        #expect(try failures(base + "setViewControllers [A, B] of MN\nexpect transitions pop(MN)") == [])
        #expect(try failures(base + "setViewControllers [B, C] of MN\nexpect transitions none(MN)") == [])
        // Apple's example: A, B, C set to X, A, B is a pop (B, an old controller, becomes the top).
        #expect(try failures(base + "setViewControllers [X, A, B] of MN\nexpect transitions pop(MN)") == [])
        #expect(
            try failures(base + "setViewControllers [X, A, B] of MN\nexpect transitions push(MN)")
                == ["o.navscript:5: expected transitions push(MN), got transitions pop(MN)"])
    }

    @Test("identity: the same instance, or a fresh one (EX-3)")
    func identity() throws {
        let policy = """
            device iphone-plus landscape
            policy separateSecondary fresh NoSelectionNC[NoSelection]
            launch
            rotate portrait
            rotate landscape
            """
        #expect(try failures(policy + "\nexpect fresh NoSelectionNC\nexpect same MN as #0") == [])
        #expect(
            try failures(policy + "\nexpect same NoSelectionNC as #2").first?.hasPrefix(
                "o.navscript:6: expected same NoSelectionNC as #2, got NoSelectionNC is #m") == true)
        #expect(try failures(policy + "\nexpect fresh MN") == ["o.navscript:6: expected fresh MN, got MN is #0, created before the command"])
        #expect(try failures("launch\nshowDetail D2 from M\nexpect fresh D2") == [])
    }

    @Test("no violation RULE beside the exact list")
    func noViolation() throws {
        let stale = "device iphone-plus portrait\nlaunch\npop MN\nrotate landscape\n"
        #expect(try failures(stale + "expect no violation BUG-1") == [])
        #expect(try failures(stale + "expect no violation BUG-6") == ["o.navscript:5: expected no violation BUG-6, got violations BUG-6"])
    }

    @Test("SH-14's question: would show or showDetail from this sender push?")
    func query() throws {
        #expect(try failures("device iphone portrait\nlaunch\nquery showDetail from M\nexpect answer push") == [])
        #expect(try failures("device ipad landscape\nlaunch\nquery showDetail from M\nexpect answer noPush\nquery show from M\nexpect answer push") == [])
        #expect(
            try failures("device ipad landscape\nlaunch\nquery showDetail from M\nexpect answer push")
                == ["o.navscript:4: expected answer push, got answer noPush"])
        #expect(try failures("launch\nexpect answer push") == ["o.navscript:2: expected answer push, got answer no query before"])
    }

    @Test("several sessions: each starts from the defaults; parse refuses them, sessions reads them")
    func sessions() throws {
        let text = "session a\ndevice iphone portrait\nlaunch\nexpect collapsed true\nsession b\nlaunch\nexpect collapsed false"
        let scripts = try ScriptParser.sessions(text, file: "s.navscript")
        #expect(scripts.map(\.sessionName) == ["a", "b"])
        #expect(try scripts.map { try ScriptRunner.run($0) }.allSatisfy(\.passed))
        #expect(throws: ScriptError(file: "s.navscript", line: 5, column: 1, "a second session: this script holds 2 sessions (run or record it whole)")) {
            try ScriptParser.parse(text, file: "s.navscript")
        }
        #expect(throws: ScriptError(file: "s.navscript", line: 3, column: 1, "session 'a' twice in one script")) {
            try ScriptParser.sessions("session a\nlaunch\nsession a\nlaunch", file: "s.navscript")
        }
    }

    @Test("docs/ScriptFormat.md shows every expectation, and every example there parses")
    func documented() throws {
        let text = try String(contentsOf: PolicyDocumentationTests.document, encoding: .utf8)
        guard let start = text.range(of: "## Expectations"), let end = text.range(of: "### Queries") else {
            Issue.record("docs/ScriptFormat.md lost its Expectations section")
            return
        }
        let examples = text[start.upperBound..<end.lowerBound].split(separator: "`").enumerated()
            .filter { $0.offset % 2 == 1 && $0.element.hasPrefix("expect ") }.map { String($0.element) }
        for example in examples {
            #expect(throws: Never.self, "\(example)") {
                try ScriptParser.parse("query show from M\n" + example.replacingOccurrences(of: "\\|", with: "|"), file: "doc")
            }
        }
        let kinds = Set(examples.map { $0.split(separator: " ")[1] })
        for keyword in [
            "hierarchy", "collapsed", "displayMode", "preferredDisplayMode", "visible", "violation", "violations",
            "rejected", "ignored", "accepted", "unchanged", "button", "presented", "primaryColumnWidth", "splitBehavior",
            "callbacks", "notifications", "transitions", "popped", "same", "fresh", "no", "answer",
        ] {
            #expect(kinds.contains(Substring(keyword)), "no example of expect \(keyword)")
        }
    }

    @Test("malformed observation lines name the line and column")
    func malformed() {
        #expect(
            throws: ScriptError(
                file: "o.navscript", line: 2, column: 18,
                "expected a callback such as viewWillAppear(D2), found 'viewWillApear(D)' (viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear)")
        ) {
            try ScriptParser.parse("launch\nexpect callbacks viewWillApear(D)", file: "o.navscript")
        }
        #expect(throws: ScriptError(file: "o.navscript", line: 1, column: 15, "expected 'as', found 'is'")) {
            try ScriptParser.parse("expect same D is #3", file: "o.navscript")
        }
        #expect(throws: ScriptError(file: "o.navscript", line: 1, column: 7, "expected show or showDetail, found 'push'")) {
            try ScriptParser.parse("query push from M", file: "o.navscript")
        }
    }
}
