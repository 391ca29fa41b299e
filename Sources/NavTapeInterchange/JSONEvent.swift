import NavTape
import NavigationCore
import NavigationProjections

/// The JSON of one recorded event (`docs/JSON.md`, "Events"): its position, time, commit flag, the
/// event's kind and its payload in one flat object.
public enum JSONEvent {
    /// The object of `recorded`: `{"commit":true,"event":"pushed","index":7,"onto":"#0",…}`.
    public static func encode(_ recorded: RecordedEvent) -> JSONValue {
        var object: [String: JSONValue] = [:]
        members(of: recorded, into: &object)
        return .object(object)
    }

    /// The object of `recorded` with, under `uikit`, what UIKit told the app about the commit it
    /// ends (`navtape log --json`), when there is anything.
    public static func encode(_ recorded: RecordedEvent, uikit observation: CommitObservation?, style: SplitStyle) -> JSONValue {
        var object: [String: JSONValue] = [:]
        members(of: recorded, into: &object)
        if let observation, !observation.isEmpty { object["uikit"] = JSONObservation.encode(observation, style: style) }
        return .object(object)
    }

    /// Decodes an event object written by ``encode(_:)``.
    /// - Throws: ``JSONError`` naming the member that does not fit.
    public static func decode(_ value: JSONValue) throws(JSONError) -> RecordedEvent {
        let json = try JSONReader(value, "event")
        let index = try json.int("index")
        guard index >= 0 else { throw json.fail("index", "a non-negative integer") }
        return RecordedEvent(
            index: UInt64(index), time: try json.int("time"), event: try event(json),
            startsCommit: try json.bool("commit"))
    }

    /// The members of `recorded`'s object, the one description of it: the payload, then the
    /// position, time, commit flag and kind (names no payload uses).
    static func members<Sink: JSONMemberSink>(of recorded: RecordedEvent, into sink: inout Sink) {
        payload(recorded.event, into: &sink)
        sink.add("type", .string("event"))
        sink.add("index", int: Int64(bitPattern: recorded.index))
        sink.add("time", int: recorded.time)
        sink.add("commit", .bool(recorded.startsCommit))
        sink.add("event", .string(recorded.event.kind.name))
    }

    static func payload<Sink: JSONMemberSink>(_ event: NavigationEvent, into sink: inout Sink) {
        switch event {
        case .nameInterned(let string):
            sink.add("string", .string(string))
        case .controllerCreated(let id, let kind, let name, let restorationID):
            sink.add("id", id: id)
            sink.add("kind", kind.json)
            sink.add("name", int: Int64(name.rawValue))
            if let restorationID { sink.add("restorationID", int: Int64(restorationID.rawValue)) } else { sink.add("restorationID", .null) }
        case .stackInitialized(let navigation, let children):
            sink.add("navigation", id: navigation)
            sink.add("stack", ids: children)
        case .launched(let traits), .traitsChanged(let traits):
            sink.add("traits", JSONCommand.encode(traits))
        case .propertySet(let property):
            sink.add("property", JSONCommand.encode(property))
        case .preferredDisplayModeSet(let mode):
            sink.add("mode", mode.json)
        case .displayModeChanged(let mode, let cause):
            sink.add("mode", mode.json)
            sink.add("cause", cause.json)
        case .splitViewControllersSet(let primary, let secondary):
            sink.add("primary", id: primary)
            sink.add("secondary", id: secondary)
        case .collapsed(let resolution):
            sink.add("newPrimary", id: resolution.newPrimary)
            sink.add("outcome", resolution.outcome.json)
            sink.add("atLaunch", .bool(resolution.atLaunch))
        case .separated(let resolution):
            sink.add("newPrimary", id: resolution.newPrimary)
            sink.add("secondary", id: resolution.secondary)
            sink.add("source", resolution.source.json)
        case .shown(let target, let sender, let resolution):
            resolutionPayload(resolution, into: &sink)
            sink.add("target", id: target)
            sink.add("sender", id: sender)
        case .detailShown(let target, let sender, let resolution):
            resolutionPayload(resolution, into: &sink)
            sink.add("target", id: target)
            sink.add("sender", id: sender)
        case .pushed(let controller, let navigation):
            sink.add("controller", id: controller)
            sink.add("onto", id: navigation)
        case .popped(let navigation, let interactive):
            sink.add("navigation", id: navigation)
            sink.add("interactive", .bool(interactive))
        case .poppedToRoot(let navigation):
            sink.add("navigation", id: navigation)
        case .poppedTo(let controller, let navigation):
            sink.add("controller", id: controller)
            sink.add("navigation", id: navigation)
        case .stackSet(let list, let navigation, let transition):
            sink.add("stack", ids: list)
            sink.add("navigation", id: navigation)
            if transition != .unrecorded { sink.add("transition", .string(transition.name)) }  // NV-5
        case .presented(let controller), .dismissed(let controller):
            sink.add("controller", id: controller)
        case .rejected(let command, let reason, let subject):
            sink.add("command", JSONCommand.encode(command))
            sink.add("reason", reason.json)
            sink.add("rule", .string(reason.rule.description))
            sink.add("subject", id: subject)
        case .ignored(let command, let reason, let subject):
            sink.add("command", JSONCommand.encode(command))
            sink.add("reason", reason.json)
            sink.add("rule", .string(reason.rule.description))
            sink.add("subject", id: subject)
        case .columnSet(let controller, let column, let resolution):
            sink.add("controller", id: controller)
            sink.add("column", column.json)
            switch resolution {
            case .installed: sink.add("resolution", .string("installed"))
            case .wrapped(let navigation):
                sink.add("resolution", .string("wrapped"))
                sink.add("navigation", id: navigation)
            case .pushed(let navigation):
                sink.add("resolution", .string("pushed"))
                sink.add("onto", id: navigation)
            case .cleared: sink.add("resolution", .string("cleared"))
            }
        case .columnShown(let column), .columnHidden(let column), .columnStacked(let column), .columnUnstacked(let column):
            sink.add("column", column.json)
        case .preferredSplitBehaviorSet(let behavior), .splitBehaviorChanged(let behavior):
            sink.add("behavior", behavior.json)
        case .delegateNotified(let notification):
            sink.add("notification", notification.json)
        case .flagSet(let name, let value):
            sink.add("name", int: Int64(name.rawValue))
            sink.add("value", .bool(value))
        case .policyChanged(let policy):
            sink.add("policy", JSONPolicy.encode(policy))
        case .controllerReleased(let controller), .detailMarked(let controller):
            sink.add("controller", id: controller)
        case .itemRepresented(let controller, let item):
            sink.add("controller", id: controller)
            sink.add("item", item.map { .int(Int64($0.rawValue)) } ?? .null)
        case .diverged(let divergence):
            JSONDivergence.payload(divergence, into: &sink)
        case .resynced(let resync):
            sink.add("viewControllers", resync.viewControllers.map { .array($0.map(\.json)) } ?? .null)
            sink.add(
                "stacks",
                .array(resync.stacks.map { .object(["navigation": $0.navigation.json, "stack": .array($0.viewControllers.map(\.json))]) }))
            sink.add("displayMode", resync.displayMode.map(\.json) ?? .null)
        }
    }

