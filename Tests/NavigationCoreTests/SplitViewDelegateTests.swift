import Testing
@testable import NavigationCore

/// `SplitViewDelegate` itself: UIKit's defaults, the notifications and their order, what a delegate
/// may change and what is refused (ST-12), and that the events alone replay what it did.
@Suite("SplitViewDelegate")
struct SplitViewDelegateTests {
    let plusPortrait = Device.iPhonePlus.traits(.portrait)
    let plusLandscape = Device.iPhonePlus.traits(.landscape)

    /// What the delegate heard, shared with the test (a delegate is a value; its log is not).
    final class Transcript {
        var lines: [String] = []
    }

    /// Records every notification; optionally tries to change the split from one.
    struct Listener: SplitViewDelegate {
        let transcript: Transcript
        var meddles = false
        func splitViewController(_ split: SplitView, notified notification: SplitNotification) {
            transcript.lines.append(notification.name)
            if meddles, let primary = split.viewController(for: .primary), primary.isNavigationController {
                primary.viewControllers = primary.viewControllers.reversed()
            }
        }
    }

    /// A classic split, `MN[M] | DN[D]`, with controllers created and installed, not launched.
    func split(_ traits: Traits, delegate: any SplitViewDelegate) throws -> NavigationState {
        var state = NavigationState(traits: traits)
        for notation in ["MN[M]", "DN[D]"] {
            Navigation.send(.instantiate(try ControllerSpec.parse(notation)), to: &state, delegate: delegate)
        }
        Navigation.send(
            .setSplitViewControllers([try #require(state.controller(named: "MN")), try #require(state.controller(named: "DN"))]),
            to: &state, delegate: delegate)
        return state
    }

    @Test("a delegate implementing nothing decides every command as no delegate at all (ST-12: UIKit's defaults)")
    func defaultsAreUIKits() throws {
        struct Nothing: SplitViewDelegate {}
        var withProtocol = try split(plusPortrait, delegate: Nothing())
        var withPolicy = try split(plusPortrait, delegate: SplitPolicy.noDelegate)
        let commands: [NavigationCommand] = [
            .launch(plusPortrait), .changeTraits(plusLandscape), .tapDisplayModeButton, .changeTraits(plusPortrait),
            .changeTraits(plusLandscape), .edgeSwipe, .tapDimmedSecondary,
        ]
        for command in commands {
            let a = Navigation.send(command, to: &withProtocol, delegate: Nothing())
            let b = Navigation.send(command, to: &withPolicy, delegate: SplitPolicy.noDelegate)
            #expect(a == b, "\(command)")
        }
        #expect(withProtocol == withPolicy)
    }

    @Test("notifications: didCollapse on a rotation to compact, didExpand and willChangeTo on the way back (CO-1.6, EX-1.7, DM-2)")
    func notificationsInOrder() throws {
        let transcript = Transcript()
        let listener = Listener(transcript: transcript)
        var state = try split(plusPortrait, delegate: listener)
        Navigation.send(.launch(plusPortrait), to: &state, delegate: listener)
        #expect(transcript.lines == ["didCollapse"])
        transcript.lines = []
        Navigation.send(.changeTraits(plusLandscape), to: &state, delegate: listener)
        #expect(transcript.lines.contains("didExpand"))
        transcript.lines = []
        Navigation.send(.tapDisplayModeButton, to: &state, delegate: listener)
        #expect(transcript.lines.first?.hasPrefix("willChangeTo(") == true, "\(transcript.lines)")
    }

    @Test("a notification may change the stacks, as shipping apps do in didCollapse and didExpand: recorded in the command's commit")
    func notificationsMayChangeStacks() throws {
        let listener = Listener(transcript: Transcript(), meddles: true)
        var state = try split(plusPortrait, delegate: listener)
        Navigation.send(.instantiate(try ControllerSpec.parse("M2")), to: &state, delegate: listener)
        let m2 = try #require(state.controller(named: "M2"))
        Navigation.send(.push(m2, onto: try #require(state.controller(named: "MN"))), to: &state, delegate: listener)
        let before = state
        let events = Navigation.send(.launch(plusPortrait), to: &state, delegate: listener)
        #expect(events.rejections.isEmpty)
        // didCollapse reversed the primary's stack after the collapse pushed DN: [DN, M2, M] is no
        // stack UIKit would refuse, and the events alone replay it.
        guard let collapsed = events.firstIndex(where: { $0.kind == .collapsed }) else {
            Issue.record("no collapse")
            return
        }
        #expect(events[(collapsed + 1)...].contains { $0.kind == .stackSet })
        #expect(state.hierarchyDescription.hasPrefix("MN[DN[D], M2, M]"), "\(state.hierarchyDescription)")
        var replay = before
        for event in events { replay.evolve(event) }
        #expect(replay == state)
    }

    @Test("a question about the button cannot change the split: the change is refused and recorded as a rejection (ST-12)")
    func buttonQuestionIsReadOnly() throws {
        struct Meddler: SplitViewDelegate {
            func targetDisplayModeForAction(in split: SplitView) -> DisplayMode {
                split.preferredDisplayMode = .primaryHidden
                if let primary = split.viewController(for: .primary) { primary.viewControllers = primary.viewControllers.reversed() }
                return .automatic
            }
        }
        var state = try split(plusLandscape, delegate: Meddler())
        Navigation.send(.launch(plusLandscape), to: &state, delegate: Meddler())
        let events = Navigation.send(.tapDisplayModeButton, to: &state, delegate: Meddler())
        #expect(events.rejections == [.delegateCannotChange, .delegateCannotChange])
        #expect(RejectionReason.delegateCannotChange.rule == RuleID(.ST, 12))
        #expect(state.preferredDisplayMode == .automatic)
    }

    @Test("a stack UIKit would raise on is refused with its reason and subject; the rest of the answer stands (NV-1, INV-1)")
    func refusedStackEdits() throws {
        /// On separate, tries to push a tab bar controller, then returns a fresh detail.
        struct Reckless: SplitViewDelegate {
            func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? {
                if let tabs = split.make(ControllerSpec(.tabBar, "Tabs")) { primary.pushViewController(tabs) }
                return split.make(.navigation("FreshNC", [.content("Fresh")]))
            }
        }
        var state = try split(plusPortrait, delegate: Reckless())
        Navigation.send(.launch(plusPortrait), to: &state, delegate: Reckless())
        let events = Navigation.send(.changeTraits(plusLandscape), to: &state, delegate: Reckless())
        #expect(events.rejections == [.tabBarController])
        let subject = events.compactMap { if case .rejected(_, _, let subject) = $0 { subject } else { nil } }.first
        #expect(subject.map(state.name(of:)) == "Tabs")
        // The rest stands as UIKit leaves it: the default collapse nested DN in MN, and the delegate's
        // fresh secondary does not take it out (BUG-2(b)).
        #expect(state.hierarchyDescription == "MN[M, DN[D]] | FreshNC[Fresh]")
        // The tab bar controller nothing holds is released with the command.
        #expect(state.controller(named: "Tabs").map { state.record($0)?.isReleased == true } ?? true)
    }

    @Test("the events record what a Swift delegate did: replaying them needs no delegate (EX-3, the log)")
    func eventsReplayWithoutTheDelegate() throws {
        /// Splits the primary stack after `Anchor` into a new navigation controller (WordPress's shape).
        struct Unmerger: SplitViewDelegate {
            func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
                primary.viewControllers += secondary.viewControllers
                return true
            }
            func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? {
                let stack = primary.viewControllers
                guard let anchor = stack.firstIndex(where: { $0.name == "M" }), anchor + 1 < stack.count else { return nil }
                primary.viewControllers = Array(stack[...anchor])
                return split.makeNavigationController("TailNC", viewControllers: Array(stack[(anchor + 1)...]))
            }
        }
        let initial = try split(plusLandscape, delegate: Unmerger())
        var live = initial
        var events: [NavigationEvent] = []
        for command: NavigationCommand in [.launch(plusLandscape), .changeTraits(plusPortrait), .changeTraits(plusLandscape)] {
            events += Navigation.send(command, to: &live, delegate: Unmerger())
        }
        #expect(live.hierarchyDescription == "MN[M] | TailNC[D]")
        var replayed = initial
        for event in events { replayed.evolve(event) }
        #expect(replayed == live)
        #expect(live.invariantViolations().isEmpty)
    }

    @Test("a delegate may set app flags in any method, notifications included; the flag is an event of the command, which what-if still rebuilds")
    func delegateSetsFlags() throws {
        /// WordPress's collapse: un-dims (a flag) and discards; hears didCollapse and counts it in a flag.
        struct Dimmer: SplitViewDelegate {
            func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
                split.setFlag("detailDimmed", false)
                return true
            }
            func splitViewController(_ split: SplitView, notified notification: SplitNotification) {
                if notification == .didCollapse { split.setFlag("collapsedOnce", true) }
            }
        }
        var state = try split(plusLandscape, delegate: Dimmer())
        Navigation.send(.setFlag("detailDimmed", true), to: &state, delegate: Dimmer())
        Navigation.send(.launch(plusLandscape), to: &state, delegate: Dimmer())
        let before = state
        let events = Navigation.send(.changeTraits(plusPortrait), to: &state, delegate: Dimmer())
        #expect(!state.flag("detailDimmed") && state.flag("collapsedOnce"))
        #expect(state.hierarchyDescription == "MN[M]")
        var replayed = before
        for event in events { replayed.evolve(event) }
        #expect(replayed == state)
        // The commit's intent is still the trait change, so a what-if re-decides a rotation.
        #expect(NavigationCommand(commit: events, names: before.names) == .changeTraits(plusPortrait))
        // A show override that records the selection (a flag, interned first) before its own event:
        // the commit is still the showDetail, not the flag.
        struct Selecting: SplitViewDelegate {
            func splitViewController(_ split: SplitView, showDetail controller: ViewController, sender: ViewController) -> Bool {
                split.setFlag("articleSelected", true)
                return false
            }
        }
        var selecting = try split(plusLandscape, delegate: Selecting())
        Navigation.send(.launch(plusLandscape), to: &selecting, delegate: Selecting())
        Navigation.send(.instantiate(try ControllerSpec.parse("A")), to: &selecting, delegate: Selecting())
        let article = try #require(selecting.controller(named: "A")), master = try #require(selecting.controller(named: "M"))
        let names = selecting.names
        let shown = Navigation.send(.showDetail(article, sender: master), to: &selecting, delegate: Selecting())
        #expect(selecting.flag("articleSelected"))
        #expect(
            shown.contains { if case .flagSet = $0 { true } else { false } } && shown.first.map { if case .flagSet = $0 { false } else { true } } == true,
            "the flag's name is interned before it is set: \(shown)")
        #expect(NavigationCommand(commit: shown, names: names) == .showDetail(article, sender: master))
        // A name that cannot be a flag is refused like the command's own.
        struct BadName: SplitViewDelegate {
            func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
                split.setFlag("", true)
                return false
            }
        }
        var other = try split(plusPortrait, delegate: BadName())
        #expect(Navigation.send(.launch(plusPortrait), to: &other, delegate: BadName()).rejections == [.invalidValue])
    }

