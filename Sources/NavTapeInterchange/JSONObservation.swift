import NavigationCore
import NavigationProjections

/// What UIKit tells the app about one commit (``NavigationProjections/CommitObservation``), as the
/// `uikit` member `navtape log --json` adds to the last event of each commit (docs/JSON.md).
public enum JSONObservation {
    /// `{"callbacks": [{"callback": "viewWillAppear", "controller": "#3"}], "notifications":
    /// ["didCollapse"], "transitions": [{"transition": "pop", "navigation": "#0"}], "popped": ["#5"]}`;
    /// `popped` only for `pop`, `popTo` and `popToRoot`; `created` (the new instances, what `expect fresh`
    /// checks) only when the commit created any; display modes named as on a split of `style`.
    public static func encode(_ observation: CommitObservation, style: SplitStyle) -> JSONValue {
        var object: [String: JSONValue] = [
            "callbacks": .array(observation.callbacks.map { .object(["callback": .string($0.name), "controller": $0.controller.json]) }),
            "notifications": .array(observation.notifications.map { .string($0.name(in: style)) }),
            "transitions": .array(
                observation.transitions.map {
                    .object(["transition": .string($0.transition.name), "navigation": $0.navigation.json])
                }),
        ]
        if let popped = observation.popped { object["popped"] = .array(popped.map(\.json)) }
        if !observation.created.isEmpty { object["created"] = .array(observation.created.map(\.json)) }
        return .object(object)
    }
}
