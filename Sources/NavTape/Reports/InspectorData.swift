import EventLog
import NavigationCore
import NavigationProjections

/// What the inspector page draws of a state: the columns (`viewControllers`) with their roles and
/// widths, each a tree of controllers (a navigation controller's children are its stack), the
/// modal, and which columns are on screen or overlay the secondary (docs/JSON.md, "Inspector").
public struct StateDrawing: Codable, Hashable, Sendable {
    /// A controller and, for a navigation controller, its stack.
    public struct Node: Codable, Hashable, Sendable {
        /// The controller (`#3`).
        public var id: String
        /// Its screen name.
        public var name: String
        /// A navigation controller's stack, bottom first (`nil` for other controllers).
        public var children: [Node]?
    }

    /// A column of the split and the tree in it.
    public struct Column: Codable, Hashable, Sendable {
        /// `primary`, `supplementary`, `secondary`, or `collapsed`.
        public var role: String
        /// The column's controller.
        public var node: Node
    }

    /// The hierarchy in bracket notation.
    public var hierarchy: String
    public var collapsed: Bool
    public var launched: Bool
    public var displayMode: String
    public var width: Int
    public var height: Int
    public var sizeClass: String
    public var primaryWidth: Double
    public var columns: [Column]
    public var presented: Node?
    /// The roles on screen.
    public var visible: [String]
    /// The roles drawn over the secondary.
    public var overlay: [String]

    /// The drawing of `state`.
    public init(_ state: NavigationState) {
        func node(_ id: ControllerID, depth: Int = 0) -> Node {
            Node(
                id: id.description, name: state.name(of: id),
                children: state.kind(of: id) == .navigation && depth < 64 ? state.stack(of: id).map { node($0, depth: depth + 1) } : nil)
        }
        let roles: [String]
        if state.isCollapsed {
            roles = ["collapsed"]
        } else if state.style.isColumnStyle {
            roles = [state.primary, state.supplementary, state.secondary].enumerated().compactMap { i, id in
                id == nil ? nil : ["primary", "supplementary", "secondary"][i]
            }
        } else {
            roles = ["primary", "secondary"]
        }
        columns = state.viewControllers.enumerated().map { i, id in
            Column(role: i < roles.count ? roles[i] : "secondary", node: node(id))
        }
        // Which columns are on screen and which overlay the secondary, as the display mode says.
        let overlaid: Set<DisplayMode> = [.primaryOverlay, .oneOverSecondary, .twoOverSecondary]
        if state.isCollapsed {
            (visible, overlay) = (["collapsed"], [])
        } else if state.style.isColumnStyle {
            let shown = state.visibleColumns
            visible = [NavigationCore.Column.primary, .supplementary, .secondary].filter { shown.contains($0) }.map(\.name)
            overlay = overlaid.contains(state.displayMode) ? visible.filter { $0 != "secondary" } : []
        } else {
            let primaryShown = state.displayMode != .primaryHidden && state.displayMode != .secondaryOnly
            visible = (primaryShown ? ["primary"] : []) + ["secondary"]
            overlay = primaryShown && overlaid.contains(state.displayMode) ? ["primary"] : []
        }
        hierarchy = state.hierarchyDescription
        collapsed = state.isCollapsed
        launched = state.isLaunched
        displayMode = state.displayMode.classicName
        width = Int(state.traits.width)
        height = Int(state.traits.height)
        sizeClass = "\(state.traits.horizontalSizeClass)"
        primaryWidth = state.primaryColumnWidth
        presented = state.presented.map { node($0) }
    }
}

/// One command of a log as the inspector shows it: its events in words with the rules they cite,
/// what UIKit told the app, the bugs it raised, and the state after it, drawn.
public struct InspectorCommit: Codable, Hashable, Sendable {
    /// An event of the commit.
    public struct Event: Codable, Hashable, Sendable {
        /// Its index.
        public var i: UInt64
        /// The event in words.
        public var text: String
        /// The rules that governed it.
        public var rules: [String]
    }

