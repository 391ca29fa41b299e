import Testing
@testable import NavigationCore

/// What a delegate written in Swift may do inside its callbacks (issue 26, class 3): set the split's
/// properties, call `showDetailViewController`, `present`, replace the secondary, act on
/// notifications, and where UIKit refuses (ST-12). Each test replays the events without the
/// delegate and gets the same state.
@Suite("Delegate capabilities")
struct DelegateCapabilityTests {
    let plusPortrait = Device.iPhonePlus.traits(.portrait)
    let plusLandscape = Device.iPhonePlus.traits(.landscape)

    /// A classic split from two trees, installed, not launched.
    func split(_ primary: String, _ secondary: String, _ traits: Traits, delegate: any SplitViewDelegate) throws -> NavigationState {
        var state = NavigationState(traits: traits)
        var roots: [ControllerID] = []
        for notation in [primary, secondary] {
            roots.append(state.nextAppControllerID)
            Navigation.send(.instantiate(try ControllerSpec.parse(notation)), to: &state, delegate: delegate)
        }
        Navigation.send(.setSplitViewControllers(roots), to: &state, delegate: delegate)
        return state
    }

    /// Sends `command`, checks that the events alone replay to the same state, returns them.
    @discardableResult
    func send(_ command: NavigationCommand, _ state: inout NavigationState, _ delegate: any SplitViewDelegate) -> [NavigationEvent] {
        var replay = state
        let events = Navigation.send(command, to: &state, delegate: delegate)
        for event in events { replay.evolve(event) }
        #expect(replay == state, "replaying \(command)'s events differs from the live state")
        return events
    }