    @Test("the delegate reads each controller's parent and the presented controller")
    func readsParentsAndPresented() throws {
        final class Seen { var lines: [String] = [] }
        struct Reader: SplitViewDelegate {
            let seen: Seen
            func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
                func describe(_ parent: ViewController.Parent) -> String {
                    switch parent {
                    case .none: return "none"
                    case .split: return "split"
                    case .presented: return "presented"
                    case .navigationController(let navigation): return navigation.name
                    }
                }
                for controller in [primary, secondary] + primary.viewControllers + secondary.viewControllers {
                    seen.lines.append("\(controller.name): \(describe(controller.parent))")
                }
                seen.lines.append("presented: \(split.presentedViewController?.name ?? "none")")
                if let modal = split.presentedViewController { seen.lines.append("\(modal.name): \(describe(modal.parent))") }
                return false
            }
        }
        let seen = Seen()
        var state = try split(plusPortrait, delegate: Reader(seen: seen))
        Navigation.send(.instantiate(try ControllerSpec.parse("Sheet")), to: &state, delegate: Reader(seen: seen))
        Navigation.send(.present(try #require(state.controller(named: "Sheet"))), to: &state, delegate: Reader(seen: seen))
        Navigation.send(.launch(plusPortrait), to: &state, delegate: Reader(seen: seen))
        #expect(seen.lines == ["MN: split", "DN: split", "M: MN", "D: DN", "presented: Sheet", "Sheet: presented"])
    }

    @Test("every question reaches a Swift delegate where UIKit asks it, and its answer is taken (BTN-2, SH-4, SH-8, CO-1.1, EX-1.1, CO-12, EX-4, LG-4)")
    func everyQuestion() throws {
        final class Asked { var methods: [String] = [] }
        struct Answering: SplitViewDelegate {
            let asked: Asked
            func targetDisplayModeForAction(in split: SplitView) -> DisplayMode {
                asked.methods.append("targetDisplayMode")
                return .primaryOverlay
            }
            func splitViewController(_ split: SplitView, show controller: ViewController, sender: ViewController) -> Bool {
                asked.methods.append("show \(controller.name)")
                return controller.name == "Handled"
            }
            func splitViewController(_ split: SplitView, showDetail controller: ViewController, sender: ViewController) -> Bool {
                asked.methods.append("showDetail \(controller.name)")
                return controller.name == "Handled"
            }
            func primaryViewController(forCollapsing split: SplitView) -> ViewController? {
                asked.methods.append("forCollapsing")
                return nil
            }
            func primaryViewController(forExpanding split: SplitView) -> ViewController? {
                asked.methods.append("forExpanding")
                return nil
            }
        }
        let asked = Asked()
        let delegate = Answering(asked: asked)
        var state = try split(Device.iPad.traits(.portrait), delegate: delegate)
        Navigation.send(.launch(Device.iPad.traits(.portrait)), to: &state, delegate: delegate)
        // BTN-2: the button leads where the delegate says.
        Navigation.send(.tapDisplayModeButton, to: &state, delegate: delegate)
        #expect(state.displayMode == .primaryOverlay)
        // SH-8: showDetail reaches the split's delegate; a handled one changes nothing.
        Navigation.send(.instantiate(.content("Handled")), to: &state, delegate: delegate)
        let m = try #require(state.controller(named: "M")), handled = try #require(state.controller(named: "Handled"))
        let before = state.hierarchyDescription
        let detail = Navigation.send(.showDetail(handled, sender: m), to: &state, delegate: delegate)
        #expect(detail.contains(.detailShown(handled, sender: m, resolution: .handledByDelegate)))
        #expect(state.hierarchyDescription == before)
        // CO-1.1 and EX-1.1 are asked on a collapse and an expand (iPad slide-over widths).
        Navigation.send(.changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3)), to: &state, delegate: delegate)
        Navigation.send(.changeTraits(Device.iPad.traits(.landscape)), to: &state, delegate: delegate)
        #expect(asked.methods == ["targetDisplayMode", "showDetail Handled", "forCollapsing", "forExpanding"])
        // SH-4: show reaches the split's delegate when no navigation controller takes it (a content primary).
        var plain = NavigationState(traits: Device.iPad.traits(.landscape))
        for command in NavigationCommand.installing(primary: .content("Master"), secondary: .content("Detail"), style: .unspecified) {
            Navigation.send(command, to: &plain, delegate: delegate)
        }
        Navigation.send(.launch(Device.iPad.traits(.landscape)), to: &plain, delegate: delegate)
        Navigation.send(.instantiate(.content("Handled")), to: &plain, delegate: delegate)
        let master = try #require(plain.controller(named: "Master")), target = try #require(plain.controller(named: "Handled"))
        let shown = Navigation.send(.show(target, sender: master), to: &plain, delegate: delegate)
        #expect(shown.contains(.shown(target, sender: master, resolution: .handledByDelegate)), "\(shown)")
        #expect(asked.methods.last == "show Handled")

