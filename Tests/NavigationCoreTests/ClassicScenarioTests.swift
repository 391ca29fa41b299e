import Testing
@testable import NavigationCore

/// The classic-split scenario rows of the spec's §13, one test per row, named after it.
@Suite("§13 classic scenarios")
struct ClassicScenarioTests {
    let iPadLandscape = Device.iPad.traits(.landscape)
    let iPadPortrait = Device.iPad.traits(.portrait)
    let iPhonePortrait = Device.iPhone.traits(.portrait)
    let plusLandscape = Device.iPhonePlus.traits(.landscape)
    let plusPortrait = Device.iPhonePlus.traits(.portrait)

    func t01() throws -> Scenario {
        var s = try Scenario(iPadLandscape)
        s.send(.launch(iPadLandscape))
        return s
    }

    func t02() throws -> Scenario {
        var s = try Scenario(iPadPortrait)
        s.send(.launch(iPadPortrait))
        return s
    }

    @Test("T01 iPad landscape launch: allVisible, both columns appear (DM-5, AP-1)")
    func T01() throws {
        let s = try t01()
        #expect(!s.state.isCollapsed)
        #expect(s.state.displayMode == .allVisible)
        #expect(s.hierarchy == "MN[M] | DN[D]")
        #expect(s.state.viewControllers == [s["MN"], s["DN"]])
        #expect(s.onScreen == ["MN", "M", "DN", "D"])
        #expect(s.visible == ["M", "D"])
    }

    @Test("T02 iPad portrait launch: primaryHidden, only D appears (DM-5, AP-1)")
    func T02() throws {
        let s = try t02()
        #expect(!s.state.isCollapsed)
        #expect(s.state.displayMode == .primaryHidden)
        #expect(s.hierarchy == "MN[M] | DN[D]")
        #expect(s.visible == ["D"])
    }

    @Test("T03 button toggles primaryHidden → primaryOverlay → primaryHidden (BTN-3, AP-3)")
    func T03() throws {
        var s = try t02()
        #expect(s.state.displayModeButton(delegate: s.policy) == DisplayModeButton(target: .primaryOverlay))
        #expect(s.send(.tapDisplayModeButton) == [.displayModeChanged(.primaryOverlay, cause: .button)])
        #expect(s.visible == ["M", "D"])
        #expect(s.send(.tapDisplayModeButton) == [.displayModeChanged(.primaryHidden, cause: .button)])
        #expect(s.visible == ["D"])
    }

    @Test("T04 tap on the dimmed secondary dismisses the overlay (BTN-5)")
    func T04() throws {
        var s = try t02()
        s.send(.tapDisplayModeButton)
        #expect(s.state.displayMode == .primaryOverlay)
        #expect(s.send(.tapDimmedSecondary) == [.displayModeChanged(.primaryHidden, cause: .dimmedTap)])
        #expect(s.state.displayMode == .primaryHidden)
        #expect(s.send(.tapDimmedSecondary).ignores == [.notOverlaid])
    }

    @Test("T05 landscape button: allVisible → primaryHidden → allVisible (BTN-3)")
    func T05() throws {
        var s = try t01()
        #expect(s.state.displayModeButton(delegate: s.policy)?.isFullScreenIcon == true)
        s.send(.tapDisplayModeButton)
        #expect(s.state.displayMode == .primaryHidden)
        s.send(.tapDisplayModeButton)
        #expect(s.state.displayMode == .allVisible)
    }

    @Test("T06 iPad rotation re-resolves the display mode and never collapses (DM-8, SZ-4)")
    func T06() throws {
        var s = try t02()
        let toLandscape = s.send(.changeTraits(iPadLandscape))
        #expect(toLandscape == [.traitsChanged(iPadLandscape), .displayModeChanged(.allVisible, cause: .traits)])
        let toPortrait = s.send(.changeTraits(iPadPortrait))
        #expect(toPortrait == [.traitsChanged(iPadPortrait), .displayModeChanged(.primaryHidden, cause: .traits)])
        #expect(!s.log.contains { if case .collapsed = $0 { return true } else { return false } })
        #expect(!s.state.isCollapsed)
    }

