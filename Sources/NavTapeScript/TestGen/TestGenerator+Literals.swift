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

    /// `.presentsWithGesture(false)`.
    static func property(_ property: SplitProperty) -> String {
        let value: String
        switch property.value {
        case .bool(let flag): value = "\(flag)"
        case .edge(let edge): value = ".\(edge)"
        case .points(let points): value = optionalDouble(points)
        case .visibility(let visibility): value = ".\(visibility)"
        }
        return ".\(property.name.rawValue)(\(value))"
    }

    /// `.push(ControllerID(app: 3), onto: ControllerID(app: 0))`: the kind's case, then each argument
    /// with its parameter's label (from the vocabulary's signatures).
    static func command(_ command: NavigationCommand) -> String {
        let signature = command.signature
        guard !signature.parameters.isEmpty else { return "." + command.kind.name }
        let arguments = zip(signature.parameters, command.arguments).map { parameter, argument in
            (parameter.label.map { $0 + ": " } ?? "") + self.argument(argument)
        }
        return ".\(command.kind.name)(\(arguments.joined(separator: ", ")))"
    }

    static func argument(_ argument: CommandArgument) -> String {
        switch argument {
        case .controller(let id): return self.id(id)
        case .optionalController(let id): return id.map(self.id) ?? "nil"
        case .controllers(let list): return ids(list)
        case .tree(let spec): return self.spec(spec)
        case .traits(let traits): return self.traits(traits)
        case .displayMode(let mode): return displayMode(mode)
        case .column(let column): return ".\(column)"
        case .splitBehavior(let behavior): return ".\(behavior)"
        case .property(let property): return self.property(property)
        case .flag(let flag): return "\(flag)"
        case .text(let text): return string(text)
        case .policy(let policy): return self.policy(policy)
        }
    }

    /// A policy as a string literal in the policy language (``SplitPolicy`` is
    /// `ExpressibleByStringLiteral`).
    static func policy(_ policy: SplitPolicy) -> String { string(policy.text) }
}
