import NavTape
import NavigationCore

/// The JSON of the state at one point of a log (`docs/JSON.md`, "State").
public enum JSONState {
    /// The state after `index` events.
    ///
    /// - Parameters:
    ///   - state: The state.
    ///   - index: The number of events applied (the point).
    ///   - time: The time of the last event applied, or the session's start.
    ///   - lastEvent: The last event applied, whose bug detectors fill `violations` with the
    ///     invariants that do not hold; `nil` at point 0.
    ///   - policy: The session's policy (for the display-mode button, unless the session changed it).
    public static func encode(_ state: NavigationState, index: UInt64, time: Int64, lastEvent: NavigationEvent?,
                              policy: SplitPolicy) -> JSONValue {
        let violations = lastEvent.map { state.violations(after: $0) } ?? state.invariantViolations()
        let presented: JSONValue = state.presented.map { id in
            .object(["id": id.json, "name": .string(state.name(of: id)), "hierarchy": .string(state.bracketNotation(id))])
        } ?? .null
        let stacks = state.navigationControllersInHierarchy.map { id -> JSONValue in
            .object(["id": id.json, "name": .string(state.name(of: id)), "stack": .array(state.stack(of: id).map(\.json))])
        }
        let delegate = state.policy(session: policy)
        let button = state.displayModeButton(delegate: delegate).map { $0.target.json } ?? .string("hidden")
        return .object([
            // One numbering (README): `event` is the last event applied, as event lines number it
            // (null at the start); `events` how many were applied.
            "event": index == 0 ? .null : .int(Int64(bitPattern: index - 1)),
            "events": .int(Int64(bitPattern: index)),
            "time": .int(time),
            "date": .string(SessionTime.iso8601(time)),
            "style": state.style.json,
            "isLaunched": .bool(state.isLaunched),
            "isCollapsed": .bool(state.isCollapsed),
            "displayMode": state.displayMode.json,
            "preferredDisplayMode": state.preferredDisplayMode.json,
            "sizeClass": state.traits.horizontalSizeClass.json,
            "width": .int(Int64(state.traits.width)),
            "height": .int(Int64(state.traits.height)),
            "idiom": state.traits.idiom.json,
            "sideBySide": state.traits.sideBySide.json,
            "primaryColumnWidth": .double(state.primaryColumnWidth),
            "primaryEdge": state.primaryEdge.json,
            "presentsWithGesture": .bool(state.presentsWithGesture),
            "button": button,
            "primary": state.primary.json,
            "supplementary": state.supplementary.json,
            "compactColumn": state.compactColumn.json,
            "splitBehavior": state.splitBehavior.json,
            "preferredSplitBehavior": state.preferredSplitBehavior.json,
            "secondary": (state.isCollapsed ? nil : state.secondary).json,
            "viewControllers": .array(state.viewControllers.map(\.json)),
            "hierarchy": .string(state.hierarchyDescription),
            "stacks": .array(stacks),
            "visible": .array(state.visibleContent.map { .string(state.name(of: $0)) }),
            "visibleIDs": .array(state.visibleContent.map(\.json)),
            "presented": presented,
            "policy": JSONPolicy.encode(delegate),
            "flags": .array(state.flagNames.map(JSONValue.string)),
            "violations": .array(violations.map { violation in
                .object(["rule": .string(violation.rule.description), "subject": violation.subject.json,
                         "message": .string(violation.message)])
            }),
        ])
    }
}
