import Testing
@testable import NavigationCore

/// Rules the §13 rows do not reach, each test citing its rule IDs.
@Suite("Rules beyond §13")
struct RuleTests {
    let iPadLandscape = Device.iPad.traits(.landscape)
    let iPadPortrait = Device.iPad.traits(.portrait)
    let plusLandscape = Device.iPhonePlus.traits(.landscape)
    let plusPortrait = Device.iPhonePlus.traits(.portrait)

    @Test("BUG-6: expand after the user popped the pushed detail restores the stale secondary (EX-1.5)")
    func staleDetail() throws {
        var s = try Scenario(plusPortrait)
        s.send(.launch(plusPortrait))
        #expect(s.hierarchy == "MN[M, DN[D]]")
        s.send(.pop(s["MN"]))
        #expect(s.hierarchy == "MN[M]")
        let events = s.send(.changeTraits(plusLandscape))
        #expect(events.contains(.separated(SeparateResolution(newPrimary: s["MN"], secondary: s["DN"], source: .rememberedStale))))
        #expect(s.hierarchy == "MN[M] | DN[D]")
        #expect(s.rulesRaised() == ["BUG-5", "BUG-6"])
    }

    @Test("EX-1.5: a discarded secondary is restored on expand without a stale flag (CO-2)")
    func rememberedFallback() throws {
        var s = try Scenario(plusPortrait, policy: .template(placeholderName: "D"))
        s.send(.launch(plusPortrait))
        #expect(s.hierarchy == "MN[M]")
        let events = s.send(.changeTraits(plusLandscape))
        #expect(events.contains(.separated(SeparateResolution(newPrimary: s["MN"], secondary: s["DN"], source: .remembered))))
        #expect(s.rulesRaised() == [])
    }

    @Test("BUG-7: a master drill-down pushed while collapsed becomes the detail on expand (EX-2)")
    func drillDownBecomesDetail() throws {
        var s = try Scenario(plusPortrait, policy: SplitPolicy("collapseSecondary discard"))
        s.send(.launch(plusPortrait))
        let m2 = try s.make("M2")
        s.send(.show(m2, sender: s["M"]))
        s.send(.changeTraits(plusLandscape))
        #expect(s.hierarchy == "MN[M] | M2")
        #expect(s.rulesRaised().contains("BUG-7"))
    }

    @Test("BUG-2(a): merged stacks leave detail content in the primary column (CO-4 merge)")
    func mergedStacks() throws {
        var s = try Scenario(plusLandscape, secondary: "DN[D]", policy: .mergeStacks)
        s.send(.launch(plusLandscape))
        let d2 = try s.make("D2")
        s.send(.push(d2, onto: s["DN"]))
        s.send(.changeTraits(plusPortrait))
        #expect(s.hierarchy == "MN[M, D, D2]")
        s.send(.changeTraits(plusLandscape))
        #expect(s.hierarchy == "MN[M, D] | D2")
        #expect(s.rulesRaised().contains("BUG-2"))
    }

    @Test("BUG-2(b), BUG-8: a delegate secondary leaves the nested detail in the primary (EX-3, INV-4)")
    func delegateLeavesNested() throws {
        var s = try Scenario(plusPortrait, policy: .calendarPaste())
        s.send(.launch(plusPortrait))
        #expect(s.hierarchy == "MN[M, DN[D]]")  // DN is not "NoSelectionNC": kept on collapse
        s.send(.changeTraits(plusLandscape))
        #expect(s.hierarchy == "MN[M, DN[D]] | NoSelectionNC[NoSelection]")
        let rules = s.rulesRaised()
        #expect(rules.contains("BUG-8"))
        #expect(rules.contains("INV-4"))
        #expect(rules.contains("BUG-2"))
    }

