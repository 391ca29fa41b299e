import NavTape
import NavigationCore

/// The JSON of one recorded event (`docs/JSON.md`, "Events"): its position, time, commit flag, the
/// event's kind and its payload in one flat object.
public enum JSONEvent {
    /// The object of `recorded`: `{"commit":true,"event":"pushed","index":7,"onto":"#0",…}`.
    public static func encode(_ recorded: RecordedEvent) -> JSONValue {
        var object = payload(recorded.event)
        object["type"] = .string("event")
        object["index"] = .int(Int64(bitPattern: recorded.index))
        object["time"] = .int(recorded.time)
        object["commit"] = .bool(recorded.startsCommit)
        object["event"] = .string(recorded.event.kind.name)
        return .object(object)
    }

    /// Decodes an event object written by ``encode(_:)``.
    /// - Throws: ``JSONError`` naming the member that does not fit.
    public static func decode(_ value: JSONValue) throws(JSONError) -> RecordedEvent {
        let json = try JSONReader(value, "event")
        let index = try json.int("index")
        guard index >= 0 else { throw json.fail("index", "a non-negative integer") }
        return RecordedEvent(index: UInt64(index), time: try json.int("time"), event: try event(json),
                             startsCommit: try json.bool("commit"))
    }

    static func payload(_ event: NavigationEvent) -> [String: JSONValue] {
        switch event {
        case .nameInterned(let string):
            return ["string": .string(string)]
        case .controllerCreated(let id, let kind, let name, let restorationID):
            return ["id": id.json, "kind": kind.json, "name": .int(Int64(name.rawValue)),
                    "restorationID": restorationID.map { .int(Int64($0.rawValue)) } ?? .null]
        case .stackInitialized(let navigation, let children):
            return ["navigation": navigation.json, "stack": .array(children.map(\.json))]
        case .launched(let traits), .traitsChanged(let traits):
            return ["traits": JSONCommand.encode(traits)]
        case .propertySet(let property):
            return ["property": JSONCommand.encode(property)]
        case .preferredDisplayModeSet(let mode):
            return ["mode": mode.json]
        case .displayModeChanged(let mode, let cause):
            return ["mode": mode.json, "cause": cause.json]
        case .splitViewControllersSet(let primary, let secondary):
            return ["primary": primary.json, "secondary": secondary.json]
        case .collapsed(let resolution):
            return ["newPrimary": resolution.newPrimary.json, "outcome": resolution.outcome.json, "atLaunch": .bool(resolution.atLaunch)]
        case .separated(let resolution):
            return ["newPrimary": resolution.newPrimary.json, "secondary": resolution.secondary.json, "source": resolution.source.json]
        case .shown(let target, let sender, let resolution):
            return resolutionPayload(resolution).merging(["target": target.json, "sender": sender.json]) { $1 }
        case .detailShown(let target, let sender, let resolution):
            return resolutionPayload(resolution).merging(["target": target.json, "sender": sender.json]) { $1 }
        case .pushed(let controller, let navigation):
            return ["controller": controller.json, "onto": navigation.json]
        case .popped(let navigation, let interactive):
            return ["navigation": navigation.json, "interactive": .bool(interactive)]
        case .poppedToRoot(let navigation):
            return ["navigation": navigation.json]
        case .poppedTo(let controller, let navigation):
            return ["controller": controller.json, "navigation": navigation.json]
        case .stackSet(let list, let navigation, let transition):
            var members: [String: JSONValue] = ["stack": .array(list.map(\.json)), "navigation": navigation.json]
            if transition != .unrecorded { members["transition"] = .string(transition.name) }  // NV-5
            return members
        case .presented(let controller), .dismissed(let controller):
            return ["controller": controller.json]
        case .rejected(let command, let reason, let subject):
            return ["command": JSONCommand.encode(command), "reason": reason.json, "rule": .string(reason.rule.description),
                    "subject": subject.json]
        case .ignored(let command, let reason, let subject):
            return ["command": JSONCommand.encode(command), "reason": reason.json, "rule": .string(reason.rule.description),
                    "subject": subject.json]
        case .columnSet(let controller, let column, let resolution):
            var object: [String: JSONValue] = ["controller": controller.json, "column": column.json]
            switch resolution {
            case .installed: object["resolution"] = .string("installed")
            case .wrapped(let navigation):
                object["resolution"] = .string("wrapped")
                object["navigation"] = navigation.json
            case .pushed(let navigation):
                object["resolution"] = .string("pushed")
                object["onto"] = navigation.json
            case .cleared: object["resolution"] = .string("cleared")
            }
            return object
        case .columnShown(let column), .columnHidden(let column), .columnStacked(let column), .columnUnstacked(let column):
            return ["column": column.json]
        case .preferredSplitBehaviorSet(let behavior), .splitBehaviorChanged(let behavior):
            return ["behavior": behavior.json]
        case .delegateNotified(let notification):
            return ["notification": notification.json]
        case .flagSet(let name, let value):
            return ["name": .int(Int64(name.rawValue)), "value": .bool(value)]
        case .policyChanged(let policy):
            return ["policy": JSONPolicy.encode(policy)]
        case .controllerReleased(let controller):
            return ["controller": controller.json]
        case .diverged(let divergence):
            return JSONDivergence.payload(divergence)
        }
    }

