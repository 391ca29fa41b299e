import NavTape
import NavigationCore

/// The JSON of a `Divergence` (`docs/JSON.md`, "Events", `diverged`):
/// `{"aspect":"stack","navigation":"#0","observed":["#0","#2"],"model":["#0"],"rules":["CO-2"]}`.
/// A controller the model cannot place is `{"name": INDEX}` (an index in the name table).
enum JSONDivergence {
    static func payload<Sink: JSONMemberSink>(_ divergence: Divergence, into sink: inout Sink) {
        sink.add("aspect", .string(divergence.aspect.name))
        sink.add("observed", encode(divergence.observed))
        sink.add("model", encode(divergence.model))
        sink.add("rules", .array(divergence.rules.map { .string($0.description) }))
        if case .stack(let navigation) = divergence.aspect { sink.add("navigation", encode(navigation)) }
    }

    static func encode(_ controller: ObservedController) -> JSONValue {
        switch controller {
        case .controller(let id): return id.json
        case .unmatched(let name): return .object(["name": .int(Int64(name.rawValue))])
        }
    }

    static func encode(_ value: ConformanceValue) -> JSONValue {
        switch value {
        case .controllers(let list): return .array(list.map(encode))
        case .flag(let flag): return .bool(flag)
        case .displayMode(let mode): return mode.json
        }
    }

    static func decode(_ json: JSONReader) throws(JSONError) -> Divergence {
        let aspect: ConformanceAspect
        switch try json.string("aspect") {
        case "viewControllers": aspect = .viewControllers
        case "stack": aspect = .stack(of: try controller(json.value("navigation"), json, "navigation"))
        case "collapsed": aspect = .collapsed
        case "displayMode": aspect = .displayMode
        default: throw json.fail("aspect", "viewControllers, stack, collapsed or displayMode")
        }
        var rules: [RuleID] = []
        for item in try json.array("rules") {
            guard case .string(let text) = item, let rule = RuleID(parsing: text) else { throw json.fail("rules", "rule IDs such as \"CO-2\"") }
            rules.append(rule)
        }
        return Divergence(
            aspect: aspect, observed: try value(json.value("observed"), json, "observed"),
            model: try value(json.value("model"), json, "model"), rules: rules)
    }

    static func controller(_ value: JSONValue, _ json: JSONReader, _ key: String) throws(JSONError) -> ObservedController {
        switch value {
        case .string(let text):
            guard let id = ControllerID(parsing: text) else { throw json.fail(key, "a controller ID such as \"#3\"") }
            return .controller(id)
        case .object:
            let object = try JSONReader(value, "\(json.context).\(key)")
            return .unmatched(name: try JSONEvent.nameID(object.int("name"), object, "name"))
        default:
            throw json.fail(key, "a controller ID or {\"name\": INDEX}")
        }
    }

    static func value(_ value: JSONValue, _ json: JSONReader, _ key: String) throws(JSONError) -> ConformanceValue {
        switch value {
        case .array(let items):
            var list: [ObservedController] = []
            for item in items { list.append(try controller(item, json, key)) }
            return .controllers(list)
        case .bool(let flag): return .flag(flag)
        case .string(let text):
            guard let mode = DisplayMode(name: text) else { throw json.fail(key, "a display mode, found \"\(text)\"") }
            return .displayMode(mode)
        default: throw json.fail(key, "a list of controllers, a Boolean or a display mode")
        }
    }
}