    /// Lister 1.0's collapse (rzaitov/ListerSample 81afdfc, AAPLAppDelegate.m 63-105), verbatim in
    /// spirit: `preferredDisplayMode = .automatic`, then `showDetailViewController` with the
    /// secondary's top from inside the callback, then `true`.
    struct Lister: SplitViewDelegate {
        func targetDisplayModeForAction(in split: SplitView) -> DisplayMode { .allVisible }
        func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
            split.preferredDisplayMode = .automatic
            if secondary.isNavigationController, let top = secondary.topViewController {
                primary.showDetailViewController(top)
            }
            return true
        }
    }

    @Test("a property set inside collapseSecondary is stored and applies as the collapse ends (Lister 1.0; DM-7)")
    func propertyInsideCollapse() throws {
        var state = try split("MN[Documents]", "ListNav[List]", plusLandscape, delegate: Lister())
        send(.setPreferredDisplayMode(.allVisible), &state, Lister())
        send(.launch(plusLandscape), &state, Lister())
        #expect(state.displayMode == .allVisible)
        let events = send(.changeTraits(plusPortrait), &state, Lister())
        // The assignment is recorded inside the collapse; no display-mode change happens mid-collapse.
        #expect(events.contains(.preferredDisplayModeSet(.automatic)))
        #expect(!events.contains { $0.kind == .displayModeChanged })
        #expect(state.isCollapsed && state.preferredDisplayMode == .automatic)
        // `isCollapsed` is false until every collapse callback has returned (Apple's isCollapsed
        // page), so the showDetail inside the callback is an expanded one: forwarded to the
        // secondary navigation controller, which already holds List (SH-11, NV-1: UIKit raises).
        // The handled collapse then discards ListNav: the list is lost. Apple's next revision
        // (galrito/lister-apple-sample-code 7159d78) returns NO instead and removed the call.
        #expect(events.rejections == [.alreadyInStack])
        #expect(state.hierarchyDescription == "MN[Documents]")
    }

    /// Element's separate (element-hq/element-ios 1a45793, SplitViewCoordinator.swift): sets
    /// `.allVisible`, then lets UIKit pop the detail.
    struct Element: SplitViewDelegate {
        func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? {
            split.preferredDisplayMode = .allVisible
            return nil
        }
    }

    @Test("a property set inside separateSecondary is the display mode the expand resolves (Element; DM-2)")
    func propertyInsideSeparate() throws {
        var state = try split("MN[Rooms]", "DN[Room]", plusPortrait, delegate: Element())
        send(.launch(plusPortrait), &state, Element())
        let events = send(.changeTraits(plusLandscape), &state, Element())
        #expect(events.contains(.preferredDisplayModeSet(.allVisible)))
        #expect(state.displayMode == .allVisible && !state.isCollapsed)
    }

    /// A `showDetail` override that wraps the detail in a navigation controller it builds and pushes
    /// it onto the collapsed primary (the old API: handles and stack edits only).
    struct WrappingOverride: SplitViewDelegate {
        func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool { true }
        func splitViewController(_ split: SplitView, showDetail controller: ViewController, sender: ViewController) -> Bool {
            guard split.isCollapsed, let primary = split.viewController(for: .primary),
                let wrapper = split.makeNavigationController("ArticleNav", viewControllers: [controller])
            else { return false }
            primary.pushViewController(wrapper)
            return true
        }
    }

    @Test("a collapsed showDetail the override wraps and pushes is detail content: the expand is no BUG-7 (SH-8, EX-2)")
    func overrideDetailIsDetail() throws {
        var state = try split("MN[M]", "DN[Empty]", plusPortrait, delegate: WrappingOverride())
        send(.launch(plusPortrait), &state, WrappingOverride())
        send(.instantiate(.content("Article")), &state, WrappingOverride())
        let article = try #require(state.controller(named: "Article"))
        let master = try #require(state.controller(named: "M"))
        let shown = send(.showDetail(article, sender: master), &state, WrappingOverride())
        #expect(shown.last == .detailMarked(article))
        #expect(state.hierarchyDescription == "MN[M, ArticleNav[Article]]")
        let before = state
        let events = send(.changeTraits(plusLandscape), &state, WrappingOverride())
        #expect(state.hierarchyDescription == "MN[M] | ArticleNav[Article]")
        #expect(NavigationState.rulesRaised(from: before, by: events).isEmpty)
    }

    @Test("a column-style transition callback may rearrange stacks but not mutate the split (ST-12)")
    func lockedColumnCallbacks() throws {
        struct NewsBlurLike: SplitViewDelegate {
            func splitViewController(_ split: SplitView, topColumnForCollapsingToProposedTopColumn proposed: Column) -> Column {
                split.preferredDisplayMode = .secondaryOnly
                split.setFlag("collapsedOnce", true)
                return proposed
            }
        }
        var state = NavigationState(style: .doubleColumn, traits: Device.iPad.traits(.landscape))
        send(.instantiate(.content("Feeds")), &state, NewsBlurLike())
        send(.setViewController(ControllerID(app: 0), for: .primary), &state, NewsBlurLike())
        send(.instantiate(.navigation("StoryNav", [.content("Story")])), &state, NewsBlurLike())
        send(.setViewController(ControllerID(app: 1), for: .secondary), &state, NewsBlurLike())
        send(.launch(Device.iPad.traits(.landscape)), &state, NewsBlurLike())
        let events = send(.changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3.0)), &state, NewsBlurLike())
        #expect(events.rejections == [.delegateCannotChange])
        #expect(state.flag("collapsedOnce") && state.isCollapsed)
        #expect(state.preferredDisplayMode == .automatic)
    }

    @Test("a delegate calling back into the split from its own override stops four calls deep, recorded as a rejection")
    func boundedRecursion() throws {
        struct Echo: SplitViewDelegate {
            func splitViewController(_ split: SplitView, showDetail controller: ViewController, sender: ViewController) -> Bool {
                split.showDetailViewController(controller, sender: sender)
                return true
            }
        }
        var state = try split("MN[M]", "DN[D]", Device.iPad.traits(.landscape), delegate: Echo())
        send(.launch(Device.iPad.traits(.landscape)), &state, Echo())
        send(.instantiate(.content("X")), &state, Echo())
        let x = try #require(state.controller(named: "X"))
        let master = try #require(state.controller(named: "M"))
        let events = send(.showDetail(x, sender: master), &state, Echo())
        #expect(events.rejections == [.delegateCannotChange])
        #expect(events.filter { if case .detailShown(_, _, .handledByDelegate) = $0 { true } else { false } }.count == SplitView.maximumDepth + 1)
    }

    @Test("didShow reaches the delegate after a push onto a navigation controller on screen, and may act (Element, Wire)")
    func didShow() throws {
        final class Heard { var lines: [String] = [] }
        struct Listener: SplitViewDelegate {
            let heard: Heard
            func navigationController(_ split: SplitView, didShow controller: ViewController, in navigation: ViewController) {
                heard.lines.append("\(navigation.name) shows \(controller.name)")
                if controller.name == "Room" { split.setProperty(.presentsWithGesture(false)) }
            }
        }
        let heard = Heard()
        let listener = Listener(heard: heard)
        var state = try split("MN[Rooms]", "DN[Empty]", plusPortrait, delegate: listener)
        send(.launch(plusPortrait), &state, listener)
        heard.lines = []
        send(.instantiate(.content("Room")), &state, listener)
        let room = try #require(state.controller(named: "Room"))
        let master = try #require(state.controller(named: "MN"))
        send(.push(room, onto: master), &state, listener)
        #expect(heard.lines == ["MN shows Room"])
        #expect(!state.presentsWithGesture)
        send(.pop(master), &state, listener)
        // The launch collapse pushed DN (CO-1.4): Back shows it again.
        #expect(heard.lines == ["MN shows Room", "MN shows DN"])
    }

    @Test("an item the app represents is what `shows` and `showsSameItemAs` read; the delegate may set it too")
    func representedItems() throws {
        var state = try split("MN[M]", "DN[Detail]", Device.iPad.traits(.landscape), delegate: SplitPolicy.noDelegate)
        let detail = try #require(state.controller(named: "Detail"))
        #expect(send(.representItem(detail, "post7"), &state, SplitPolicy.noDelegate).contains { $0.kind == .itemRepresented })
        let navigation = try #require(state.controller(named: "DN"))
        #expect(state.shownItem(of: navigation) == "post7")
        #expect(send(.representItem(detail, "post7"), &state, SplitPolicy.noDelegate).first?.kind == .ignored)
        send(.representItem(detail, nil), &state, SplitPolicy.noDelegate)
        #expect(state.itemName(of: detail) == nil)
        #expect(send(.representItem(ControllerID(app: 99), "x"), &state, SplitPolicy.noDelegate).rejections == [.unknownController])
    }

    @Test("a policy acts in willChangeTo (DM-2: before the change), testing the mode it changes to")
    func policyWillChangeTo() throws {
        let policy = try SplitPolicy(
            parsing: "willChangeTo then flag sidebarHidden true if proposed primaryHidden else then flag sidebarHidden false")
        #expect(try SplitPolicy(parsing: policy.text) == policy)
        let iPad = Device.iPad.traits(.landscape)
        var state = try split("MN[M]", "DN[D]", iPad, delegate: policy)
        send(.launch(iPad), &state, policy)
        #expect(state.displayMode == .oneBesideSecondary && !state.flag("sidebarHidden"))
        let hiding = send(.tapDisplayModeButton, &state, policy)
        #expect(state.displayMode == .secondaryOnly && state.flag("sidebarHidden"))
        // The flag is set before the display mode changes, as UIKit calls willChangeTo before.
        let flagAt = try #require(hiding.firstIndex { if case .flagSet = $0 { return true } else { return false } })
        let modeAt = try #require(hiding.firstIndex { if case .displayModeChanged = $0 { return true } else { return false } })
        #expect(flagAt < modeAt)
        send(.tapDisplayModeButton, &state, policy)
        #expect(state.displayMode == .oneBesideSecondary && !state.flag("sidebarHidden"))
    }

    @Test("a column-style policy acts in willShow and willHide column, testing which column")
    func policyWillShowAndHideColumn() throws {
        let policy = try SplitPolicy(
            parsing: "willHideColumn then flag sidebarHidden true if proposed primary; willShowColumn then flag sidebarHidden false if proposed primary")
        #expect(try SplitPolicy(parsing: policy.text) == policy)
        let iPad = Device.iPad.traits(.landscape)
        var state = NavigationState(style: .doubleColumn, traits: iPad)
        send(.instantiate(.content("Sidebar")), &state, policy)
        send(.setViewController(ControllerID(app: 0), for: .primary), &state, policy)
        send(.instantiate(.content("Detail")), &state, policy)
        send(.setViewController(ControllerID(app: 1), for: .secondary), &state, policy)
        send(.launch(iPad), &state, policy)
        #expect(state.displayMode == .oneBesideSecondary && !state.flag("sidebarHidden"))
        send(.hideColumn(.primary), &state, policy)
        #expect(state.displayMode == .secondaryOnly && state.flag("sidebarHidden"))
        send(.showColumn(.primary), &state, policy)
        #expect(state.displayMode != .secondaryOnly && !state.flag("sidebarHidden"))
    }

    @Test("a column-style policy moves what the sidebar drilled into to the secondary column, hides and shows columns")
    func policyColumnActions() throws {
        let policy = try SplitPolicy(
            parsing: "didShow then pop navigation then setColumn secondary target then hideColumn primary "
                + "if navigation is PrimaryNav and target is Item else then showColumn primary if navigation is DetailNav and target is Detail")
        #expect(try SplitPolicy(parsing: policy.text) == policy)
        let iPad = Device.iPad.traits(.landscape)
        var state = NavigationState(style: .doubleColumn, traits: iPad)
        send(.instantiate(try ControllerSpec.parse("PrimaryNav[List]")), &state, policy)
        send(.setViewController(ControllerID(app: 0), for: .primary), &state, policy)
        send(.instantiate(try ControllerSpec.parse("DetailNav[Detail]")), &state, policy)
        send(.setViewController(ControllerID(app: 2), for: .secondary), &state, policy)
        send(.launch(iPad), &state, policy)
        let item = state.nextAppControllerID
        send(.instantiate(.content("Item")), &state, policy)
        send(.push(item, onto: ControllerID(app: 0)), &state, policy)
        #expect(state.bracketNotation(ControllerID(app: 0)) == "PrimaryNav[List]")
        #expect(state.bracketNotation(ControllerID(app: 2)) == "DetailNav[Detail, Item]")
        #expect(state.displayMode == .secondaryOnly)
        // Back in the secondary column shows Detail again, and the rule shows the sidebar.
        send(.pop(ControllerID(app: 2)), &state, policy)
        #expect(state.bracketNotation(ControllerID(app: 2)) == "DetailNav[Detail]")
        #expect(state.displayMode == .oneBesideSecondary)
        #expect(state.invariantViolations() == [])
    }

    /// DoroDoro's delegate in Swift (pookjw/DoroDoro 4a38e5af, DetailedNVCSplitViewControllerDelegate.swift
    /// 1-42): the whole detail stack set in `showDetail`, the detail stack moved in `collapseSecondary`.
    struct DoroDoroLike: SplitViewDelegate {
        func splitViewController(_ split: SplitView, showDetail controller: ViewController, sender: ViewController) -> Bool {
            guard !split.isCollapsed, split.viewControllers.count > 1, split.viewControllers[1].isNavigationController else { return false }
            split.viewControllers[1].viewControllers = [controller]
            return true
        }
        func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
            guard primary.isNavigationController, secondary.isNavigationController else { return false }
            primary.viewControllers += secondary.viewControllers
            secondary.viewControllers = []
            return true
        }
    }

    @Test("setStack sets a navigation controller's whole stack and moveStack moves one, as the Swift delegate does (NV-5)")
    func policyStackActions() throws {
        let policy = try SplitPolicy(
            parsing: "showDetailOverride handled then setStack secondary [target] if not collapsed and secondary is *:navigation; "
                + "collapseSecondary discard then moveStack secondary onto primary if primary is *:navigation and secondary is *:navigation else keep")
        #expect(try SplitPolicy(parsing: policy.text) == policy)
        let delegates: [any SplitViewDelegate] = [policy, DoroDoroLike()]
        var states: [NavigationState] = []
        for delegate in delegates {
            let iPad = Device.iPad.traits(.landscape)
            var state = try split("SearchNav[Search]", "DetailNav[Old, Older]", iPad, delegate: delegate)
            send(.launch(iPad), &state, delegate)
            let detailNav = try #require(state.controller(named: "DetailNav"))
            let search = try #require(state.controller(named: "Search"))
            let details = state.nextAppControllerID
            send(.instantiate(.content("Details")), &state, delegate)
            send(.showDetail(details, sender: search), &state, delegate)
            // The same detail navigation controller, its stack replaced: no push, no new wrapper.
            #expect(state.hierarchyDescription == "SearchNav[Search] | DetailNav[Details]")
            #expect(state.secondary == detailNav)
            // Slide Over: the detail stack moves onto the search's, the detail navigation controller is left empty.
            let collapse = send(.changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3.0)), &state, delegate)
            #expect(state.hierarchyDescription == "SearchNav[Search, Details]")
            // `secondary.viewControllers = []` after the move assigns the stack it already has: nothing to refuse (NV-5).
            #expect(collapse.rejections == [])
            #expect(state.bracketNotation(detailNav) == "DetailNav[]")
            #expect(state.invariantViolations() == [])
            states.append(state)
        }
        #expect(states[0].hierarchyDescription == states[1].hierarchyDescription)
    }

    @Test("setStack with an empty list empties the stack; a malformed list is an error pointing into it")
    func policyStackActionText() throws {
        let empty = try SplitPolicy(parsing: "didExpand then setStack DetailNav []")
        #expect(empty.text.hasSuffix("didExpand then setStack DetailNav []"))
        let two = try SplitPolicy(parsing: "didExpand then setStack secondary [target wrapped ItemNav@I, sender unwrapped]")
        #expect(try SplitPolicy(parsing: two.text) == two)
        let text = "didExpand then setStack secondary [target, bogus]"
        let wrongOperand = #expect(throws: NotationError.self) { try SplitPolicy(parsing: text) }
        #expect(wrongOperand?.offset == 43)
        #expect(wrongOperand?.message.contains("found 'bogus'") == true)
        let noList = #expect(throws: NotationError.self) { try SplitPolicy(parsing: "didExpand then setStack secondary target") }
        #expect(noList?.message.contains("bracketed list") == true)
        let noOnto = #expect(throws: NotationError.self) { try SplitPolicy(parsing: "didExpand then moveStack secondary primary") }
        #expect(noOnto?.message.contains("'onto'") == true)
    }

    /// A column-style app that shows the selected article on the list's stack when collapsed, in a
    /// detail controller it makes there (`detailController(selectedArticle)`), and pops back to the
    /// list when expanded.
    struct MakesDetailOnCollapse: SplitViewDelegate {
        func splitViewController(_ split: SplitView, topColumnForCollapsingToProposedTopColumn proposed: Column) -> Column { .primary }
        func splitViewController(_ split: SplitView, notified notification: SplitNotification) {
            guard let list = split.viewController(named: "ListNav") else { return }
            switch notification {
            case .didCollapse:
                guard split.flag("articleSelected"), list.topViewController?.name != "ArticleDetail" else { return }
                guard let detail = split.make(.content("ArticleDetail")) else { return }
                list.pushViewController(detail)
            case .didExpand:
                guard let root = list.viewControllers.first else { return }
                list.viewControllers = [root]
            default: break
            }
        }
    }

    @Test("an action's operand may be a controller the delegate makes (new TREE), a new instance each time (EX-3)")
    func policyNewOperand() throws {
        let policy = try SplitPolicy(
            parsing: "topColumnForCollapsing primary; "
                + "didCollapse then push new ArticleDetail onto ListNav if flag articleSelected and not ListNav top is ArticleDetail; "
                + "didExpand then popToRoot ListNav")
        #expect(try SplitPolicy(parsing: policy.text) == policy)
        let iPad = Device.iPad.traits(.landscape)
        let slideOver = Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3.0)
        var hierarchies: [[String]] = []
        for delegate in [policy, MakesDetailOnCollapse()] as [any SplitViewDelegate] {
            var state = NavigationState(style: .doubleColumn, traits: iPad)
            send(.instantiate(try ControllerSpec.parse("ListNav[List]")), &state, delegate)
            send(.setViewController(ControllerID(app: 0), for: .primary), &state, delegate)
            send(.instantiate(try ControllerSpec.parse("DetailNav[Article]")), &state, delegate)
            send(.setViewController(ControllerID(app: 2), for: .secondary), &state, delegate)
            send(.launch(iPad), &state, delegate)
            var seen: [String] = []
            // Nothing selected: the collapse shows the list alone.
            send(.changeTraits(slideOver), &state, delegate)
            seen.append(state.hierarchyDescription)
            send(.changeTraits(iPad), &state, delegate)
            send(.setFlag("articleSelected", true), &state, delegate)
            let collapse = send(.changeTraits(slideOver), &state, delegate)
            seen.append(state.hierarchyDescription)
            let first = try #require(state.top(of: ControllerID(app: 0)))
            #expect(state.name(of: first) == "ArticleDetail")
            #expect(collapse.contains { if case .controllerCreated = $0 { return true } else { return false } })
            // Popped on expand and referenced by nothing, the made controller is released (EX-3) ...
            let expand = send(.changeTraits(iPad), &state, delegate)
            seen.append(state.hierarchyDescription)
            #expect(expand.contains { if case .controllerReleased(first) = $0 { return true } else { return false } })
            // ... and made again, a new instance, on the next collapse, as `detailController(_:)` makes one.
            let again = send(.changeTraits(slideOver), &state, delegate)
            seen.append(state.hierarchyDescription)
            #expect(again.contains { if case .controllerCreated = $0 { return true } else { return false } })
            #expect(state.invariantViolations() == [])
            hierarchies.append(seen)
        }
        #expect(hierarchies[0] == hierarchies[1])
        #expect(hierarchies[0][1].contains("ListNav[List, ArticleDetail]"))
    }

    @Test("new takes a tree a delegate can create; the operand round-trips as text")
    func policyNewOperandText() throws {
        let policy = try SplitPolicy(parsing: "didExpand then replaceSecondary new DetailNav@Empty[Placeholder] then present new ModalNav[Compose]")
        #expect(policy.text.hasSuffix("didExpand then replaceSecondary new DetailNav@Empty[Placeholder] then present new ModalNav[Compose]"))
        #expect(try SplitPolicy(parsing: policy.text) == policy)
        let nested = #expect(throws: NotationError.self) { try SplitPolicy(parsing: "didExpand then push new A[B[C]] onto primary") }
        #expect(nested?.message.contains("not a tree a delegate can create") == true)
    }

    @Test("an operand's top is a navigation controller's last controller, unwrapped its first (Lister 1.0's topViewController)")
    func policyTopOperand() throws {
        for (form, kept) in [("top", "B"), ("unwrapped", "A")] {
            let policy = try SplitPolicy(parsing: "collapseSecondary discard then setStack primary [primary unwrapped, secondary \(form)]")
            #expect(try SplitPolicy(parsing: policy.text) == policy)
            var state = try split("MN[M]", "DN[A, B]", plusLandscape, delegate: policy)
            send(.launch(plusLandscape), &state, policy)
            send(.changeTraits(plusPortrait), &state, policy)
            #expect(state.hierarchyDescription == "MN[M, \(kept)]", "\(form)")
        }
    }

    @Test("a condition may test a controller the app keeps by its name, in the hierarchy or not")
    func policyNamedCondition() throws {
        let policy = try SplitPolicy(
            parsing: "collapseSecondary discard if Archive@Kept deeper than 0 else merge if ListNav top is Reader and not Settings is *:navigation")
        #expect(try SplitPolicy(parsing: policy.text) == policy)
        #expect(policy.text.contains("Archive@Kept deeper than 0"))
        var state = try split("MN[M]", "DN[D]", plusLandscape, delegate: policy)
        send(.instantiate(try ControllerSpec.parse("ListNav[List, Reader]")), &state, policy)
        // Kept outside the hierarchy (a stored property), holding one controller: `deeper than 0` holds.
        send(.instantiate(try ControllerSpec.parse("ArchiveNav@Kept[Old]")), &state, policy)
        send(.launch(plusLandscape), &state, policy)
        send(.changeTraits(plusPortrait), &state, policy)
        // The first rule names `Archive@Kept`, which nothing is called: it does not hold; ListNav's top is
        // Reader and no Settings exists, so the second rule merges (CO-1.3).
        #expect(state.hierarchyDescription == "MN[M, D]")
        let discardKept = try SplitPolicy(parsing: "collapseSecondary discard if ArchiveNav@Kept deeper than 0 else keep")
        var kept = try split("MN[M]", "DN[D]", plusLandscape, delegate: discardKept)
        send(.instantiate(try ControllerSpec.parse("ArchiveNav@Kept[Old]")), &kept, discardKept)
        send(.launch(plusLandscape), &kept, discardKept)
        send(.changeTraits(plusPortrait), &kept, discardKept)
        #expect(kept.hierarchyDescription == "MN[M]")
        let unknown = #expect(throws: NotationError.self) { try SplitPolicy(parsing: "collapseSecondary discard if ArchiveNav sideways") }
        #expect(unknown?.message.contains("a controller's name and a test") == true)
    }
}