    static func resolutionPayload<Sink: JSONMemberSink>(_ resolution: ShowResolution, into sink: inout Sink) {
        switch resolution {
        case .pushed(let navigation):
            sink.add("resolution", .string("pushed"))
            sink.add("onto", id: navigation)
        case .installedAsPrimary: sink.add("resolution", .string("installedAsPrimary"))
        case .installedAsSecondary: sink.add("resolution", .string("installedAsSecondary"))
        case .presentedModally: sink.add("resolution", .string("presentedModally"))
        case .handledByDelegate: sink.add("resolution", .string("handledByDelegate"))
        case .unchanged: sink.add("resolution", .string("unchanged"))
        case .replacedStack(let navigation):
            sink.add("resolution", .string("replacedStack"))
            sink.add("of", id: navigation)
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
            return .controllerCreated(
                try json.id("id"), kind: try json.enumeration("kind", ControllerKind.self),
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
            return .collapsed(
                CollapseResolution(
                    newPrimary: try json.id("newPrimary"), outcome: try json.enumeration("outcome", CollapseOutcome.self),
                    atLaunch: try json.bool("atLaunch")))
        case .separated:
            return .separated(
                SeparateResolution(
                    newPrimary: try json.id("newPrimary"), secondary: try json.optionalID("secondary"),
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
            return .rejected(
                try JSONCommand.decode(json.value("command"), "event.command"),
                reason: try json.enumeration("reason", RejectionReason.self), subject: try json.optionalID("subject"))
        case .ignored:
            return .ignored(
                try JSONCommand.decode(json.value("command"), "event.command"),
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
        case .detailMarked: return .detailMarked(try json.id("controller"))
        case .itemRepresented:
            let item = json.isNull("item") ? nil : try nameID(json.int("item"), json, "item")
            return .itemRepresented(try json.id("controller"), item: item)
        case .diverged: return .diverged(try JSONDivergence.decode(json))
        case .resynced:
            var resync = Resync()
            if !json.isNull("viewControllers") { resync.viewControllers = try json.ids("viewControllers") }
            for (i, item) in try json.array("stacks").enumerated() {
                let stack = try JSONReader(item, "event.stacks[\(i)]")
                resync.stacks.append(Resync.Stack(navigation: try stack.id("navigation"), viewControllers: try stack.ids("stack")))
            }
            if !json.isNull("displayMode") { resync.displayMode = try json.displayMode("displayMode") }
            return .resynced(resync)
        }
    }
}

/// Writes recorded events as JSON text, one object at a time, without building a ``JSONValue``
/// per event: the bytes are those of `JSONEvent.encode(recorded).text`. Reuse one writer for a
/// stream of events (it keeps its scratch buffers).
public struct JSONEventWriter {
    private var object = JSONObjectWriter()

    /// Creates a writer.
    public init() {}

    /// Appends the object of `recorded` (no line terminator) to `out`.
    public mutating func write(_ recorded: RecordedEvent, into out: inout [UInt8]) {
        JSONEvent.members(of: recorded, into: &object)
        object.finish(into: &out)
    }
}