    static func resolutionPayload(_ resolution: ShowResolution) -> [String: JSONValue] {
        switch resolution {
        case .pushed(let navigation): return ["resolution": .string("pushed"), "onto": navigation.json]
        case .installedAsPrimary: return ["resolution": .string("installedAsPrimary")]
        case .installedAsSecondary: return ["resolution": .string("installedAsSecondary")]
        case .presentedModally: return ["resolution": .string("presentedModally")]
        case .handledByDelegate: return ["resolution": .string("handledByDelegate")]
        case .unchanged: return ["resolution": .string("unchanged")]
        case .replacedStack(let navigation): return ["resolution": .string("replacedStack"), "of": navigation.json]
        }
    }

    static func resolution(_ json: JSONReader) throws(JSONError) -> ShowResolution {
        switch try json.string("resolution") {
        case "pushed": return .pushed(onto: try json.id("onto"))
        case "installedAsPrimary": return .installedAsPrimary
        case "installedAsSecondary": return .installedAsSecondary
        case "presentedModally": return .presentedModally
        case "handledByDelegate": return .handledByDelegate
        case "unchanged": return .unchanged
        case "replacedStack": return .replacedStack(of: try json.id("of"))
        case let other: throw JSONError("event.resolution: unknown resolution \"\(other)\"")
        }
    }

    static func nameID(_ value: Int64, _ json: JSONReader, _ key: String) throws(JSONError) -> NameID {
        guard let raw = UInt32(exactly: value) else { throw json.fail(key, "a name index") }
        return NameID(rawValue: raw)
    }

