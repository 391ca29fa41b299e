import NavTape
import NavigationCore

/// Swift source literals of NavigationCore values, for generated tests.
///
/// Every string is escaped so that no name from a log can end a literal, interpolate, or put a
/// control character into the generated file.
enum SwiftLiteral {
    static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value >= 0x20 && scalar.value < 0x7F {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                }
            }
        }
        return out + "\""
    }

    /// Text safe inside a `//` comment: anything outside printable ASCII becomes `\u{…}`, so a name
    /// cannot end the comment with a line break or hide code with bidirectional controls.
    static func comment(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return out
    }

    static func double(_ value: Double) -> String {
        if value.isNaN { return ".nan" }
        if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
        return "\(value)"
    }

    static func optionalDouble(_ value: Double?) -> String { value.map(double) ?? "nil" }

    static func id(_ id: ControllerID) -> String {
        id.isMinted ? "ControllerID(minted: \(id.index))" : "ControllerID(app: \(id.index))"
    }

    static func ids(_ ids: [ControllerID]) -> String { "[" + ids.map(id).joined(separator: ", ") + "]" }

    static func displayMode(_ mode: DisplayMode) -> String {
        mode.isClassic && mode != .automatic ? "." + mode.classicName : "." + mode.name
    }

    static func spec(_ spec: ControllerSpec) -> String {
        let restoration = spec.restorationID.map { ", restorationID: \(string($0))" } ?? ""
        switch spec.kind {
        case .content where spec.children.isEmpty:
            return ".content(\(string(spec.name))\(restoration))"
        case .navigation:
            return ".navigation(\(string(spec.name))\(restoration), [\(spec.children.map(self.spec).joined(separator: ", "))])"
        default:
            let children = spec.children.isEmpty ? "" : ", children: [\(spec.children.map(self.spec).joined(separator: ", "))]"
            return "ControllerSpec(.\(spec.kind), \(string(spec.name))\(restoration)\(children))"
        }
    }

    static func traits(_ traits: Traits) -> String {
        let hint = traits.sideBySide == .byOrientation ? "" : ", sideBySide: .\(traits.sideBySide)"
        return "Traits(horizontalSizeClass: .\(traits.horizontalSizeClass), width: \(traits.width), height: \(traits.height), "
            + "idiom: .\(traits.idiom)\(hint))"
    }

    static func property(_ property: SplitProperty) -> String {
        switch property {
        case .presentsWithGesture(let flag): return ".presentsWithGesture(\(flag))"
        case .primaryEdge(let edge): return ".primaryEdge(.\(edge))"
        case .preferredPrimaryColumnWidthFraction(let value): return ".preferredPrimaryColumnWidthFraction(\(optionalDouble(value)))"
        case .preferredPrimaryColumnWidth(let value): return ".preferredPrimaryColumnWidth(\(optionalDouble(value)))"
        case .minimumPrimaryColumnWidth(let value): return ".minimumPrimaryColumnWidth(\(optionalDouble(value)))"
        case .maximumPrimaryColumnWidth(let value): return ".maximumPrimaryColumnWidth(\(optionalDouble(value)))"
        case .showsSecondaryOnlyButton(let flag): return ".showsSecondaryOnlyButton(\(flag))"
        case .displayModeButtonVisibility(let visibility): return ".displayModeButtonVisibility(.\(visibility))"
        }
    }

    static func command(_ command: NavigationCommand) -> String {
        switch command {
        case .instantiate(let spec): return ".instantiate(\(self.spec(spec)))"
        case .setSplitViewControllers(let list): return ".setSplitViewControllers(\(ids(list)))"
        case .launch(let traits): return ".launch(\(self.traits(traits)))"
        case .changeTraits(let traits): return ".changeTraits(\(self.traits(traits)))"
        case .setPreferredDisplayMode(let mode): return ".setPreferredDisplayMode(\(displayMode(mode)))"
        case .tapDisplayModeButton: return ".tapDisplayModeButton"
        case .edgeSwipe: return ".edgeSwipe"
        case .tapDimmedSecondary: return ".tapDimmedSecondary"
        case .show(let target, let sender): return ".show(\(id(target)), sender: \(id(sender)))"
        case .showDetail(let target, let sender): return ".showDetail(\(target.map(id) ?? "nil"), sender: \(id(sender)))"
        case .push(let controller, let navigation): return ".push(\(id(controller)), onto: \(id(navigation)))"
        case .pop(let navigation): return ".pop(\(id(navigation)))"
        case .interactivePop(let navigation, let completed): return ".interactivePop(\(id(navigation)), completed: \(completed))"
        case .popToRoot(let navigation): return ".popToRoot(\(id(navigation)))"
        case .popTo(let controller, let navigation): return ".popTo(\(id(controller)), in: \(id(navigation)))"
        case .setViewControllers(let list, let navigation): return ".setViewControllers(\(ids(list)), of: \(id(navigation)))"
        case .present(let controller): return ".present(\(id(controller)))"
        case .dismiss: return ".dismiss"
        case .setProperty(let property): return ".setProperty(\(self.property(property)))"
        case .setViewController(let controller, let column): return ".setViewController(\(controller.map(id) ?? "nil"), for: .\(column))"
        case .showColumn(let column): return ".showColumn(.\(column))"
        case .hideColumn(let column): return ".hideColumn(.\(column))"
        case .setPreferredSplitBehavior(let behavior): return ".setPreferredSplitBehavior(.\(behavior))"
        case .tapSecondaryOnlyButton: return ".tapSecondaryOnlyButton"
        }
    }

    /// The arguments of `SplitPolicy(…)` that rebuild `policy`, one per delegate method.
    static func policyArguments(_ policy: SplitPolicy) -> [String] {
        func primary(_ choice: PrimaryChoice) -> String {
            switch choice {
            case .notImplemented: return ".notImplemented"
            case .returnsNil: return ".returnsNil"
            case .secondary: return ".secondary"
            }
        }
        func override(_ answer: OverrideAnswer) -> String {
            switch answer {
            case .notImplemented: return ".notImplemented"
            case .returns(let flag): return ".returns(\(flag))"
            }
        }
        let collapse: String
        switch policy.collapseSecondary {
        case .notImplemented: collapse = ".notImplemented"
        case .returns(let flag): collapse = ".returns(\(flag))"
        case .discardWhenRestorationID(let id): collapse = ".discardWhenRestorationID(\(string(id)))"
        case .discardWhenTopNamed(let name): collapse = ".discardWhenTopNamed(\(string(name)))"
        case .mergeStacks: collapse = ".mergeStacks"
        }
        let separate: String
        switch policy.separateSecondary {
        case .notImplemented: separate = ".notImplemented"
        case .returnsNil: separate = ".returnsNil"
        case .fresh(let spec): separate = ".fresh(\(self.spec(spec)))"
        case .keepWhenNestedTopNamed(let names, let otherwise):
            separate = ".keepWhenNestedTopNamed([\(names.map(string).joined(separator: ", "))], otherwise: \(spec(otherwise)))"
        }
        func target(_ answer: TargetDisplayModeAnswer) -> String {
            switch answer {
            case .notImplemented: return ".notImplemented"
            case .automatic: return ".automatic"
            case .mode(let mode): return ".mode(\(displayMode(mode)))"
            }
        }
        var extra: [String] = []
        if case .column(let column) = policy.topColumnForCollapsing { extra.append("topColumnForCollapsing: .column(.\(column))") }
        if policy.displayModeForExpanding != .notImplemented {
            extra.append("displayModeForExpanding: \(target(policy.displayModeForExpanding))")
        }
        if case .returns(let portrait, let landscape) = policy.shouldHide {
            extra.append("shouldHide: .returns(portrait: \(portrait), landscape: \(landscape))")
        }
        if policy.implementsWillHide { extra.append("implementsWillHide: true") }
        return [
            "name: \(string(policy.name))",
            "primaryForCollapsing: \(primary(policy.primaryForCollapsing))",
            "collapseSecondary: \(collapse)",
            "primaryForExpanding: \(primary(policy.primaryForExpanding))",
            "separateSecondary: \(separate)",
            "targetDisplayMode: \(target(policy.targetDisplayMode))",
            "showOverride: \(override(policy.showOverride))",
            "showDetailOverride: \(override(policy.showDetailOverride))",
        ] + extra
    }
}
