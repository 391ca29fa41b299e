import Testing
@testable import NavigationCore

/// The legacy iPad split (§10, T43–T44) and the manual master/detail container (SEED-MAN).
@Suite("Legacy split and manual container")
struct GenerationTests {
    let iPadPortrait = Device.iPad.traits(.portrait)
    let iPadLandscape = Device.iPad.traits(.landscape)

    @Test("T43 legacy portrait launch hides the master (willHide); landscape shows it (willShow) (LG-4, LG-5)")
    func T43() throws {
        var s = try Scenario(style: .legacy, iPadPortrait)
        #expect(s.send(.launch(iPadPortrait)) == [.launched(iPadPortrait), .delegateNotified(.legacyWillHideMaster)])
        #expect(s.state.displayMode == .primaryHidden)
        #expect(s.visible == ["D"])  // AP-2: only the detail appears
        #expect(
            s.send(.changeTraits(iPadLandscape)) == [
                .traitsChanged(iPadLandscape), .delegateNotified(.legacyWillShowMaster),
                .displayModeChanged(.allVisible, cause: .traits),
            ])
        #expect(s.visible == ["M", "D"])
        #expect(!s.state.isCollapsed)
    }

    @Test("T44 legacy shouldHide false for portrait: both visible, no willHide (LG-4)")
    func T44() throws {
        var policy = SplitPolicy.noDelegate
        policy[.shouldHide] = [PolicyRule(.bool(false), if: .landscape), PolicyRule(.bool(false))]
        var s = try Scenario(style: .legacy, iPadPortrait, policy: policy)
        let events = s.send(.launch(iPadPortrait))
        #expect(!events.contains(.delegateNotified(.legacyWillHideMaster)))
        #expect(s.state.displayMode == .allVisible)
        #expect(s.visible == ["M", "D"])
    }

    @Test("LG-1, LG-2: iPad only, exactly two controllers")
    func legacyLimits() throws {
        var phone = try Scenario(style: .legacy, Device.iPhone.traits(.portrait))
        #expect(phone.send(.launch(Device.iPhone.traits(.portrait))).rejections == [.phoneIdiom])
        var one = try Scenario(style: .legacy, iPadPortrait, secondary: nil)
        #expect(one.log.rejections == [.wrongControllerCount])
        #expect(one.send(.launch(iPadPortrait)).rejections == [])
    }

    @Test("LG-5..LG-7: the bar button shows the popover; selecting does not dismiss it; the button does")
    func legacyPopover() throws {
        var s = try Scenario(style: .legacy, iPadPortrait)
        s.send(.launch(iPadPortrait))
        #expect(s.send(.tapDisplayModeButton) == [.delegateNotified(.legacyPopoverWillPresent), .displayModeChanged(.primaryOverlay, cause: .button)])
        let d2 = try s.make("D2")
        s.send(.showDetail(d2, sender: s["M"]))
        #expect(s.state.displayMode == .primaryOverlay)  // LG-7: apps dismiss it themselves
        #expect(s.send(.tapDisplayModeButton) == [.displayModeChanged(.primaryHidden, cause: .button)])
        // LG-6: the swipe needs presentsWithGesture and a delegate implementing willHide.
        #expect(s.send(.edgeSwipe).ignores == [.gestureDisabled])
        s.policy.implementsWillHide = true
        #expect(s.send(.edgeSwipe).count == 2)
        // LG-8: no collapse, ever; no preferred display mode (an iOS 8 API).
        s.send(.changeTraits(Device.iPad.multitaskingTraits(.portrait, widthFraction: 0.5)))
        #expect(!s.state.isCollapsed)
        #expect(s.send(.setPreferredDisplayMode(.allVisible)).ignores == [.notForThisStyle])
    }

    @Test("Manual container on a pad: two stacks; a selection replaces the detail stack; no display modes")
    func manualPad() throws {
        var s = try Scenario(style: .manual, iPadPortrait)
        s.send(.launch(iPadPortrait))
        #expect(s.hierarchy == "MN[M] | DN[D]")
        #expect(s.visible == ["M", "D"])
        let p = try s.make("Paste")
        #expect(s.send(.showDetail(p, sender: s["M"])) == [.detailShown(p, sender: s["M"], resolution: .replacedStack(of: s["DN"]))])
        #expect(s.hierarchy == "MN[M] | DN[Paste]")
        #expect(s.state.parent(of: s["D"]) == .none)
        let q = try s.make("Paste")
        s.send(.showDetail(q, sender: s["M"]))
        #expect(s.hierarchy == "MN[M] | DN[Paste]")
        #expect(s.state.stack(of: s["DN"]) == [q])
        #expect(s.send(.tapDisplayModeButton).ignores == [.noDisplayModes])
        s.send(.changeTraits(iPadLandscape))
        #expect(!s.state.isCollapsed)
        #expect(s.visible == ["M", "Paste"])
    }

    @Test("Manual container on a phone: one stack; a selection pushes; rotation never collapses or separates")
    func manualPhone() throws {
        let portrait = Device.iPhonePlus.traits(.portrait), landscape = Device.iPhonePlus.traits(.landscape)
        var s = try Scenario(style: .manual, portrait)
        s.send(.launch(portrait))
        #expect(s.hierarchy == "MN[M]")
        let p = try s.make("Paste")
        #expect(s.send(.showDetail(p, sender: s["M"])) == [.detailShown(p, sender: s["M"], resolution: .pushed(onto: s["MN"]))])
        #expect(s.hierarchy == "MN[M, Paste]")
        #expect(s.send(.changeTraits(landscape)) == [.traitsChanged(landscape)])
        #expect(s.hierarchy == "MN[M, Paste]")
        #expect(s.visible == ["Paste"])
        let nav = try s.make("PN[Q]")
        #expect(s.send(.showDetail(nav, sender: s["Paste"])).rejections == [.navigationController])
    }
}