    static func event(_ json: JSONReader) throws(JSONError) -> NavigationEvent {
        let name = try json.string("event")
        guard let kind = EventKind.allCases.first(where: { $0.name == name }) else {
            throw JSONError("event.event: unknown event \"\(name)\"")
        }
        switch kind {
        case .nameInterned: return .nameInterned(try json.string("string"))
        case .controllerCreated:
            let restoration: NameID? = json.isNull("restorationID") ? nil : try nameID(json.int("restorationID"), json, "restorationID")
            return .controllerCreated(try json.id("id"), kind: try json.enumeration("kind", ControllerKind.self),
                                      name: try nameID(json.int("name"), json, "name"), restorationID: restoration)
        case .stackInitialized: return .stackInitialized(try json.id("navigation"), try json.ids("stack"))
        case .launched: return .launched(try JSONCommand.decodeTraits(json.object("traits")))
        case .traitsChanged: return .traitsChanged(try JSONCommand.decodeTraits(json.object("traits")))
        case .propertySet: return .propertySet(try JSONCommand.decodeProperty(json.object("property")))
        case .preferredDisplayModeSet: return .preferredDisplayModeSet(try json.displayMode("mode"))
        case .displayModeChanged:
            return .displayModeChanged(try json.displayMode("mode"), cause: try json.enumeration("cause", DisplayModeCause.self))
        case .splitViewControllersSet:
            return .splitViewControllersSet(primary: try json.id("primary"), secondary: try json.optionalID("secondary"))
        case .collapsed:
            return .collapsed(CollapseResolution(newPrimary: try json.id("newPrimary"), outcome: try json.enumeration("outcome", CollapseOutcome.self),
                                                 atLaunch: try json.bool("atLaunch")))
        case .separated:
            return .separated(SeparateResolution(newPrimary: try json.id("newPrimary"), secondary: try json.optionalID("secondary"),
                                                 source: try json.enumeration("source", SeparateSource.self)))
        case .shown: return .shown(try json.id("target"), sender: try json.id("sender"), resolution: try resolution(json))
        case .detailShown:
            return .detailShown(try json.optionalID("target"), sender: try json.id("sender"), resolution: try resolution(json))
        case .pushed: return .pushed(try json.id("controller"), onto: try json.id("onto"))
        case .popped: return .popped(navigation: try json.id("navigation"), interactive: try json.bool("interactive"))
        case .poppedToRoot: return .poppedToRoot(navigation: try json.id("navigation"))
        case .poppedTo: return .poppedTo(try json.id("controller"), navigation: try json.id("navigation"))
        case .stackSet:
            let transition: StackTransition
            if try json.optionalString("transition") == nil {
                transition = .unrecorded
            } else {
                transition = try json.enumeration("transition", StackTransition.self)
                guard transition != .unrecorded else { throw json.fail("transition", "push, pop or none (leave it out when unknown)") }
            }
            return .stackSet(try json.ids("stack"), navigation: try json.id("navigation"), transition: transition)
        case .presented: return .presented(try json.id("controller"))
        case .dismissed: return .dismissed(try json.id("controller"))
        case .rejected:
            return .rejected(try JSONCommand.decode(json.value("command"), "event.command"),
                             reason: try json.enumeration("reason", RejectionReason.self), subject: try json.optionalID("subject"))
        case .ignored:
            return .ignored(try JSONCommand.decode(json.value("command"), "event.command"),
                            reason: try json.enumeration("reason", IgnoreReason.self), subject: try json.optionalID("subject"))
        case .columnSet:
            let resolution: ColumnResolution
            switch try json.string("resolution") {
            case "installed": resolution = .installed
            case "wrapped": resolution = .wrapped(in: try json.id("navigation"))
            case "pushed": resolution = .pushed(onto: try json.id("onto"))
            case "cleared": resolution = .cleared
            case let other: throw JSONError("event.resolution: unknown column resolution \"\(other)\"")
            }
            return .columnSet(try json.optionalID("controller"), column: try json.enumeration("column", Column.self), resolution: resolution)
        case .columnShown: return .columnShown(try json.enumeration("column", Column.self))
        case .columnHidden: return .columnHidden(try json.enumeration("column", Column.self))
        case .columnStacked: return .columnStacked(try json.enumeration("column", Column.self))
        case .columnUnstacked: return .columnUnstacked(try json.enumeration("column", Column.self))
        case .preferredSplitBehaviorSet: return .preferredSplitBehaviorSet(try json.enumeration("behavior", SplitBehavior.self))
        case .splitBehaviorChanged: return .splitBehaviorChanged(try json.enumeration("behavior", SplitBehavior.self))
        case .delegateNotified: return .delegateNotified(try json.enumeration("notification", DelegateNotification.self))
        case .flagSet: return .flagSet(try nameID(json.int("name"), json, "name"), value: try json.bool("value"))
        case .policyChanged: return .policyChanged(try JSONPolicy.decode(json.value("policy"), "event.policy"))
        case .controllerReleased: return .controllerReleased(try json.id("controller"))
        case .diverged: return .diverged(try JSONDivergence.decode(json))
        }
    }
}
