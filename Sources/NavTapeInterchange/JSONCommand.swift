import NavTape
import NavigationCore

/// The JSON of commands and their payloads (`docs/JSON.md`, "Commands").
enum JSONCommand {
    static func encode(_ command: NavigationCommand) -> JSONValue {
        var object: [String: JSONValue] = ["command": .string(command.kind.name)]
        switch command {
        case .instantiate(let spec): object["spec"] = encode(spec)
        case .setSplitViewControllers(let list): object["controllers"] = .array(list.map(\.json))
        case .launch(let traits), .changeTraits(let traits): object["traits"] = encode(traits)
        case .setPreferredDisplayMode(let mode): object["mode"] = mode.json
        case .tapDisplayModeButton, .edgeSwipe, .tapDimmedSecondary, .dismiss: break
        case .show(let target, let sender):
            object["target"] = target.json
            object["sender"] = sender.json
        case .showDetail(let target, let sender):
            object["target"] = target.json
            object["sender"] = sender.json
        case .push(let controller, let navigation):
            object["controller"] = controller.json
            object["onto"] = navigation.json
        case .pop(let navigation), .popToRoot(let navigation): object["navigation"] = navigation.json
        case .interactivePop(let navigation, let completed):
            object["navigation"] = navigation.json
            object["completed"] = .bool(completed)
        case .popTo(let controller, let navigation):
            object["controller"] = controller.json
            object["navigation"] = navigation.json
        case .setViewControllers(let list, let navigation):
            object["controllers"] = .array(list.map(\.json))
            object["navigation"] = navigation.json
        case .present(let controller): object["controller"] = controller.json
        case .setProperty(let property): object["property"] = encode(property)
        case .setViewController(let controller, let column):
            object["controller"] = controller.json
            object["column"] = column.json
        case .showColumn(let column), .hideColumn(let column): object["column"] = column.json
        case .setPreferredSplitBehavior(let behavior): object["behavior"] = behavior.json
        case .tapSecondaryOnlyButton: break
        }
        return .object(object)
    }

    static func decode(_ value: JSONValue, _ context: String) throws(JSONError) -> NavigationCommand {
        let json = try JSONReader(value, context)
        let name = try json.string("command")
        guard let kind = CommandKind.allCases.first(where: { $0.name == name }) else {
            throw JSONError("\(context).command: unknown command \"\(name)\"")
        }
        switch kind {
        case .instantiate: return .instantiate(try decodeSpec(json.value("spec"), "\(context).spec", depth: 0))
        case .setSplitViewControllers: return .setSplitViewControllers(try json.ids("controllers"))
        case .launch: return .launch(try decodeTraits(json.object("traits")))
        case .changeTraits: return .changeTraits(try decodeTraits(json.object("traits")))
        case .setPreferredDisplayMode: return .setPreferredDisplayMode(try json.displayMode("mode"))
        case .tapDisplayModeButton: return .tapDisplayModeButton
        case .edgeSwipe: return .edgeSwipe
        case .tapDimmedSecondary: return .tapDimmedSecondary
        case .show: return .show(try json.id("target"), sender: try json.id("sender"))
        case .showDetail: return .showDetail(try json.optionalID("target"), sender: try json.id("sender"))
        case .push: return .push(try json.id("controller"), onto: try json.id("onto"))
        case .pop: return .pop(try json.id("navigation"))
        case .interactivePop: return .interactivePop(try json.id("navigation"), completed: try json.bool("completed"))
        case .popToRoot: return .popToRoot(try json.id("navigation"))
        case .popTo: return .popTo(try json.id("controller"), in: try json.id("navigation"))
        case .setViewControllers: return .setViewControllers(try json.ids("controllers"), of: try json.id("navigation"))
        case .present: return .present(try json.id("controller"))
        case .dismiss: return .dismiss
        case .setProperty: return .setProperty(try decodeProperty(json.object("property")))
        case .setViewController:
            return .setViewController(try json.optionalID("controller"), for: try json.enumeration("column", Column.self))
        case .showColumn: return .showColumn(try json.enumeration("column", Column.self))
        case .hideColumn: return .hideColumn(try json.enumeration("column", Column.self))
        case .setPreferredSplitBehavior: return .setPreferredSplitBehavior(try json.enumeration("behavior", SplitBehavior.self))
        case .tapSecondaryOnlyButton: return .tapSecondaryOnlyButton
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
        var spec = ControllerSpec(try json.enumeration("kind", ControllerKind.self), try json.string("name"),
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
        return Traits(horizontalSizeClass: try json.enumeration("sizeClass", SizeClass.self), width: try points("width"),
                      height: try points("height"), idiom: try json.enumeration("idiom", Idiom.self),
                      sideBySide: try json.enumeration("sideBySide", SideBySide.self))
    }

    static func encode(_ property: SplitProperty) -> JSONValue {
        func width(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
        let (name, value): (String, JSONValue)
        switch property {
        case .presentsWithGesture(let flag): (name, value) = ("presentsWithGesture", .bool(flag))
        case .primaryEdge(let edge): (name, value) = ("primaryEdge", edge.json)
        case .preferredPrimaryColumnWidthFraction(let fraction): (name, value) = ("preferredPrimaryColumnWidthFraction", width(fraction))
        case .preferredPrimaryColumnWidth(let points): (name, value) = ("preferredPrimaryColumnWidth", width(points))
        case .minimumPrimaryColumnWidth(let points): (name, value) = ("minimumPrimaryColumnWidth", width(points))
        case .maximumPrimaryColumnWidth(let points): (name, value) = ("maximumPrimaryColumnWidth", width(points))
        case .showsSecondaryOnlyButton(let flag): (name, value) = ("showsSecondaryOnlyButton", .bool(flag))
        case .displayModeButtonVisibility(let visibility): (name, value) = ("displayModeButtonVisibility", visibility.json)
        }
        return .object(["name": .string(name), "value": value])
    }

    static func decodeProperty(_ json: JSONReader) throws(JSONError) -> SplitProperty {
        switch try json.string("name") {
        case "presentsWithGesture": return .presentsWithGesture(try json.bool("value"))
        case "primaryEdge": return .primaryEdge(try json.enumeration("value", PrimaryEdge.self))
        case "preferredPrimaryColumnWidthFraction": return .preferredPrimaryColumnWidthFraction(try json.optionalDouble("value"))
        case "preferredPrimaryColumnWidth": return .preferredPrimaryColumnWidth(try json.optionalDouble("value"))
        case "minimumPrimaryColumnWidth": return .minimumPrimaryColumnWidth(try json.optionalDouble("value"))
        case "maximumPrimaryColumnWidth": return .maximumPrimaryColumnWidth(try json.optionalDouble("value"))
        case "showsSecondaryOnlyButton": return .showsSecondaryOnlyButton(try json.bool("value"))
        case "displayModeButtonVisibility": return .displayModeButtonVisibility(try json.enumeration("value", ButtonVisibility.self))
        case let other: throw JSONError("\(json.context).name: unknown property \"\(other)\"")
        }
    }
}
