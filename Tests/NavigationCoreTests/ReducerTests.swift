import Testing
@testable import NavigationCore

/// Reducer tests state the whole difference: the expected state is the previous one with exactly
/// the asserted changes applied, so any unasserted change fails the `==`.
@Suite("evolve: whole-state differences")
struct ReducerTests {
    func expanded() throws -> Scenario {
        var s = try Scenario(Device.iPad.traits(.landscape))
        s.send(.launch(Device.iPad.traits(.landscape)))
        return s
    }

    @Test("pushed: appends to the stack and reparents, nothing else (NV-1)")
    func pushed() throws {
        var s = try expanded()
        let x = try s.make("X")
        var expected = s.state
        expected.appendToStack(x, of: s["MN"])
        expected.modify(x) { $0.parent = .navigation(s["MN"]) }
        s.state.evolve(.pushed(x, onto: s["MN"]))
        #expect(s.state == expected)
    }

    @Test("popped: removes the top and orphans it; at the root nothing changes (NV-2, INV-6)")
    func popped() throws {
        var s = try expanded()
        let x = try s.make("X")
        s.send(.push(x, onto: s["MN"]))
        var expected = s.state
        expected.removeLastFromStack(of: s["MN"])
        expected.modify(x) { $0.parent = .none }
        s.state.evolve(.popped(navigation: s["MN"], interactive: false))
        #expect(s.state == expected)
        s.state.evolve(.popped(navigation: s["MN"], interactive: false))
        #expect(s.state == expected)
    }

    @Test("collapsed(secondaryPushed): one stack, secondary remembered, nesting allowed (CO-1, ST-13)")
    func collapsed() throws {
        var s = try expanded()
        let (mn, dn) = (s["MN"], s["DN"])
        var expected = s.state
        expected.appendToStack(dn, of: mn)
        expected.modify(dn) { $0.parent = .navigation(mn) }
        expected.secondary = nil
        expected.rememberedSecondary = dn
        expected.rememberedSecondaryWasPushed = true
        expected.isCollapsed = true
        s.state.evolve(.collapsed(CollapseResolution(newPrimary: mn, outcome: .secondaryPushed, atLaunch: false)))
        #expect(s.state == expected)
        #expect(s.state.nestingNavigation == mn)  // ST-13: derived
    }

    @Test("separated(poppedFromPrimary): the top becomes the secondary; nesting ends (EX-1, EX-2)")
    func separated() throws {
        var s = try expanded()
        let (mn, dn) = (s["MN"], s["DN"])
        s.state.evolve(.collapsed(CollapseResolution(newPrimary: mn, outcome: .secondaryPushed, atLaunch: false)))
        var expected = s.state
        expected.removeLastFromStack(of: mn)
        expected.modify(dn) { $0.parent = .split }
        expected.secondary = dn
        expected.isCollapsed = false
        s.state.evolve(.separated(SeparateResolution(newPrimary: mn, secondary: dn, source: .poppedFromPrimary)))
        #expect(s.state == expected)
        #expect(s.state.nestingNavigation == nil)
    }

    @Test("displayModeChanged and traitsChanged touch only their fields (DM-2, WD-1)")
    func displayAndTraits() throws {
        var s = try expanded()
        var expected = s.state
        expected.displayMode = .primaryOverlay
        s.state.evolve(.displayModeChanged(.primaryOverlay, cause: .button))
        #expect(s.state == expected)
        s.state.evolve(.displayModeChanged(.automatic, cause: .button))  // INV-3: never automatic
        #expect(s.state == expected)
        let portrait = Device.iPad.traits(.portrait)
        expected.traits = portrait
        expected.primaryColumnWidth = 256
        s.state.evolve(.traitsChanged(portrait))
        #expect(s.state == expected)
    }

    @Test("evolve is total: events that do not fit the state change nothing")
    func totality() throws {
        var s = try expanded()
        let before = s.state
        let stranger = ControllerID(app: 10_000), minted = ControllerID(minted: 7)
        for event: NavigationEvent in [
            .pushed(stranger, onto: s["MN"]), .pushed(s["M"], onto: stranger), .popped(navigation: stranger, interactive: false),
            .poppedTo(stranger, navigation: s["MN"]), .stackSet([], navigation: s["MN"]), .stackSet([stranger], navigation: s["MN"]),
            .controllerCreated(stranger, kind: .content, name: NameID(rawValue: 0), restorationID: nil),
            .controllerCreated(minted, kind: .content, name: NameID(rawValue: 0), restorationID: nil),
            .dismissed(s["M"]), .separated(SeparateResolution(newPrimary: s["MN"], secondary: nil, source: .none)),
            .splitViewControllersSet(primary: stranger, secondary: nil),
            .shown(stranger, sender: s["M"], resolution: .installedAsPrimary),
        ] {
            s.state.evolve(event)
            #expect(s.state == before, "\(event) changed the state")
        }
    }
}