    @Test("EX-3: every separate mints a fresh instance; released ones free their slots, so the state stays bounded")
    func freshInstances() throws {
        var s = try Scenario(plusPortrait, secondary: "NoSelectionNC@NoSelectionNC[NoSelection]", policy: .calendarPaste())
        s.send(.launch(plusPortrait))
        var previous: ControllerID?
        for round in 0..<5 {
            s.send(.changeTraits(plusLandscape))
            #expect(s.hierarchy == "MN[M] | NoSelectionNC[NoSelection]")
            let secondary = try #require(s.state.secondary)
            // A new instance each time (UIKit's delegate allocates one), never the one just shown.
            #expect(secondary.isMinted && secondary != previous, "round \(round)")
            #expect(s.log.contains { if case .controllerCreated(secondary, _, _, _) = $0 { true } else { false } })
            previous = secondary
            s.send(.changeTraits(plusPortrait))
            #expect(s.hierarchy == "MN[M]")
            // Discarded on collapse, remembered by the split (EX-1.5): still alive.
            #expect(s.state.contains(secondary) && s.state.rememberedSecondary == secondary)
        }
        // The one before the remembered one is released, with its child: two live, four slots at most.
        #expect(s.state.liveMintedControllerCount == 2)
        #expect(s.state.mintedControllerCount <= 4)
        #expect(s.state.invariantViolations().isEmpty)
    }

    @Test("NV-7, NV-8: D.show(D2) inside the nested DN pushes onto DN, not MN")
    func nestedShow() throws {
        var s = try Scenario(Device.iPhone.traits(.portrait))
        s.send(.launch(Device.iPhone.traits(.portrait)))
        let d2 = try s.make("D2")
        #expect(s.send(.show(d2, sender: s["D"])) == [.shown(d2, sender: s["D"], resolution: .pushed(onto: s["DN"]))])
        #expect(s.hierarchy == "MN[M, DN[D, D2]]")
        #expect(s.visible == ["D2"])
        // EX-2: expanding pops the whole DN with its stack.
        s.send(.changeTraits(plusLandscape))
        #expect(s.hierarchy == "MN[M] | DN[D, D2]")
    }

    @Test("NV-3, NV-4: popToRoot and popTo; popTo the top is a no-op; popTo a stranger is rejected")
    func popVariants() throws {
        var s = try Scenario(iPadLandscape, primary: "MN[A, B, C, E]")
        s.send(.launch(iPadLandscape))
        #expect(s.send(.popTo(s["E"], in: s["MN"])).ignores == [.alreadyTop])
        #expect(s.send(.popTo(s["D"], in: s["MN"])).rejections == [.notInStack])
        s.send(.popTo(s["B"], in: s["MN"]))
        #expect(s.hierarchy == "MN[A, B] | DN[D]")
        #expect(s.state.parent(of: s["C"]) == .none)
        s.send(.popToRoot(s["MN"]))
        #expect(s.hierarchy == "MN[A] | DN[D]")
        // NV-3: popToRoot on [root] changes nothing and is labelled NV-3 (pop at the root is NV-2).
        #expect(s.send(.popToRoot(s["MN"])).ignores == [.rootOnly])
        #expect(IgnoreReason.rootOnly.rule == RuleID(.NV, 3))
        #expect(s.send(.pop(s["MN"])).ignores == [.atRoot])
        #expect(IgnoreReason.atRoot.rule == RuleID(.NV, 2))
    }

