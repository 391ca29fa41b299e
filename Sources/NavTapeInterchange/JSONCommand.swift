import NavTape
import NavigationCore

/// The JSON of commands and their payloads (`docs/JSON.md`, "Commands").
enum JSONCommand {
    /// `{"command":"push","controller":"#3","onto":"#0"}`: the kind's name, then each argument under
    /// its parameter's name (from the vocabulary's signatures).
    static func encode(_ command: NavigationCommand) -> JSONValue {
        var object: [String: JSONValue] = ["command": .string(command.kind.name)]
        for (parameter, argument) in zip(command.signature.parameters, command.arguments) {
            object[parameter.name] = encode(argument)
        }
        return .object(object)
    }

    static func encode(_ argument: CommandArgument) -> JSONValue {
        switch argument {
        case .controller(let id): return id.json
        case .optionalController(let id): return id.json
        case .controllers(let ids): return .array(ids.map(\.json))
        case .tree(let spec): return encode(spec)
        case .traits(let traits): return encode(traits)
        case .displayMode(let mode): return mode.json
        case .column(let column): return column.json
        case .splitBehavior(let behavior): return behavior.json
        case .property(let property): return encode(property)
        case .flag(let flag): return .bool(flag)
        case .text(let text): return .string(text)
        case .policy(let policy): return JSONPolicy.encode(policy)
        }
    }

    static func decode(_ value: JSONValue, _ context: String) throws(JSONError) -> NavigationCommand {
        let json = try JSONReader(value, context)
        let name = try json.string("command")
        guard let kind = CommandKind(name: name) else {
            let suggestion = CommandKind.suggestion(for: name, among: CommandKind.allCases.map(\.name)).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw JSONError("\(context).command: unknown command \"\(name)\"\(suggestion)")
        }
        var arguments: [CommandArgument] = []
        for parameter in kind.signature.parameters { arguments.append(try argument(parameter, in: json)) }
        guard let command = NavigationCommand(kind: kind, arguments: arguments) else {
            throw JSONError("\(context): the arguments do not fit \"\(name)\"")
        }
        return command
    }

    /// The argument of `parameter`, read from its member of `json` (the one spelling of each
    /// parameter type; capture lines use it for everything but controllers and traits).
    static func argument(_ parameter: CommandParameter, in json: JSONReader) throws(JSONError) -> CommandArgument {
        let key = parameter.name, context = json.context
        switch parameter.type {
        case .controller: return .controller(try json.id(key))
        case .optionalController: return .optionalController(try json.optionalID(key))
        case .controllers: return .controllers(try json.ids(key))
        case .tree: return .tree(try decodeSpec(json.value(key), "\(context).\(key)", depth: 0))
        case .traits: return .traits(try decodeTraits(json.object(key)))
        case .displayMode: return .displayMode(try json.displayMode(key))
        case .column: return .column(try json.enumeration(key, Column.self))
        case .splitBehavior: return .splitBehavior(try json.enumeration(key, SplitBehavior.self))
        case .property: return .property(try decodeProperty(json.object(key)))
        case .flag: return .flag(try json.bool(key))
        case .text: return .text(try json.string(key))
        case .policy: return .policy(try JSONPolicy.decode(json.value(key), "\(context).\(key)"))
        }
    }

    // MARK: payloads

    static func encode(_ spec: ControllerSpec) -> JSONValue {
        var object: [String: JSONValue] = ["kind": spec.kind.json, "name": .string(spec.name)]
        if let restorationID = spec.restorationID { object["restorationID"] = .string(restorationID) }
        if !spec.children.isEmpty || spec.kind == .navigation { object["children"] = .array(spec.children.map(encode)) }
        return .object(object)
    }

    static func decodeSpec(_ value: JSONValue, _ context: String, depth: Int) throws(JSONError) -> ControllerSpec {
        guard depth < 64 else { throw JSONError("\(context): nesting deeper than 64") }
        let json = try JSONReader(value, context)
        var spec = ControllerSpec(
            try json.enumeration("kind", ControllerKind.self), try json.string("name"),
            restorationID: try json.optionalString("restorationID"))
        if !json.isNull("children") {
            for (i, child) in try json.array("children").enumerated() {
                spec.children.append(try decodeSpec(child, "\(context).children[\(i)]", depth: depth + 1))
            }
        }
        return spec
    }

    static func encode(_ traits: Traits) -> JSONValue {
        .object([
            "sizeClass": traits.horizontalSizeClass.json, "width": .int(Int64(traits.width)), "height": .int(Int64(traits.height)),
            "idiom": traits.idiom.json, "sideBySide": traits.sideBySide.json,
        ])
    }

    static func decodeTraits(_ json: JSONReader) throws(JSONError) -> Traits {
        func points(_ key: String) throws(JSONError) -> Int32 {
            guard let value = Int32(exactly: try json.int(key)) else { throw json.fail(key, "a 32-bit integer") }
            return value
        }
        return Traits(
            horizontalSizeClass: try json.enumeration("sizeClass", SizeClass.self), width: try points("width"),
            height: try points("height"), idiom: try json.enumeration("idiom", Idiom.self),
            sideBySide: try json.enumeration("sideBySide", SideBySide.self))
    }

    /// `{"name":"presentsWithGesture","value":false}`.
    static func encode(_ property: SplitProperty) -> JSONValue {
        let value: JSONValue
        switch property.value {
        case .bool(let flag): value = .bool(flag)
        case .edge(let edge): value = edge.json
        case .points(let points): value = points.map(JSONValue.double) ?? .null
        case .visibility(let visibility): value = visibility.json
        }
        return .object(["name": .string(property.name.rawValue), "value": value])
    }

    static func decodeProperty(_ json: JSONReader) throws(JSONError) -> SplitProperty {
        let text = try json.string("name")
        guard let name = SplitProperty.Name(rawValue: text) else { throw JSONError("\(json.context).name: unknown property \"\(text)\"") }
        let value: SplitProperty.Value
        switch name.valueType {
        case .bool: value = .bool(try json.bool("value"))
        case .edge: value = .edge(try json.enumeration("value", PrimaryEdge.self))
        case .points: value = .points(try json.optionalDouble("value"))
        case .visibility: value = .visibility(try json.enumeration("value", ButtonVisibility.self))
        }
        guard let property = SplitProperty(name: name, value: value) else { throw json.fail("value", "a value of \(text)") }
        return property
    }
}