    @Test("T07 presentsWithGesture false: swipe and button do nothing, button hidden (BTN-6)")
    func T07() throws {
        var s = try Scenario(iPadPortrait)
        s.send(.setProperty(.presentsWithGesture(false)))
        s.send(.launch(iPadPortrait))
        #expect(s.send(.edgeSwipe).ignores == [.gestureDisabled])
        #expect(s.send(.tapDisplayModeButton).ignores == [.gestureDisabled])
        #expect(s.state.displayMode == .primaryHidden)
        #expect(s.state.displayModeButton(delegate: s.policy) == nil)
    }

    @Test("T08 preferred allVisible without gestures holds in both orientations (DM-1, BTN-6)")
    func T08() throws {
        var s = try Scenario(iPadPortrait)
        s.send(.setPreferredDisplayMode(.allVisible))
        s.send(.setProperty(.presentsWithGesture(false)))
        s.send(.launch(iPadPortrait))
        #expect(s.state.displayMode == .allVisible)
        #expect(s.send(.changeTraits(iPadLandscape)) == [.traitsChanged(iPadLandscape)])
        #expect(s.state.displayMode == .allVisible)
        s.send(.changeTraits(iPadPortrait))
        #expect(s.state.displayMode == .allVisible)
    }

    @Test("T09 delegate target allVisible: willChangeTo precedes the change (BTN-2, DM-2)")
    func T09() throws {
        var s = try Scenario(iPadPortrait, policy: SplitPolicy("targetDisplayMode allVisible"))
        s.send(.launch(iPadPortrait))
        #expect(s.send(.tapDisplayModeButton) == [.displayModeChanged(.allVisible, cause: .button)])
        #expect(s.state.displayMode == .allVisible)
    }

    @Test("T10 iPhone launch with no delegate collapses onto the detail (SZ-3, CO-1, CO-4, BUG-5)")
    func T10() throws {
        var s = try Scenario(iPhonePortrait)
        s.send(.launch(iPhonePortrait))
        #expect(s.state.isCollapsed)
        #expect(s.state.viewControllers == [s["MN"]])
        #expect(s.hierarchy == "MN[M, DN[D]]")
        #expect(s.visible == ["D"])
        #expect(s.state.displayModeButton(delegate: s.policy) == nil)
        #expect(s.rulesRaised() == ["BUG-5"])
    }

    @Test("T11 template delegate discards the empty detail on collapse (CO-2, CO-3)")
    func T11() throws {
        var s = try Scenario(iPhonePortrait, policy: SplitPolicy("collapseSecondary discard"))
        s.send(.launch(iPhonePortrait))
        #expect(s.state.isCollapsed)
        #expect(s.hierarchy == "MN[M]")
        #expect(s.visible == ["M"])
        #expect(!s.state.isInHierarchy(s["DN"]))
        #expect(s.rulesRaised() == [])
    }

    @Test("T12 collapsed showDetail of a navigation controller pushes it, nested (SH-9, INV-4)")
    func T12() throws {
        var s = try Scenario(iPhonePortrait, policy: SplitPolicy("collapseSecondary discard"))
        s.send(.launch(iPhonePortrait))
        let dn2 = try s.make("DN2[D2]")
        let events = s.send(.showDetail(dn2, sender: s["M"]))
        #expect(events == [.detailShown(dn2, sender: s["M"], resolution: .pushed(onto: s["MN"]))])
        #expect(s.hierarchy == "MN[M, DN2[D2]]")
        #expect(s.visible == ["D2"])
        #expect(s.state.invariantViolations() == [])
    }

    @Test("T13 Back pops the nested navigation controller (NV-2)")
    func T13() throws {
        var s = try Scenario(iPhonePortrait, policy: SplitPolicy("collapseSecondary discard"))
        s.send(.launch(iPhonePortrait))
        let dn2 = try s.make("DN2[D2]")
        s.send(.showDetail(dn2, sender: s["M"]))
        #expect(s.send(.pop(s["MN"])) == [.popped(navigation: s["MN"], interactive: false)])
        #expect(s.hierarchy == "MN[M]")
        #expect(s.state.parent(of: dn2) == .none)
    }

