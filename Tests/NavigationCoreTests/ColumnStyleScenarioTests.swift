import Testing
@testable import NavigationCore

/// The column-style rows of §13 (T34–T42) and the rules they cite.
@Suite("§13 column-style scenarios")
struct ColumnStyleScenarioTests {
    let iPhone = Device.iPhone.traits(.portrait)
    let iPadLandscape = Device.iPad.traits(.landscape)
    let iPadPortrait = Device.iPad.traits(.portrait)

    func double(_ traits: Traits, policy: SplitPolicy = .noDelegate) throws -> Scenario {
        try Scenario(style: .doubleColumn, traits, columns: [(.primary, "P"), (.secondary, "S")], policy: policy)
    }

    func triple(_ traits: Traits) throws -> Scenario {
        try Scenario(style: .tripleColumn, traits, columns: [(.primary, "P"), (.supplementary, "U"), (.secondary, "S")])
    }

    @Test("ST-3: setViewController wraps a plain controller in a navigation controller; viewControllers lists the wrappers")
    func wrapping() throws {
        let s = try double(iPadLandscape)
        #expect(s.hierarchy == "PNav[P] | SNav[S]")
        #expect(s.state.controller(for: .primary).map(s.state.name) == "PNav")
        #expect(s.state.primary?.isMinted == true)
    }

    @Test("T34 iPhone launch collapses onto the secondary column; Back returns to the primary (CO-11, CO-12)")
    func T34() throws {
        var s = try double(iPhone)
        let events = s.send(.launch(iPhone))
        #expect(events.contains(.collapsed(CollapseResolution(newPrimary: s.state.primary!, outcome: .columnsStacked, atLaunch: true))))
        #expect(events.last == .columnStacked(.secondary))
        #expect(s.state.isCollapsed)
        #expect(s.hierarchy == "PNav[P, SNav[S]]")
        #expect(s.visible == ["S"])
        s.send(.pop(s.state.primary!))
        #expect(s.visible == ["P"])
        #expect(s.state.parent(of: s.state.secondary!) == .split)  // the column keeps its controller
    }

    @Test("T35 topColumnForCollapsing .primary: the primary is visible (CO-12)")
    func T35() throws {
        var policy = SplitPolicy.noDelegate
        policy[.topColumnForCollapsing] = [PolicyRule(.column(.primary))]
        var s = try double(iPhone, policy: policy)
        s.send(.launch(iPhone))
        #expect(s.hierarchy == "PNav[P]")
        #expect(s.visible == ["P"])
    }

    @Test("T36 a compact column is shown instead of the stacked columns, which stay in place (CO-10)")
    func T36() throws {
        var s = try Scenario(style: .doubleColumn, iPhone, columns: [(.primary, "P"), (.secondary, "S"), (.compact, "TabC:tab")])
        s.send(.launch(iPhone))
        #expect(s.state.viewControllers == [s["TabC"]])
        #expect(s.visible == ["TabC"])
        #expect(s.state.bracketNotation(s.state.primary!) == "PNav[P]")
        #expect(s.state.bracketNotation(s.state.secondary!) == "SNav[S]")
        s.send(.changeTraits(iPadLandscape))
        #expect(s.hierarchy == "PNav[P] | SNav[S]")
    }

    @Test("T37 expanded tile: hide(.primary), show(.primary), hide(.secondary) ignored (BTN-8)")
    func T37() throws {
        var s = try double(iPadLandscape)
        s.send(.launch(iPadLandscape))
        #expect(s.state.splitBehavior == .tile)
        #expect(s.state.displayMode == .oneBesideSecondary)
        #expect(s.send(.hideColumn(.primary)) == [.columnHidden(.primary), .displayModeChanged(.secondaryOnly, cause: .hideColumn)])
        #expect(s.send(.showColumn(.primary)) == [.columnShown(.primary), .displayModeChanged(.oneBesideSecondary, cause: .showColumn)])
        #expect(s.send(.hideColumn(.secondary)).ignores == [.columnIgnored])
        #expect(s.state.displayMode == .oneBesideSecondary)
    }

    @Test("T38 collapsed: show(.secondary) pushes it, hide(.primary) is ignored, hide(.secondary) pops it (BTN-8)")
    func T38() throws {
        var policy = SplitPolicy.noDelegate
        policy[.topColumnForCollapsing] = [PolicyRule(.column(.primary))]
        var s = try double(iPhone, policy: policy)
        s.send(.launch(iPhone))
        #expect(s.send(.showColumn(.secondary)) == [.columnShown(.secondary), .columnStacked(.secondary)])
        #expect(s.visible == ["S"])
        #expect(s.send(.hideColumn(.primary)).ignores == [.columnIgnored])
        #expect(s.send(.showColumn(.secondary)).ignores == [.columnUnchanged])
        #expect(s.send(.hideColumn(.secondary)) == [.columnHidden(.secondary), .columnUnstacked(.secondary)])
        #expect(s.visible == ["P"])
        #expect(s.send(.showColumn(.compact)).rejections == [.compactColumn])
    }

