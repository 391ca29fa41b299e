import NavTapeApps
import NavigationCore

/// Random commands over a random starting layout, including nonsense (unknown IDs, wrong kinds).
public struct RandomSession: Sendable {
    /// The generator.
    public var rng: SplitMix64

    /// A driver drawing from `rng`.
    public init(rng: SplitMix64) { self.rng = rng }

    /// The delegate policies sessions rotate through.
    public static let policies: [SplitPolicy] = [
        .noDelegate, .template(placeholderName: "D"), .calendarPaste(), .mergeStacks,
        "targetDisplayMode allVisible",
        "primaryForCollapsing secondary",
        "separateSecondary fresh Fresh[F]",
        "showOverride handled; showDetailOverride handled",
        "collapseSecondary mergeTop if secondary top is D|PasteDetail else filter M|M1|D else discard",
        "separateSecondary unmerge firstNested or after M wrap DetailNC@Detail else existing *@NoSelectionNC else nil",
        "primaryForExpanding existing M1; collapseSecondary discard if flag dimmed or secondary deeper than 1",
    ]
    /// The environments trait changes move between.
    public static let traits: [Traits] =
        Device.allCases.flatMap { [$0.traits(.portrait), $0.traits(.landscape)] }
        + [Device.iPad.multitaskingTraits(.landscape, widthFraction: 0.5), Device.iPad.multitaskingTraits(.landscape, widthFraction: 2.0 / 3.0)]

    /// A random starting layout: the primary's and the secondary's trees.
    public mutating func layout() throws -> (primary: ControllerSpec, secondary: ControllerSpec?) {
        let primary = try ControllerSpec.parse(rng.pick(["MN[M]", "MN[M, M1]", "P", "TabC:tab", "MN[M, M1, M2]"]))
        let text: String? = rng.pick(["DN[D]", "P2", nil, "NoSelectionNC@NoSelectionNC[NoSelection]", "DN[D, D1]"])
        let secondary = try text.map { try ControllerSpec.parse($0) }
        return (primary, secondary)
    }

    mutating func spec() -> ControllerSpec {
        switch rng.below(10) {
        case 0..<5: return .content(rng.pick(["PasteDetail", "Item", "Settings", "D"]))
        case 5..<8: return .navigation(rng.pick(["PasteNC", "ItemNC", "DN"]), [.content(rng.pick(["PasteDetail", "Item"]))])
        case 8: return ControllerSpec(.tabBar, "Tabs")
        default: return .navigation("Deep", [.content("A"), .content("B")])
        }
    }

    mutating func id(_ state: NavigationState) -> ControllerID {
        if state.mintedControllerCount > 0 && rng.chance(10) { return ControllerID(minted: rng.below(state.mintedControllerCount)) }
        return ControllerID(app: rng.below(state.appControllerCount + 2))
    }

    mutating func navigation(_ state: NavigationState) -> ControllerID {
        let navs = state.navigationControllersInHierarchy
        return !navs.isEmpty && rng.chance(85) ? rng.pick(navs) : id(state)
    }

    /// A random command for `state`, sometimes nonsense.
    public mutating func command(_ state: NavigationState) -> NavigationCommand {
        if state.style.isColumnStyle && rng.chance(25) {
            let column = rng.pick(Column.allCases)
            switch rng.below(6) {
            case 0: return .setViewController(rng.chance(15) ? nil : fresh(state), for: column)
            case 1, 2: return .showColumn(column)
            case 3: return .hideColumn(column)
            case 4: return .setPreferredSplitBehavior(rng.pick(SplitBehavior.allCases))
            default: return rng.chance(50) ? .tapSecondaryOnlyButton : .setProperty(.showsSecondaryOnlyButton(rng.chance(50)))
            }
        }
        switch rng.below(24) {
        case 0, 1: return .instantiate(spec())
        case 2: return .changeTraits(rng.pick(Self.traits))
        case 3: return .changeTraits(rng.pick(Self.traits))
        case 4: return .tapDisplayModeButton
        case 5: return .edgeSwipe
        case 6: return .tapDimmedSecondary
        case 7: return .setPreferredDisplayMode(rng.pick(DisplayMode.allCases))
        case 8, 9: return .showDetail(rng.chance(5) ? nil : fresh(state), sender: visibleSender(state))
        case 10: return .show(fresh(state), sender: visibleSender(state))
        case 11: return .push(fresh(state), onto: navigation(state))
        case 12, 13: return .pop(navigation(state))
        case 14: return .popToRoot(navigation(state))
        case 15: let nav = navigation(state); return .popTo(rng.pick(state.stack(of: nav) + [id(state)]), in: nav)
        case 16: return .interactivePop(navigation(state), completed: rng.chance(70))
        case 17: return .setViewControllers((0..<rng.below(3)).map { _ in id(state) }, of: navigation(state))
        case 18: return .setSplitViewControllers((0..<(1 + rng.below(2))).map { _ in id(state) })
        case 19: return .present(fresh(state))
        case 20: return .dismiss
        case 21:
            return .setProperty(
                rng.pick([
                    .presentsWithGesture(rng.chance(70)), .primaryEdge(.trailing),
                    .preferredPrimaryColumnWidthFraction(Double(rng.below(12)) / 10),
                    .maximumPrimaryColumnWidth(rng.chance(50) ? nil : 400),
                ]))
        case 22: return .launch(rng.pick(Self.traits))
        default: return .push(id(state), onto: id(state))
        }
    }

    /// Mostly a controller not yet shown anywhere; sometimes any ID.
    mutating func fresh(_ state: NavigationState) -> ControllerID {
        if rng.chance(80) {
            let free = (max(0, state.appControllerCount - 6)..<state.appControllerCount)
                .map { ControllerID(app: $0) }.filter { state.parent(of: $0) == .none && !state.isInHierarchy($0) }
            if let pick = free.last { return pick }
        }
        return id(state)
    }

    mutating func visibleSender(_ state: NavigationState) -> ControllerID {
        let visible = state.visibleControllers
        return !visible.isEmpty && rng.chance(85) ? rng.pick(visible) : id(state)
    }
}