    @Test("T15 Plus rotation to portrait pushes the secondary onto the primary (CO-1, CO-4)")
    func T15() throws {
        var s = try Scenario(plusLandscape)
        s.send(.launch(plusLandscape))
        #expect(!s.state.isCollapsed)
        let events = s.send(.changeTraits(plusPortrait))
        #expect(
            events == [
                .traitsChanged(plusPortrait),
                .collapsed(CollapseResolution(newPrimary: s["MN"], outcome: .secondaryPushed, atLaunch: false)),
            ])
        #expect(s.state.isCollapsed)
        #expect(s.state.viewControllers == [s["MN"]])
        #expect(s.hierarchy == "MN[M, DN[D]]")
    }

    @Test("T16 Plus rotation with collapseSecondary true discards DN (CO-2)")
    func T16() throws {
        var s = try Scenario(plusLandscape, policy: SplitPolicy("collapseSecondary discard"))
        s.send(.launch(plusLandscape))
        s.send(.changeTraits(plusPortrait))
        #expect(s.hierarchy == "MN[M]")
        #expect(!s.state.isInHierarchy(s["DN"]))
    }

    @Test("T18 Calendar Paste installs a fresh NoSelectionNC on separate (EX-1.3, SEED-CP)")
    func T18() throws {
        var s = try Scenario(plusPortrait, secondary: "NoSelectionNC@NoSelectionNC[NoSelection]", policy: .calendarPaste())
        s.send(.launch(plusPortrait))
        #expect(s.hierarchy == "MN[M]")  // the empty detail always collapses
        let events = s.send(.changeTraits(plusLandscape))
        let fresh = ControllerID(minted: 0)
        #expect(events.contains(.separated(SeparateResolution(newPrimary: s["MN"], secondary: fresh, source: .delegate))))
        #expect(!s.state.isCollapsed)
        #expect(s.state.viewControllers == [s["MN"], fresh])
        #expect(s.hierarchy == "MN[M] | NoSelectionNC[NoSelection]")
        #expect(s.state.restorationID(of: fresh) == "NoSelectionNC")
    }

    @Test("T18b Calendar Paste keeps a paste detail on separate (SEED-CP)")
    func T18b() throws {
        var s = try Scenario(plusPortrait, secondary: "NoSelectionNC@NoSelectionNC[NoSelection]", policy: .calendarPaste())
        s.send(.launch(plusPortrait))
        let paste = try s.make("PasteNC[PasteDetail]")
        s.send(.showDetail(paste, sender: s["M"]))
        #expect(s.hierarchy == "MN[M, PasteNC[PasteDetail]]")
        s.send(.changeTraits(plusLandscape))
        #expect(s.hierarchy == "MN[M] | PasteNC[PasteDetail]")
        #expect(s.state.mintedControllerCount == 0)
    }

    @Test("T20 plain detail pushed while collapsed separates without a navigation controller (SH-9, EX-2, BUG-1)")
    func T20() throws {
        var s = try Scenario(plusPortrait, policy: SplitPolicy("collapseSecondary discard"))
        s.send(.launch(plusPortrait))
        let p = try s.make("P")
        s.send(.showDetail(p, sender: s["M"]))
        #expect(s.hierarchy == "MN[M, P]")
        s.send(.changeTraits(plusLandscape))
        #expect(s.hierarchy == "MN[M] | P")
        #expect(s.state.secondary == p)
        #expect(s.state.navigationController(of: p) == nil)
        #expect(s.rulesRaised().contains("BUG-1"))
    }

    @Test("T23 expanded showDetail of a navigation controller replaces the secondary (SH-11)")
    func T23() throws {
        var s = try t01()
        let dn2 = try s.make("DN2[D2]")
        let before = s.onScreen
        let events = s.send(.showDetail(dn2, sender: s["M"]))
        #expect(events == [.detailShown(dn2, sender: s["M"], resolution: .installedAsSecondary)])
        #expect(s.state.viewControllers == [s["MN"], dn2])
        #expect(s.hierarchy == "MN[M] | DN2[D2]")
        #expect(!s.state.isInHierarchy(s["DN"]))
        #expect(s.state.displayMode == .allVisible)
        #expect(Set(before).subtracting(s.onScreen) == ["DN", "D"])
        #expect(Set(s.onScreen).subtracting(before) == ["DN2", "D2"])
    }

    @Test("T24 showDetail of the current secondary is a no-op (SH-7)")
    func T24() throws {
        var s = try t01()
        let before = s.state
        #expect(s.send(.showDetail(s["DN"], sender: s["M"])) == [.detailShown(s["DN"], sender: s["M"], resolution: .unchanged)])
        #expect(s.state == before)
    }

    @Test("T25 M.show(M2) pushes onto MN even when expanded (SH-2)")
    func T25() throws {
        var s = try t01()
        let m2 = try s.make("M2")
        #expect(s.send(.show(m2, sender: s["M"])) == [.shown(m2, sender: s["M"], resolution: .pushed(onto: s["MN"]))])
        #expect(s.hierarchy == "MN[M, M2] | DN[D]")
    }

    @Test("T27 showDetail with the overlay open dismisses it (SH-12, model choice, low confidence)")
    func T27() throws {
        var s = try t02()
        s.send(.tapDisplayModeButton)
        let dn2 = try s.make("DN2[D2]")
        s.send(.showDetail(dn2, sender: s["M"]))
        #expect(s.state.secondary == dn2)
        #expect(s.state.displayMode == .primaryHidden)
    }

    @Test("T28 compact tab-bar primary presents the detail modally (SH-10, BUG-3)")
    func T28() throws {
        var s = try Scenario(iPhonePortrait, primary: "TabC:tab", secondary: "DN[D]")
        s.send(.launch(iPhonePortrait))
        #expect(s.hierarchy == "TabC")
        let d2 = try s.make("D2")
        let stacks = s.state.navigationControllersInHierarchy.map(s.state.bracketNotation)
        #expect(s.send(.showDetail(d2, sender: s["TabC"])) == [.detailShown(d2, sender: s["TabC"], resolution: .presentedModally)])
        #expect(s.state.presented == d2)
        #expect(s.state.navigationController(of: d2) == nil)
        #expect(s.state.navigationControllersInHierarchy.map(s.state.bracketNotation) == stacks)
        #expect(s.rulesRaised() == ["BUG-3"])
    }

    @Test("T29 popping the root does nothing (NV-2)")
    func T29() throws {
        var s = try t01()
        let before = s.state
        #expect(s.send(.pop(s["MN"])).ignores == [.atRoot])
        #expect(s.state == before)
    }

    @Test("T31 pushing a controller already in the stack is rejected (NV-1, BUG-9)")
    func T31() throws {
        var s = try t01()
        let a = try s.make("A"), b = try s.make("B")
        let nav = try s.make("AN[]")
        s.send(.setViewControllers([a, b], of: nav))
        let before = s.state
        #expect(s.send(.push(b, onto: nav)).rejections == [.alreadyInStack])
        #expect(s.state == before)
        #expect(s.state.bracketNotation(nav) == "AN[A, B]")
        #expect(s.rulesRaised() == ["BUG-9"])
    }

    @Test("T32 pushing a navigation controller while expanded is rejected (NV-1, BUG-8)")
    func T32() throws {
        var s = try t01()
        let dn2 = try s.make("DN2[D2]")
        let before = s.state
        let events = s.send(.push(dn2, onto: s["MN"]))
        #expect(events == [.rejected(.push(dn2, onto: s["MN"]), reason: .navigationController, subject: dn2)])
        #expect(events.rejections.map(\.rule) == [RuleID(.NV, 1)])
        #expect(s.state == before)
        #expect(s.rulesRaised() == ["BUG-8"])
    }

    @Test("T47 setting viewControllers while collapsed is flagged (BUG-4)")
    func T47() throws {
        var s = try Scenario(iPhonePortrait)
        s.send(.launch(iPhonePortrait))
        let dn3 = try s.make("DN3[D3]")
        s.send(.setSplitViewControllers([s["MN"], dn3]))
        #expect(s.rulesRaised() == ["BUG-5", "BUG-4"])
        // The detail changed behind the scenes: the visible stack did not.
        #expect(s.hierarchy == "MN[M, DN[D]]")
        #expect(s.state.rememberedSecondary == dn3)
    }
}