    @Test("T39 triple overlay: the button goes oneOver then twoOver, then is absent (BTN-7)")
    func T39() throws {
        var s = try triple(iPadPortrait)
        s.send(.launch(iPadPortrait))
        #expect(s.state.splitBehavior == .overlay)
        #expect(s.state.displayMode == .secondaryOnly)
        s.send(.tapDisplayModeButton)
        #expect(s.state.displayMode == .oneOverSecondary)
        #expect(s.visible == ["U", "S"])  // DM-4: "one" is the supplementary in triple column
        s.send(.tapDisplayModeButton)
        #expect(s.state.displayMode == .twoOverSecondary)
        #expect(s.visible == ["P", "U", "S"])
        #expect(s.send(.tapDisplayModeButton).ignores == [.noButton])
        #expect(s.send(.tapDimmedSecondary) == [.displayModeChanged(.secondaryOnly, cause: .dimmedTap)])
    }

    @Test(
        "T40 preferred twoBesideSecondary is interpreted per split behaviour (DM-3)",
        arguments: [
            (SplitBehavior.overlay, DisplayMode.twoOverSecondary), (.displace, .twoDisplaceSecondary), (.tile, .twoBesideSecondary),
        ])
    func T40(behavior: SplitBehavior, expected: DisplayMode) throws {
        var s = try triple(iPadLandscape)
        s.send(.setPreferredSplitBehavior(behavior))
        s.send(.setPreferredDisplayMode(.twoBesideSecondary))
        s.send(.launch(iPadLandscape))
        #expect(s.state.splitBehavior == behavior)
        #expect(s.state.displayMode == expected)
    }

    @Test(
        "DM-3, DM-10: every preferred mode under every split behaviour (triple column, landscape)",
        arguments: [
            (DisplayMode.secondaryOnly, SplitBehavior.tile, DisplayMode.secondaryOnly), (.secondaryOnly, .overlay, .secondaryOnly),
            (.oneBesideSecondary, .tile, .oneBesideSecondary), (.oneBesideSecondary, .overlay, .oneOverSecondary),
            (.oneBesideSecondary, .displace, .oneBesideSecondary), (.oneOverSecondary, .tile, .oneBesideSecondary),
            (.oneOverSecondary, .overlay, .oneOverSecondary), (.oneOverSecondary, .displace, .oneBesideSecondary),
            (.twoOverSecondary, .tile, .twoBesideSecondary), (.twoDisplaceSecondary, .overlay, .twoOverSecondary),
            (.twoOverSecondary, .displace, .twoDisplaceSecondary), (.automatic, .tile, .oneBesideSecondary),
            (.automatic, .overlay, .secondaryOnly),
        ])
    func resolutionTable(preferred: DisplayMode, behavior: SplitBehavior, expected: DisplayMode) throws {
        var s = try triple(iPadLandscape)
        s.send(.setPreferredSplitBehavior(behavior))
        s.send(.setPreferredDisplayMode(preferred))
        s.send(.launch(iPadLandscape))
        #expect(s.state.displayMode == expected)
    }