    @Test("NV-5: setViewControllers replaces the stack; empty and duplicate lists are rejected")
    func setStack() throws {
        var s = try Scenario(iPadLandscape, primary: "MN[A, B, C]")
        s.send(.launch(iPadLandscape))
        let d2 = try s.make("X")
        // NV-5, Apple's example: A, B, C set to D, A, B is a pop transition (B was in the stack).
        #expect(
            s.send(.setViewControllers([d2, s["A"], s["B"]], of: s["MN"]))
                == [.stackSet([d2, s["A"], s["B"]], navigation: s["MN"], transition: .pop)])
        #expect(s.hierarchy == "MN[X, A, B] | DN[D]")
        // The same top: no transition; a top that was not in the stack: a push.
        #expect(
            s.send(.setViewControllers([s["A"], s["B"]], of: s["MN"]))
                == [.stackSet([s["A"], s["B"]], navigation: s["MN"], transition: .none)])
        let y = try s.make("Y")
        #expect(
            s.send(.setViewControllers([s["A"], y], of: s["MN"]))
                == [.stackSet([s["A"], y], navigation: s["MN"], transition: .push)])
        #expect(s.state.parent(of: s["C"]) == .none)
        #expect(s.send(.setViewControllers([], of: s["MN"])).rejections == [.emptyList])
        #expect(s.send(.setViewControllers([s["A"], s["A"]], of: s["MN"])).rejections == [.duplicateInList])
        #expect(s.send(.setViewControllers([s["DN"]], of: s["MN"])).rejections == [.navigationController])
    }

    @Test("NV-6: a cancelled interactive pop changes nothing; a completed one pops")
    func interactivePop() throws {
        var s = try Scenario(iPadLandscape, primary: "MN[A, B]")
        s.send(.launch(iPadLandscape))
        #expect(s.send(.interactivePop(s["MN"], completed: false)).ignores == [.cancelled])
        #expect(s.send(.interactivePop(s["MN"], completed: true)) == [.popped(navigation: s["MN"], interactive: true)])
        #expect(s.hierarchy == "MN[A] | DN[D]")
    }

    @Test("NV-1: tab bars and splits cannot be pushed; a controller with another parent neither (INV-1, INV-5)")
    func pushRejections() throws {
        var s = try Scenario(iPadLandscape)
        s.send(.launch(iPadLandscape))
        let tab = try s.make("T:tab"), split = try s.make("S:split")
        #expect(s.send(.push(tab, onto: s["MN"])).rejections == [.tabBarController])
        #expect(s.send(.push(split, onto: s["MN"])).rejections == [.splitViewController])
        #expect(s.send(.push(s["D"], onto: s["MN"])).rejections == [.hasOtherParent])
        #expect(s.send(.push(s["M"], onto: s["M"])).rejections == [.notNavigationController])
        #expect(s.send(.push(ControllerID(app: 999), onto: s["MN"])).rejections == [.unknownController])
    }

    @Test("SH-4, SH-8: delegate overrides handle show and showDetail; nothing changes")
    func delegateOverrides() throws {
        var s = try Scenario(iPadLandscape, policy: SplitPolicy("showOverride handled; showDetailOverride handled"))
        s.send(.launch(iPadLandscape))
        let x = try s.make("X")
        let before = s.state
        #expect(s.send(.showDetail(x, sender: s["M"])) == [.detailShown(x, sender: s["M"], resolution: .handledByDelegate)])
        // show from a controller directly in the split reaches the split (not a navigation controller).
        let p = try s.make("P")
        s.send(.setSplitViewControllers([s["MN"], p]))
        let afterSet = s.state
        #expect(s.send(.show(x, sender: p)) == [.shown(x, sender: p, resolution: .handledByDelegate)])
        #expect(s.state == afterSet)
        #expect(before != afterSet)
    }

    @Test("SH-5, SH-6: the split's own show installs a new primary when expanded, presents when collapsed")
    func splitShow() throws {
        var s = try Scenario(iPadLandscape, primary: "P", secondary: "DN[D]")
        s.send(.launch(iPadLandscape))
        let p2 = try s.make("P2")
        #expect(s.send(.show(p2, sender: s["P"])) == [.shown(p2, sender: s["P"], resolution: .installedAsPrimary)])
        #expect(s.hierarchy == "P2 | DN[D]")
        var c = try Scenario(Device.iPhone.traits(.portrait), primary: "P", secondary: nil)
        c.send(.launch(Device.iPhone.traits(.portrait)))
        let x = try c.make("X")
        #expect(c.send(.show(x, sender: c["P"])) == [.shown(x, sender: c["P"], resolution: .presentedModally)])
        #expect(c.state.presented == x)
        #expect(c.send(.dismiss) == [.dismissed(x)])
        #expect(c.send(.dismiss).ignores == [.nothingPresented])
    }

    @Test("SH-11: expanded showDetail of a plain controller pushes onto the secondary navigation controller")
    func forwardedPush() throws {
        var s = try Scenario(iPadLandscape)
        s.send(.launch(iPadLandscape))
        let x = try s.make("X")
        #expect(s.send(.showDetail(x, sender: s["M"])) == [.detailShown(x, sender: s["M"], resolution: .pushed(onto: s["DN"]))])
        #expect(s.hierarchy == "MN[M] | DN[D, X]")
        #expect(s.state.showDetailWouldPush(sender: s["M"]) == false)  // SH-14: expanded never pushes via split
    }

    @Test("DM-7: a preference set while collapsed applies at the next expand")
    func preferenceWhileCollapsed() throws {
        var s = try Scenario(plusPortrait)
        s.send(.launch(plusPortrait))
        #expect(s.send(.setPreferredDisplayMode(.primaryOverlay)) == [.preferredDisplayModeSet(.primaryOverlay)])
        s.send(.changeTraits(plusLandscape))
        #expect(s.state.displayMode == .primaryOverlay)
    }

    @Test("DM-10: two-column modes are invalid on a classic split")
    func invalidModes() throws {
        var s = try Scenario(iPadLandscape)
        #expect(s.send(.setPreferredDisplayMode(.twoBesideSecondary)).rejections == [.invalidDisplayMode])
        #expect(s.state.preferredDisplayMode == .automatic)
    }

    @Test("DM-5, SZ-2: iPad 2/3 multitasking acts like portrait; 1/2 collapses")
    func multitasking() throws {
        var s = try Scenario(iPadLandscape)
        s.send(.launch(Device.iPad.multitaskingTraits(.landscape, widthFraction: 2.0 / 3.0)))
        #expect(!s.state.isCollapsed)
        #expect(s.state.displayMode == .primaryHidden)
        s.send(.changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 0.5)))
        #expect(s.state.isCollapsed)
    }

    @Test("WD-1, WD-2: a third of the width, clamped to min and max; the point width wins over the fraction")
    func columnWidths() throws {
        var s = try Scenario(iPadLandscape)
        s.send(.launch(iPadLandscape))
        #expect(s.state.primaryColumnWidth == 320)  // 1024/3 capped at 320
        s.send(.changeTraits(Device.iPad.traits(.portrait)))
        #expect(s.state.primaryColumnWidth == 256)  // 768/3
        s.send(.setProperty(.preferredPrimaryColumnWidthFraction(0.5)))
        #expect(s.state.primaryColumnWidth == 320)
        s.send(.setProperty(.maximumPrimaryColumnWidth(500)))
        #expect(s.state.primaryColumnWidth == 384)
        s.send(.setProperty(.preferredPrimaryColumnWidth(200)))
        #expect(s.state.primaryColumnWidth == 200)
        s.send(.setProperty(.minimumPrimaryColumnWidth(250)))
        #expect(s.state.primaryColumnWidth == 250)
    }

    @Test("WD-1: width setters never throw; a fraction above 1 (WordPress's 3.2) is clamped by min/max; negative → 0, NaN → automatic")
    func columnWidthsOutOfRange() throws {
        var s = try Scenario(iPadLandscape)
        s.send(.launch(iPadLandscape))
        // WordPress-iOS `.narrow`: min = max = 320, fraction = screen width / column width = 3.2.
        s.send(.setProperty(.minimumPrimaryColumnWidth(320)))
        s.send(.setProperty(.maximumPrimaryColumnWidth(320)))
        #expect(s.send(.setProperty(.preferredPrimaryColumnWidthFraction(3.2))) == [.propertySet(.preferredPrimaryColumnWidthFraction(3.2))])
        #expect(s.state.primaryColumnWidth == 320)
        s.send(.setProperty(.maximumPrimaryColumnWidth(nil)))
        s.send(.setProperty(.minimumPrimaryColumnWidth(nil)))
        #expect(s.state.primaryColumnWidth == 320)  // 3.2 × 1024 clamped to the automatic maximum
        #expect(s.send(.setProperty(.preferredPrimaryColumnWidthFraction(-0.5))) == [.propertySet(.preferredPrimaryColumnWidthFraction(0))])
        #expect(s.state.primaryColumnWidth == 0)
        #expect(s.send(.setProperty(.preferredPrimaryColumnWidth(.nan))) == [.propertySet(.preferredPrimaryColumnWidth(nil))])
        #expect(s.send(.setProperty(.minimumPrimaryColumnWidth(-10))) == [.propertySet(.minimumPrimaryColumnWidth(0))])
        #expect(s.state.invariantViolations().isEmpty)
    }

    @Test("WD-4: a trailing primary edge changes no collapse or display-mode rule")
    func trailingEdge() throws {
        var a = try Scenario(plusLandscape), b = try Scenario(plusLandscape)
        b.send(.setProperty(.primaryEdge(.trailing)))
        for traits in [plusLandscape, plusPortrait, plusLandscape] {
            if a.state.isLaunched {
                a.send(.changeTraits(traits)); b.send(.changeTraits(traits))
            } else {
                a.send(.launch(traits)); b.send(.launch(traits))
            }
            #expect(a.hierarchy == b.hierarchy)
            #expect(a.state.displayMode == b.state.displayMode)
        }
        #expect(b.state.primaryEdge == .trailing)
    }

    @Test("SZ-3: launching twice is rejected; user actions before launch are ignored")
    func launchRules() throws {
        var s = try Scenario(iPadLandscape)
        #expect(s.send(.tapDisplayModeButton).ignores == [.notLaunched])
        s.send(.launch(iPadLandscape))
        #expect(s.send(.launch(iPadLandscape)).rejections == [.alreadyLaunched])
    }

    @Test("Intents: every commit's command is recoverable from its events")
    func intentsRecoverable() throws {
        var s = try Scenario(plusPortrait, policy: .calendarPaste())
        var names = s.state.names
        var commands: [NavigationCommand] = [
            .launch(plusPortrait), .instantiate(try .parse("PN@X[P, Q]")),
            .changeTraits(plusLandscape), .tapDisplayModeButton, .edgeSwipe,
            .setProperty(.primaryEdge(.trailing)), .setPreferredDisplayMode(.allVisible),
        ]
        commands.append(.push(ControllerID(app: 0), onto: ControllerID(app: 0)))  // rejected: kept whole
        for command in commands {
            let events = s.send(command)
            #expect(NavigationCommand(commit: events, names: names) == command)
            for case .nameInterned(let string) in events { names.append(string) }
        }
    }

    @Test("Notation: parse and print round trip; malformed text names the column")
    func notation() throws {
        let spec = try ControllerSpec.parse("MN[M, DN@NoSel[D, E], T:tab]")
        #expect(spec.notation == "MN[M, DN@NoSel[D, E], T:tab]")
        #expect(spec.count == 6)
        #expect(throws: NotationError("expected ']'", at: 4)) { try ControllerSpec.parse("MN[M") }
        #expect(throws: NotationError("expected a controller name", at: 5)) { try ControllerSpec.parse("MN[M,") }
        #expect(throws: NotationError("expected ',' or ']', found '}'", at: 4)) { try ControllerSpec.parse("MN[M}") }
        #expect(throws: NotationError("only a navigation controller has a stack", at: 5)) { try ControllerSpec.parse("T:tab[X]") }
        #expect(throws: NotationError("expected a controller name", at: 0)) { try ControllerSpec.parse("") }
    }

    @Test("INV-2 collapsed: a collapsed classic split whose viewControllers is not one child is reported (only a forged state holds one)")
    func inv2Collapsed() throws {
        // Collapsed, a classic split's viewControllers is [primary] by construction (a second child
        // cannot be represented); what a damaged log can still hold is a collapsed split with none.
        var empty = NavigationState(traits: Device.iPhone.traits(.portrait))
        empty.isCollapsed = true
        #expect(empty.invariantViolations().filter { $0.rule == RuleID(.INV, 2) }.map(\.message) == ["collapsed with 0 view controllers"])
        var s = try Scenario(Device.iPad.traits(.landscape))
        s.send(.launch(Device.iPad.traits(.landscape)))
        #expect(!s.state.invariantViolations().contains { $0.rule == RuleID(.INV, 2) })
        s.send(.changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3)))
        #expect(s.state.isCollapsed && !s.state.invariantViolations().contains { $0.rule == RuleID(.INV, 2) })
    }

    @Test("a chain of navigation controllers nested 2,000 deep (a forged log) is walked without a trap: the depth limit of the walks")
    func deepNesting() throws {
        var state = NavigationState(traits: Device.iPad.traits(.landscape))
        let depth = 2_000
        state.evolve(.nameInterned("N"))
        for i in 0..<depth {
            state.evolve(.controllerCreated(ControllerID(app: i), kind: .navigation, name: NameID(rawValue: 0), restorationID: nil))
        }
        for i in 0..<(depth - 1) { state.evolve(.stackInitialized(ControllerID(app: i), [ControllerID(app: i + 1)])) }
        state.evolve(.splitViewControllersSet(primary: ControllerID(app: 0), secondary: nil))
        #expect(state.isInHierarchy(ControllerID(app: 10)))
        #expect(!state.isInHierarchy(ControllerID(app: depth - 1)), "past 64 levels a walk up stops")
        let violations = state.invariantViolations()
        #expect(violations.contains { $0.rule == RuleID(.INV, 4) }, "nested navigation controllers are reported")
        _ = state.hierarchyDescription
        _ = state.visibleControllers
    }
}
