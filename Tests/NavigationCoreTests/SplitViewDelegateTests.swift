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
        Navigation.send(.setSplitViewControllers([try #require(state.controller(named: "MN")), try #require(state.controller(named: "DN"))]),
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

    @Test("a notification cannot change the split: the change is refused and recorded as a rejection (ST-12)")
    func notificationsAreReadOnly() throws {
        let listener = Listener(transcript: Transcript(), meddles: true)
        var state = try split(plusPortrait, delegate: listener)
        Navigation.send(.instantiate(try ControllerSpec.parse("M2")), to: &state, delegate: listener)
        let m2 = try #require(state.controller(named: "M2"))
        Navigation.send(.push(m2, onto: try #require(state.controller(named: "MN"))), to: &state, delegate: listener)
        let before = state.hierarchyDescription
        let events = Navigation.send(.launch(plusPortrait), to: &state, delegate: listener)
        #expect(events.rejections == [.delegateCannotChange])
        #expect(RejectionReason.delegateCannotChange.rule == RuleID(.ST, 12))
        // The collapse happened; the stack the notification tried to reverse did not change.
        #expect(state.isCollapsed && before.hasPrefix("MN[M, M2]") && state.hierarchyDescription.hasPrefix("MN[M, M2"))
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
}