    @Test("DM-6: automatic tiles in landscape and overlays in portrait; rotation re-resolves both")
    func automaticBehavior() throws {
        var s = try double(iPadPortrait)
        s.send(.launch(iPadPortrait))
        #expect(s.state.splitBehavior == .overlay)
        #expect(s.state.displayMode == .secondaryOnly)
        #expect(
            s.send(.changeTraits(iPadLandscape)) == [
                .traitsChanged(iPadLandscape), .splitBehaviorChanged(.tile), .displayModeChanged(.oneBesideSecondary, cause: .traits),
            ])
        // Overlay, double column: show(.primary) overlays it; the button toggles (BTN-7, BTN-8).
        s.send(.changeTraits(iPadPortrait))
        #expect(s.send(.showColumn(.primary)) == [.columnShown(.primary), .displayModeChanged(.oneOverSecondary, cause: .showColumn)])
        #expect(s.send(.tapDisplayModeButton) == [.displayModeChanged(.secondaryOnly, cause: .button)])
    }

    @Test("T41 a plain controller for the secondary is pushed; clearing first replaces (SH-15, BUG-2c)")
    func T41() throws {
        var s = try double(iPadLandscape)
        s.send(.launch(iPadLandscape))
        let x = try s.make("X")
        #expect(s.send(.setViewController(x, for: .secondary)) == [.columnSet(x, column: .secondary, resolution: .pushed(onto: s.state.secondary!))])
        #expect(s.state.bracketNotation(s.state.secondary!) == "SNav[S, X]")
        s.send(.setViewController(nil, for: .secondary))
        let y = try s.make("Y")
        s.send(.setViewController(y, for: .secondary))
        #expect(s.state.bracketNotation(s.state.secondary!) == "YNav[Y]")
        #expect(s.hierarchy == "PNav[P] | YNav[Y]")
    }

    @Test("T42 displace twoDisplaceSecondary: show(.secondary) goes to oneBesideSecondary (BTN-8, DOC:show)")
    func T42() throws {
        var s = try triple(iPadLandscape)
        s.send(.setPreferredSplitBehavior(.displace))
        s.send(.setPreferredDisplayMode(.twoDisplaceSecondary))
        s.send(.launch(iPadLandscape))
        #expect(s.state.displayMode == .twoDisplaceSecondary)
        #expect(s.send(.showColumn(.secondary)) == [.columnShown(.secondary), .displayModeChanged(.oneBesideSecondary, cause: .showColumn)])
    }

    @Test("DM-10: two-column modes are rejected on a double-column split; a supplementary too (ST-3)")
    func doubleColumnRejections() throws {
        var s = try double(iPadLandscape)
        #expect(s.send(.setPreferredDisplayMode(.twoBesideSecondary)).rejections == [.invalidDisplayMode])
        let u = try s.make("U")
        #expect(s.send(.setViewController(u, for: .supplementary)).rejections == [.supplementaryOnDoubleColumn])
    }

    @Test("EX-4: a policy answers by the display mode UIKit proposes (`proposed MODE`, NewsBlur's delegate)")
    func expandByProposedMode() throws {
        // What this expand proposes, with no delegate.
        var plain = try triple(iPhone)
        plain.send(.launch(iPhone))
        plain.send(.changeTraits(iPadLandscape))
        let proposal = plain.state.displayMode
        let other = try #require([DisplayMode.twoBesideSecondary, .twoOverSecondary].first { $0 != proposal })
        for (condition, expected) in [(proposal, DisplayMode.secondaryOnly), (other, proposal)] {
            let text = "displayModeForExpanding secondaryOnly if proposed \(condition.name) else proposed"
            let policy = try SplitPolicy(parsing: text)
            #expect(try SplitPolicy(parsing: policy.text) == policy, "\(policy.text)")
            var s = try triple(iPhone)
            s.policy = policy
            s.send(.launch(iPhone))
            s.send(.changeTraits(iPadLandscape))
            #expect(s.state.displayMode == expected, "\(text)")
        }
        // A proposal that is neither a column nor a display mode is refused.
        #expect(throws: NotationError.self) { try SplitPolicy(parsing: "displayModeForExpanding secondaryOnly if proposed sideways else proposed") }
    }

    @Test("EX-4: expand returns the stacked columns and asks the delegate for the display mode")
    func expand() throws {
        var policy = SplitPolicy.noDelegate
        policy[.displayModeForExpanding] = [PolicyRule(.mode(.secondaryOnly))]
        var s = try triple(iPhone)
        s.policy = policy
        s.send(.launch(iPhone))
        #expect(s.hierarchy == "PNav[P, UNav[U], SNav[S]]")
        let events = s.send(.changeTraits(iPadLandscape))
        #expect(events.contains(.columnUnstacked(.secondary)))
        #expect(events.contains(.columnUnstacked(.supplementary)))
        #expect(s.hierarchy == "PNav[P] | UNav[U] | SNav[S]")
        #expect(s.state.displayMode == .secondaryOnly)
        #expect(s.state.invariantViolations() == [])
    }

    @Test("SH-16: collapsed showDetail stacks the secondary and pushes onto it; Back pops inside it")
    func collapsedShowDetail() throws {
        var policy = SplitPolicy.noDelegate
        policy[.topColumnForCollapsing] = [PolicyRule(.column(.primary))]
        var s = try double(iPhone, policy: policy)
        s.send(.launch(iPhone))
        let d = try s.make("D")
        s.send(.showDetail(d, sender: s["P"]))
        #expect(s.hierarchy == "PNav[P, SNav[S, D]]")
        #expect(s.visible == ["D"])
        s.send(.changeTraits(iPadLandscape))
        #expect(s.hierarchy == "PNav[P] | SNav[S, D]")
    }

    @Test("ST-1, BTN-1: column APIs do nothing on a classic split")
    func classicIgnoresColumnAPIs() throws {
        var s = try Scenario(iPadLandscape)
        #expect(s.send(.showColumn(.primary)).ignores == [.notForThisStyle])
        #expect(s.send(.setPreferredSplitBehavior(.tile)).ignores == [.notForThisStyle])
        #expect(s.send(.setViewController(s["M"], for: .primary)).ignores == [.notForThisStyle])
    }
}

@Suite("Column style: refusals while collapsed")
struct ColumnCollapsedRefusalTests {
    @Test("BTN-7: a tap on the dimmed secondary does nothing while collapsed, whatever mode it remembers")
    func dimmedTapWhileCollapsed() throws {
        var s = try Scenario(style: .doubleColumn, Device.iPad.traits(.landscape), columns: [(.primary, "P"), (.secondary, "S")])
        s.send(.setPreferredSplitBehavior(.overlay))
        s.send(.launch(Device.iPad.traits(.landscape)))
        s.send(.setPreferredDisplayMode(.oneOverSecondary))
        #expect(s.state.displayMode == .oneOverSecondary)
        s.send(.changeTraits(Device.iPhone.traits(.portrait)))
        #expect(s.state.isCollapsed)
        #expect(s.send(.tapDimmedSecondary).ignores == [.notOverlaid])
    }
}