    /// The commit's first event.
    public var first: UInt64
    /// Its last event.
    public var last: UInt64
    /// When it started, from the session's start (`+3.500s`).
    public var time: String
    /// The command as a script line.
    public var command: String
    public var events: [Event]
    /// What UIKit told the app (callbacks, notifications, transitions, popped), if anything.
    public var told: String?
    /// The rules of the bugs it raised.
    public var bugs: [String]
    /// Each rule it raised, once: the controller it is about and what is wrong, in words.
    public var violations: [StateReport.Violation]
    /// Whether it changed the traits.
    public var rotation: Bool
    /// How many divergences from UIKit it recorded.
    public var diverged: Int
    /// Whether it is a resync, where the model adopted what UIKit showed with no recorded cause.
    public var resync: Bool
    /// The state after it.
    public var state: StateDrawing

    /// `commit` applied to `state` (the state before it, left as the state after it); `start` is
    /// the session's start time.
    public init(_ commit: Commit, from state: inout NavigationState, start: Int64) {
        let before = state
        var running = before
        var lines: [Event] = []
        var rotation = false, diverged = 0
        for recorded in commit.events {
            // The rules are judged on the state before the event, its text with the state after it.
            let rules = recorded.event.governingRules(in: running)
            running.evolve(recorded.event)
            if case .traitsChanged = recorded.event { rotation = true }
            if case .diverged = recorded.event { diverged += 1 }
            lines.append(Event(i: recorded.index, text: EventText.describe(recorded.event, in: running), rules: rules.map(\.description)))
        }
        state = running
        let after = running
        let plain = commit.events.map(\.event)
        first = commit.first
        last = commit.end - 1
        time = SessionTime.offset(commit.events[0].time - start)
        command =
            NavigationCommand(commit: plain, names: before.names).map { $0.scriptLine(in: after) }
            ?? (plain.first?.kind == .resynced ? "resync (no recorded cause)" : commit.events[0].event.kind.name)
        events = lines
        told = EventListing.annotation(CommitObservation(before: before, events: plain), names: after)
            .map { String($0.drop { $0 == " " }.dropFirst(2)) }
        let raised = NavigationState.violationsRaised(from: before, by: plain)
        bugs = raised.map(\.rule.description)
        violations = raised.map { StateReport.Violation(rule: $0.rule.description, subject: $0.subject?.description, message: $0.message) }
        self.rotation = rotation
        self.diverged = diverged
        if case .resynced = plain.first { resync = true } else { resync = false }
        self.state = StateDrawing(after)
    }

    /// The commits of events `from ..< to` of `machine`'s log (`from` the first event of a commit).
    public static func commits(of machine: TimeMachine, from: UInt64, to: UInt64) throws(NavTapeError) -> [InspectorCommit] {
        var next = machine.resumption(at: from)
        var state = try machine.state(at: next)
        let resumedStates = try machine.resumedStates(from: next, to: to)
        var commits: [InspectorCommit] = []
        try machine.forEachCommit(from: from, to: to) { (commit) throws(NavTapeError) -> Bool in
            // Past a gap (a repaired log), from the checkpoint the log resumes at.
            if let first = commit.events.first?.index, first != next { state = try machine.resumed(at: first, in: resumedStates) }
            commits.append(InspectorCommit(commit, from: &state, start: machine.startTime))
            next = (commit.events.last?.index ?? next) + 1
            return true
        }
        return commits
    }
}

/// The data an inspector page is built from (docs/JSON.md, "Inspector"): the session, the part of
/// the log the page holds, its commits, and what the page may ask the server for.
public struct InspectorData: Codable, Hashable, Sendable {
    /// The session.
    public struct Session: Codable, Hashable, Sendable {
        public var id: String
        public var device: String
        public var policy: String
        public var style: String
        /// The start, ISO 8601 UTC.
        public var start: String
        public var events: UInt64
        /// The number of commands, when known.
        public var commands: Int?
        /// `SESSION @EVENT` for a fork.
        public var parent: String?
    }

    /// The part of the log the page holds.
    public struct Window: Codable, Hashable, Sendable {
        /// The number of the first command held.
        public var firstCommand: Int
        /// The first event held.
        public var from: UInt64
        /// The event after the last held.
        public var to: UInt64
        /// Whether that is less than the whole log.
        public var partial: Bool
    }

    /// The state at a checkpoint.
    public struct Checkpoint: Codable, Hashable, Sendable {
        /// The events applied there.
        public var event: UInt64
        public var state: StateDrawing
    }

