import NavigationCore
import Testing
@testable import NavTapeScript
import NavTape

@Suite("Script parser")
struct ScriptParserTests {
    func parse(_ text: String) throws -> Script { try ScriptParser.parse(text, file: "s.navscript") }

    func command(_ line: String, setup: String = "device ipad landscape") throws -> ScriptCommand {
        let script = try parse(setup + "\n" + line)
        guard case .command(let command)? = script.steps.first?.kind else {
            Issue.record("no command in \(line)")
            return ScriptCommand(template: .dismiss)
        }
        return command
    }

    func error(_ text: String) -> ScriptError? {
        do {
            _ = try parse(text)
            return nil
        } catch let error as ScriptError {
            return error
        } catch {
            return nil
        }
    }

    static let slot0 = ControllerID(app: 0), slot1 = ControllerID(app: 1)

    @Test(
        "every NavigationCommand has a line",
        arguments: [
            ("instantiate DN2[D2]", NavigationCommand.instantiate(.navigation("DN2", [.content("D2")]))),
            ("launch", .launch(Device.iPad.traits(.landscape))),
            ("launch portrait", .launch(Device.iPad.traits(.portrait))),
            ("rotate portrait", .changeTraits(Device.iPad.traits(.portrait))),
            ("traits iphone-plus landscape", .changeTraits(Device.iPhonePlus.traits(.landscape))),
            (
                "changeTraits compact 320x568 phone narrow",
                .changeTraits(Traits(horizontalSizeClass: .compact, width: 320, height: 568, idiom: .phone, sideBySide: .narrow))
            ),
            ("rotate multitasking landscape 1/3", .changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3.0))),
            ("preferredDisplayMode allVisible", .setPreferredDisplayMode(.allVisible)),
            ("setPreferredDisplayMode oneOverSecondary", .setPreferredDisplayMode(.primaryOverlay)),
            ("tapDisplayModeButton", .tapDisplayModeButton),
            ("button", .tapDisplayModeButton),
            ("edgeSwipe", .edgeSwipe),
            ("tapDimmedSecondary", .tapDimmedSecondary),
            ("show M2 from M", .show(slot0, sender: slot1)),
            ("showDetail DN2[D2] from M", .showDetail(slot0, sender: slot1)),
            ("showDetail nil from M", .showDetail(nil, sender: slot0)),
            ("push B onto AN", .push(slot0, onto: slot1)),
            ("pop MN", .pop(slot0)),
            ("interactivePop MN", .interactivePop(slot0, completed: true)),
            ("interactivePop MN cancelled", .interactivePop(slot0, completed: false)),
            ("popToRoot MN", .popToRoot(slot0)),
            ("popTo M in MN", .popTo(slot0, in: slot1)),
            ("setViewControllers [A, B] of AN", .setViewControllers([slot0, slot1], of: ControllerID(app: 2))),
            ("setSplitViewControllers [MN, DN3[D3]]", .setSplitViewControllers([slot0, slot1])),
            ("present P", .present(slot0)),
            ("dismiss", .dismiss),
            ("set presentsWithGesture false", .setProperty(.presentsWithGesture(false))),
            ("set primaryEdge trailing", .setProperty(.primaryEdge(.trailing))),
            ("setProperty preferredPrimaryColumnWidthFraction 0.4", .setProperty(.preferredPrimaryColumnWidthFraction(0.4))),
            ("set preferredPrimaryColumnWidth automatic", .setProperty(.preferredPrimaryColumnWidth(nil))),
            ("set minimumPrimaryColumnWidth 100", .setProperty(.minimumPrimaryColumnWidth(100))),
            ("set maximumPrimaryColumnWidth 400", .setProperty(.maximumPrimaryColumnWidth(400))),
            ("set showsSecondaryOnlyButton true", .setProperty(.showsSecondaryOnlyButton(true))),
            ("set displayModeButtonVisibility never", .setProperty(.displayModeButtonVisibility(.never))),
            ("setViewController X for secondary", .setViewController(slot0, for: .secondary)),
            ("setViewController nil for supplementary", .setViewController(nil, for: .supplementary)),
            ("showColumn primary", .showColumn(.primary)),
            ("hideColumn compact", .hideColumn(.compact)),
            ("preferredSplitBehavior displace", .setPreferredSplitBehavior(.displace)),
            ("setPreferredSplitBehavior tile", .setPreferredSplitBehavior(.tile)),
            ("tapSecondaryOnlyButton", .tapSecondaryOnlyButton),
        ])
    func commandLines(line: String, expected: NavigationCommand) throws {
        #expect(try command(line).template == expected)
    }

    @Test("references: names, raw IDs and trees, with their columns and roles")
    func references() throws {
        let show = try command("showDetail DN2[D2] from M")
        #expect(
            show.slots == [
                ScriptSlot(reference: .tree(.navigation("DN2", [.content("D2")])), column: 12, isTarget: true),
                ScriptSlot(reference: .name("M"), column: 25, isTarget: false),
            ])
        let raw = try command("push #3 onto #m0")
        #expect(raw.slots.map(\.reference) == [.id(ControllerID(app: 3)), .id(ControllerID(minted: 0))])
        let forced = try command("push D:content onto DN")
        #expect(forced.slots.first?.reference == .tree(.content("D")))
    }

    @Test("setup directives and their defaults")
    func setup() throws {
        let defaults = try parse("launch").setup
        #expect(defaults.device == .iPad && defaults.initialTraits == Device.iPad.traits(.landscape))
        #expect(defaults.layout == "MN[M] | DN[D]" && defaults.policy == .noDelegate)
        let script = try parse(
            """
            session s1
            device regular 1024x768 pad wide
            policy template Empty
            policy showDetailOverride returns true
            policy separateSecondary keepWhenNestedTopNamed A,B otherwise N[E]
            primary TabC:tab
            secondary none
            start 2026-01-02T03:04:05.678Z
            """)
        let setup = script.setup
        #expect(setup.sessionID == "s1")
        #expect(setup.device == nil && setup.deviceLabel == "custom")
        #expect(setup.initialTraits == Traits(horizontalSizeClass: .regular, width: 1024, height: 768, idiom: .pad, sideBySide: .wide))
        // The first language's shorthands are read as the rules they stand for.
        #expect(
            setup.policy == """
                name template; collapseSecondary discard if secondary top is Empty; showDetailOverride handled; \
                separateSecondary nil if primary nestedTop is A|B else fresh N[E]
                """)
        #expect(setup.layout == "TabC:tab")
        #expect(setup.startTime == SessionTime.parseISO("2026-01-02T03:04:05.678Z"))
    }

    @Test("column-style and legacy setup: style, supplementary, the newer delegate answers")
    func columnSetup() throws {
        let setup = try parse(
            """
            style triple-column
            primary P
            supplementary U
            secondary S
            policy topColumnForCollapsing primary
            policy displayModeForExpanding oneOverSecondary
            policy shouldHide returns false true
            policy implementsWillHide true
            """
        ).setup
        #expect(setup.style == .tripleColumn && setup.layout == "P | U | S")
        #expect(
            setup.policy == """
                topColumnForCollapsing primary; displayModeForExpanding oneOverSecondary; shouldHide hide if landscape else show; \
                implementsWillHide true
                """)
        #expect(
            error("style sideways")?.description
                == "s.navscript:1:7: unknown style 'sideways' (classic, double-column, triple-column, legacy, manual)")
    }

    @Test("every expectation")
    func expectations() throws {
        let script = try parse(
            """
            expect hierarchy MN[M, DN[D]] | X   # a comment
            expect collapsed true
            expect displayMode primaryHidden
            expect preferredDisplayMode oneBesideSecondary
            expect visible M, D
            expect visible
            expect violation BUG-5
            expect violations none
            expect violations BUG-5 BUG-4
            expect rejected NV-1
            expect rejected alreadyInStack
            expect ignored atRoot
            expect accepted
            expect unchanged
            expect button hidden
            expect button primaryOverlay
            expect presented D2
            expect presented none
            expect primaryColumnWidth 320
            """)
        let expected: [ScriptExpectation] = [
            .hierarchy("MN[M, DN[D]] | X"), .collapsed(true), .displayMode(.primaryHidden), .preferredDisplayMode(.allVisible),
            .visible(["M", "D"]), .visible([]), .violation("BUG-5"), .violations([]), .violations(["BUG-5", "BUG-4"]),
            .rejected("NV-1"), .rejected("alreadyInStack"), .ignored("atRoot"), .accepted, .unchanged, .button(nil),
            .button(.primaryOverlay), .presented("D2"), .presented(nil), .primaryColumnWidth(320),
        ]
        #expect(script.steps.map(\.kind) == expected.map { .expectation($0) })
        #expect(script.steps.map(\.line) == Array(1...19))
    }

    @Test("comments: whole lines, and # after a blank followed by a blank; #3 is an ID")
    func comments() throws {
        let script = try parse(
            """
            # a comment
              #another
            pop #3 # trailing

            """)
        #expect(script.steps.count == 1)
        #expect(try command("pop #3 # trailing").slots.map(\.reference) == [.id(ControllerID(app: 3))])
    }

    @Test("times: relative, absolute, and the default step")
    func times() throws {
        let script = try parse("start 2026-11-22T14:00:00.000Z\nlaunch at +250ms\npop MN\nbutton at 2026-11-22T14:00:05.000Z\nswipe at +1.5s")
        let times = script.steps.compactMap { step -> SessionTime.Value?? in
            if case .command(let command) = step.kind { return command.time } else { return nil }
        }
        #expect(times == [.relative(250), nil, .absolute(1_795_356_005_000), .relative(1_500)])
    }

    @Test(
        "malformed lines name the line and column",
        arguments: [
            ("lanch", 1, 1, "unknown command 'lanch' (did you mean 'launch'?)"),
            ("frobnicate M", 1, 1, "unknown command 'frobnicate'"),
            ("launch\npush X onto", 2, 12, "expected a controller (name or #N)"),
            ("show X frm M", 1, 8, "expected 'from', found 'frm'"),
            ("showDetail DN2[D2 from M", 1, 25, "expected ']'"),
            ("push X] onto Y", 1, 7, "unbalanced ']'"),
            ("launch\ndevice ipad", 2, 1, "setup directive 'device' must come before the first command"),
            ("launch at +x", 1, 11, "expected a time such as +250ms, +2s or 2026-11-22T14:00:05.000Z, found '+x'"),
            ("launch at 2026-11-22T13:00:00.000Z", 1, 11, "time 2026-11-22T13:00:00.000Z is before the session's start"),
            ("primary MN[M, DN[D]]", 1, 9, "cannot create MN[M, DN[D]]: navigationController (NV-1)"),
            ("push [X] onto MN", 1, 6, "expected a controller name, found '['"),
            ("expect violation BUG-X", 1, 18, "expected a rule such as BUG-5 or NV-1, found 'BUG-X'"),
            (
                "expect displayMode sideways", 1, 20,
                "unknown display mode 'sideways' (automatic, primaryHidden, allVisible, primaryOverlay or an iOS 14 name)"
            ),
            ("device portrait", 1, 8, "'portrait' needs a device preset: write 'DEVICE portrait' or raw traits"),
            ("device regular 10x phone", 1, 16, "expected WIDTHxHEIGHT in points, e.g. 414x736, found '10x'"),
            (
                "policy sometimes", 1, 8,
                "unknown policy 'sometimes' (a preset: none, calendar-paste, merge-stacks, template, template:NAME; "
                    + "or a method: primaryForCollapsing, collapseSecondary, primaryForExpanding, separateSecondary, targetDisplayMode, "
                    + "showOverride, showDetailOverride, topColumnForCollapsing, displayModeForExpanding, shouldHide, didCollapse, didExpand, didShow, willChangeTo, willShowColumn, willHideColumn)"
            ),
            ("pop #x", 1, 5, "expected a controller ID such as #3 or #m0, found '#x'"),
            ("dismiss now", 1, 9, "unexpected 'now'"),
            ("launch\u{1B}[31m", 1, 7, "control character U+1B in the line"),
        ])
    func malformed(text: String, line: Int, column: Int, message: String) {
        let error = self.error(text)
        #expect(error == ScriptError(file: "s.navscript", line: line, column: column, message))
    }

    @Test("the error prints FILE:LINE:COLUMN: message")
    func errorDescription() {
        #expect(ScriptError(file: "a.navscript", line: 3, column: 7, "boom").description == "a.navscript:3:7: boom")
    }
}
