import NavigationCore

/// Every detector's reports over many generated sessions of an app (issue 26, point 5): each
/// report is either one of the app's known bugs (``AppModel/knownBugs``, with its evidence) or a
/// false report, a defect to fix.
public struct AppAudit: Hashable, Sendable {
    /// The app.
    public var app: String
    /// How many sessions were walked, and how many commands each.
    public var sessions: Int
    /// The least number of events per session.
    public var eventsPerSession: Int
    /// The events decided in all.
    public var events: Int
    /// The reports by rule: every rule `expect violations` and `navtape query --bug` count, each
    /// commit's distinct rules once.
    public var reports: [RuleID: Int]
    /// The rules the app's known bugs explain.
    public var explained: Set<RuleID>

    /// The reports no known bug explains.
    public var falseReports: [RuleID: Int] { reports.filter { !explained.contains($0.key) } }

    /// Walks `sessions` sessions of at least `events` events each, the model's devices in turn,
    /// seeds `seed`, `seed + 1`, …, deciding in memory (no log), and counts what is raised.
    public static func run(_ model: AppModel, sessions: Int, events: Int, seed: UInt64 = 1) throws -> AppAudit {
        var audit = AppAudit(
            app: model.name, sessions: sessions, eventsPerSession: events, events: 0, reports: [:],
            explained: Set(model.knownBugs.map(\.rule)))
        for index in 0..<sessions {
            let device = model.devices[index % Swift.max(model.devices.count, 1)]
            var session = AppSession(model: model, seed: seed &+ UInt64(index), device: device)
            var state = NavigationState(style: model.style, traits: session.setup.initialTraits)
            for command in try session.setup.commands() { Navigation.send(command, to: &state, policy: model.policy) }
            var produced = 0
            while produced < events {
                let before = state
                let command = session.next(in: state).command
                let decided = Navigation.send(command, to: &state, policy: state.policy(session: model.policy))
                produced += decided.count
                for rule in NavigationState.rulesRaised(from: before, by: decided) { audit.reports[rule, default: 0] += 1 }
            }
            audit.events += produced
        }
        return audit
    }
}