    public var session: Session
    public var window: Window
    public var commits: [InspectorCommit]
    /// The server's API for this session (`/api/sessions/KEY`), or `nil` for a page on its own.
    public var api: String?
    /// The device presets a what-if may choose.
    public var devices: [String]
    /// The policy presets a what-if may choose.
    public var presets: [String]
    /// Whether the page follows the log as it grows: served, holding its end, and a writer is
    /// recording into the log now.
    public var live: Bool
    /// The point the page was asked to open at (events applied; `nil`: the end).
    public var point: UInt64?
    /// For a page holding part of a log and not served: the state at the log's checkpoints.
    public var checkpoints: [Checkpoint]?

    /// The most checkpoints a page draws (evenly spaced when the log has more).
    public static let maximumCheckpoints = 1_000

    /// The most commands a self-contained page may hold (`navtape inspect`): about 1.3 KB of page
    /// and 14 KB of memory each while it is written; a bigger page is more than a browser scrubs
    /// comfortably (`navtape serve` reads a log as it is scrubbed instead).
    public static let maximumCommits = 20_000

    /// The data for `machine`'s log, holding at most `maxCommits` commits around point `around`.
    ///
    /// With `api` (a served page), the commits are found by reading near the point only (the page
    /// reads more as it is scrubbed) and `commands` is the number of commands if known. Without,
    /// two passes in memory that does not grow with the log count the commands and place the window.
    public init(
        _ machine: TimeMachine, around: UInt64, maxCommits: Int, api: String? = nil, commands: Int? = nil,
        point: UInt64? = nil
    ) throws(NavTapeError) {
        var commitCount: Int?, first = 0
        var from: UInt64 = 0, to = machine.eventCount
        if api != nil {
            commitCount = commands
            let point = Swift.min(Swift.max(around, 1), Swift.max(machine.eventCount, 1)) - 1
            let held = try machine.commitWindow(holding: point, count: maxCommits)
            (from, to) = (held.lowerBound, held.upperBound)
        } else {
            var count = 0, containing = 0
            try machine.forEachEvent { recorded in
                if recorded.opensCommit {
                    if recorded.index < Swift.max(around, 1) { containing = count }
                    count += 1
                }
                return true
            }
            commitCount = count
            first = Swift.max(0, Swift.min(containing - maxCommits / 2, count - maxCommits))
            let last = Swift.min(count, first + maxCommits)
            var seen = 0
            try machine.forEachEvent { recorded in
                guard recorded.opensCommit else { return true }
                if seen == first { from = recorded.index }
                if seen == last {
                    to = recorded.index
                    return false
                }
                seen += 1
                return true
            }
        }
        let description = machine.sessionDescription
        session = Session(
            id: machine.sessionID, device: description.device, policy: description.policy.name,
            style: "\(description.style)", start: SessionTime.iso8601(machine.startTime), events: machine.eventCount,
            commands: commitCount, parent: machine.parentDescription)
        window = Window(firstCommand: first, from: from, to: to, partial: from > 0 || to < machine.eventCount)
        self.commits = try InspectorCommit.commits(of: machine, from: from, to: to)
        self.api = api
        devices = Device.allCases.map(\.rawValue)
        presets = ["none", "calendar-paste", "merge-stacks", "template"]
        live = api != nil && to == machine.eventCount && LogFiles.isBeingWritten(machine.path)
        self.point = point
        checkpoints = api == nil && window.partial ? try Self.checkpoints(machine) : nil
    }

    /// The state at `machine`'s checkpoints, at most ``maximumCheckpoints`` (evenly spaced): one
    /// checkpoint decode each, no replay.
    public static func checkpoints(_ machine: TimeMachine) throws(NavTapeError) -> [Checkpoint] {
        let all = machine.checkpointIndices.filter { $0 > 0 }
        let stride = Swift.max(1, (all.count + maximumCheckpoints - 1) / maximumCheckpoints)
        var result: [Checkpoint] = []
        for i in Swift.stride(from: 0, to: all.count, by: stride) {
            result.append(Checkpoint(event: all[i], state: StateDrawing(try machine.state(at: all[i]))))
        }
        return result
    }
}
