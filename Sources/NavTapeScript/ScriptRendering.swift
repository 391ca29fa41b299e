import NavTape
import NavigationCore

extension NavigationCommand {
    /// This command as a script line (`docs/ScriptFormat.md`): `push Shift onto PasteNC1`.
    ///
    /// A controller is written by its screen name when that name finds it in `state`
    /// (``NavigationCore/NavigationState/controller(named:)``), otherwise by its raw ID (`#7`).
    public func scriptLine(in state: NavigationState) -> String {
        func ref(_ id: ControllerID) -> String {
            let name = state.name(of: id)
            let isPlainName = !name.isEmpty && name.unicodeScalars.allSatisfy(ControllerSpec.isNameCharacter) && !name.hasPrefix("#")
            return isPlainName && state.controller(named: name) == id ? name : id.description
        }
        func list(_ ids: [ControllerID]) -> String { "[" + ids.map(ref).joined(separator: ", ") + "]" }
        switch self {
        case .instantiate(let spec): return "instantiate \(spec.notation)"
        case .setSplitViewControllers(let ids): return "setSplitViewControllers \(list(ids))"
        case .launch(let traits): return "launch \(Self.environment(traits))"
        case .changeTraits(let traits): return "traits \(Self.environment(traits))"
        case .setPreferredDisplayMode(let mode): return "preferredDisplayMode \(mode.classicName)"
        case .tapDisplayModeButton: return "tapDisplayModeButton"
        case .edgeSwipe: return "edgeSwipe"
        case .tapDimmedSecondary: return "tapDimmedSecondary"
        case .show(let target, let sender): return "show \(ref(target)) from \(ref(sender))"
        case .showDetail(let target, let sender): return "showDetail \(target.map(ref) ?? "nil") from \(ref(sender))"
        case .push(let controller, let navigation): return "push \(ref(controller)) onto \(ref(navigation))"
        case .pop(let navigation): return "pop \(ref(navigation))"
        case .interactivePop(let navigation, let completed):
            return "interactivePop \(ref(navigation)) \(completed ? "completed" : "cancelled")"
        case .popToRoot(let navigation): return "popToRoot \(ref(navigation))"
        case .popTo(let controller, let navigation): return "popTo \(ref(controller)) in \(ref(navigation))"
        case .setViewControllers(let ids, let navigation): return "setViewControllers \(list(ids)) of \(ref(navigation))"
        case .present(let controller): return "present \(ref(controller))"
        case .dismiss: return "dismiss"
        case .setProperty(let property): return "set \(Self.property(property))"
        case .setViewController(let controller, let column): return "setViewController \(controller.map(ref) ?? "nil") for \(column)"
        case .showColumn(let column): return "showColumn \(column)"
        case .hideColumn(let column): return "hideColumn \(column)"
        case .setPreferredSplitBehavior(let behavior): return "preferredSplitBehavior \(behavior)"
        case .tapSecondaryOnlyButton: return "tapSecondaryOnlyButton"
        }
    }

    /// `compact 414x736 phone` (plus `wide` or `narrow` when the hint is explicit).
    static func environment(_ traits: Traits) -> String {
        var text = "\(traits.horizontalSizeClass) \(traits.width)x\(traits.height) \(traits.idiom)"
        if traits.sideBySide != .byOrientation { text += " \(traits.sideBySide)" }
        return text
    }

    static func property(_ property: SplitProperty) -> String {
        func width(_ value: Double?) -> String {
            guard let value else { return "automatic" }
            return value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        }
        switch property {
        case .presentsWithGesture(let flag): return "presentsWithGesture \(flag)"
        case .primaryEdge(let edge): return "primaryEdge \(edge)"
        case .preferredPrimaryColumnWidthFraction(let value): return "preferredPrimaryColumnWidthFraction \(width(value))"
        case .preferredPrimaryColumnWidth(let value): return "preferredPrimaryColumnWidth \(width(value))"
        case .minimumPrimaryColumnWidth(let value): return "minimumPrimaryColumnWidth \(width(value))"
        case .maximumPrimaryColumnWidth(let value): return "maximumPrimaryColumnWidth \(width(value))"
        case .showsSecondaryOnlyButton(let flag): return "showsSecondaryOnlyButton \(flag)"
        case .displayModeButtonVisibility(let visibility): return "displayModeButtonVisibility \(visibility)"
        }
    }

}