        // Column style (CO-12, EX-4): the top column on a collapse, the display mode on an expand.
        struct Columns: SplitViewDelegate {
            func splitViewController(_ split: SplitView, topColumnForCollapsingToProposedTopColumn proposed: Column) -> Column { .primary }
            func splitViewController(_ split: SplitView, displayModeForExpandingToProposedDisplayMode proposed: DisplayMode) -> DisplayMode {
                .secondaryOnly
            }
        }
        var columns = NavigationState(style: .doubleColumn, traits: Device.iPad.traits(.landscape))
        for command in NavigationCommand.installing(
            primary: .navigation("PNav", [.content("P")]),
            secondary: .navigation("SNav", [.content("S")]), style: .doubleColumn)
        {
            Navigation.send(command, to: &columns, delegate: Columns())
        }
        Navigation.send(.launch(Device.iPad.traits(.landscape)), to: &columns, delegate: Columns())
        Navigation.send(.changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3)), to: &columns, delegate: Columns())
        #expect(columns.isCollapsed && columns.hierarchyDescription.hasPrefix("PNav[P]"), "the primary on top: \(columns.hierarchyDescription)")
        Navigation.send(.changeTraits(Device.iPad.traits(.landscape)), to: &columns, delegate: Columns())
        #expect(!columns.isCollapsed && columns.displayMode == .secondaryOnly)

        // LG-4: the legacy split asks shouldHide; LG-5's willHide/willShow reach a Swift delegate.
        final class Heard { var lines: [String] = [] }
        struct Legacy: SplitViewDelegate {
            let heard: Heard
            func splitViewController(_ split: SplitView, shouldHide controller: ViewController, in orientation: Orientation) -> Bool {
                heard.lines.append("shouldHide \(orientation)")
                return orientation == .portrait
            }
            var implementsLegacyWillHide: Bool { true }
            func splitViewController(_ split: SplitView, notified notification: SplitNotification) {
                heard.lines.append(notification.name)
            }
        }
        let heard = Heard()
        var legacy = NavigationState(style: .legacy, traits: Device.iPad.traits(.landscape))
        for command in NavigationCommand.installing(
            primary: .navigation("MN", [.content("M")]),
            secondary: .navigation("DN", [.content("D")]), style: .legacy)
        {
            Navigation.send(command, to: &legacy, delegate: Legacy(heard: heard))
        }
        Navigation.send(.launch(Device.iPad.traits(.landscape)), to: &legacy, delegate: Legacy(heard: heard))
        Navigation.send(.changeTraits(Device.iPad.traits(.portrait)), to: &legacy, delegate: Legacy(heard: heard))
        Navigation.send(.changeTraits(Device.iPad.traits(.landscape)), to: &legacy, delegate: Legacy(heard: heard))
        #expect(heard.lines.contains("shouldHide portrait") && heard.lines.contains("shouldHide landscape"), "\(heard.lines)")
        #expect(heard.lines.contains("willHideViewController") && heard.lines.contains("willShowViewController"), "\(heard.lines)")
        #expect(!heard.lines.contains { $0.hasPrefix("willChangeTo") }, "the legacy split predates willChangeTo: \(heard.lines)")
    }

    @Test("column-style notifications reach a Swift delegate: willShow and willHide per column (BTN-8, CO-13, EX-4)")
    func columnNotifications() throws {
        final class Heard { var lines: [String] = [] }
        struct Listener: SplitViewDelegate {
            let heard: Heard
            func splitViewController(_ split: SplitView, notified notification: SplitNotification) {
                heard.lines.append(notification.name(in: split.style))
            }
        }
        let heard = Heard()
        var state = NavigationState(style: .doubleColumn, traits: Device.iPad.traits(.landscape))
        for command in NavigationCommand.installing(
            primary: .navigation("PNav", [.content("P")]),
            secondary: .navigation("SNav", [.content("S")]), style: .doubleColumn)
        {
            Navigation.send(command, to: &state, delegate: Listener(heard: heard))
        }
        Navigation.send(.launch(Device.iPad.traits(.landscape)), to: &state, delegate: Listener(heard: heard))
        heard.lines = []
        Navigation.send(.hideColumn(.primary), to: &state, delegate: Listener(heard: heard))
        #expect(heard.lines.contains("willHide(primary)"), "\(heard.lines)")
        heard.lines = []
        Navigation.send(.showColumn(.primary), to: &state, delegate: Listener(heard: heard))
        #expect(heard.lines.contains("willShow(primary)"), "\(heard.lines)")
    }
}
