extension NavigationCommand {
    /// This command as a script line (`docs/ScriptFormat.md`): `push Shift onto PasteNC1`.
    ///
    /// A controller is written by its screen name when that name finds it in `state`
    /// (``NavigationState/controller(named:)``), otherwise by its raw ID (`#7`).
    public func scriptLine(in state: NavigationState) -> String {
        func ref(_ id: ControllerID) -> String {
            let name = state.name(of: id)
            let isPlainName = !name.isEmpty && name.unicodeScalars.allSatisfy(ControllerSpec.isNameCharacter) && !name.hasPrefix("#")
            return isPlainName && state.controller(named: name) == id ? name : id.description
        }
        let signature = kind.signature
        var parts = [signature.keyword]
        for (parameter, argument) in zip(signature.parameters, arguments) {
            if let word = parameter.word { parts.append(word) }
            switch argument {
            case .controller(let id): parts.append(ref(id))
            case .optionalController(let id): parts.append(id.map(ref) ?? "nil")
            case .controllers(let ids): parts.append("[" + ids.map(ref).joined(separator: ", ") + "]")
            case .tree(let spec): parts.append(spec.notation)
            case .traits(let traits): parts.append(Self.environment(traits))
            case .displayMode(let mode): parts.append(mode.classicName)
            case .column(let column): parts.append(column.name)
            case .splitBehavior(let behavior): parts.append("\(behavior)")
            case .property(let property): parts.append(Self.property(property))
            case .flag(let flag):
                if case .flag(let yes, let no) = parameter.type { parts.append(flag ? yes : no) }
            case .text(let text): parts.append(text)
            case .policy(let policy): parts.append(policy.text)
            }
        }
        return parts.joined(separator: " ")
    }

    /// `compact 414x736 phone` (plus `wide` or `narrow` when the hint is explicit).
    public static func environment(_ traits: Traits) -> String {
        var text = "\(traits.horizontalSizeClass) \(traits.width)x\(traits.height) \(traits.idiom)"
        if traits.sideBySide != .byOrientation { text += " \(traits.sideBySide)" }
        return text
    }

    /// `presentsWithGesture false`, `preferredPrimaryColumnWidth automatic`.
    public static func property(_ property: SplitProperty) -> String {
        let value: String
        switch property.value {
        case .bool(let flag): value = "\(flag)"
        case .edge(let edge): value = "\(edge)"
        case .points(nil): value = "automatic"
        case .points(let points?):
            value = points.isFinite && points == points.rounded() && abs(points) < 1e15 ? String(Int64(points)) : "\(points)"
        case .visibility(let visibility): value = "\(visibility)"
        }
        return "\(property.name.rawValue) \(value)"
    }
}
