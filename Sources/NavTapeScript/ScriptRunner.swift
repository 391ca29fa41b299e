import NavTape
import NavigationProjections
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavigationCodec
import NavigationCore

/// What running a script did: every command as sent, the expectations that failed, the final state.
public struct ScriptRun: Sendable {
    /// One command line as it was sent.
    public struct Step: Hashable, Sendable {
        /// The script line.
        public var line: Int
        /// The command with real controller IDs.
        public var command: NavigationCommand
        /// The index of the command's first event (after any controllers its line created).
        public var firstEvent: UInt64
        /// The command's events (its own commit).
        public var events: [NavigationEvent]
        /// When it was sent, in milliseconds since the Unix epoch.
        public var time: Int64

        /// The event count after the command: the state point to look at it with `state --at`.
        public var endIndex: UInt64 { firstEvent + UInt64(events.count) }
    }

    /// What a `query` line asked and what the split answered.
    public struct Answer: Hashable, Sendable {
        /// The script line.
        public var line: Int
        /// `show` or `showDetail`.
        public var action: CommandKind
        /// The sender's name.
        public var sender: String
        /// Whether the action from that sender would push (`push`) or not (`noPush`).
        public var wouldPush: Bool
    }

    /// The script file.
    public var file: String
    /// The session description (recorded in the log header when recording).
    public var sessionDescription: SessionDescription
    /// The commands, in order.
    public var steps: [Step] = []
    /// The expectations that did not hold, in order.
    public var failures: [ScriptFailure] = []
    /// The answers of the script's `query` lines (SH-14), in order.
    public var answers: [Answer] = []
    /// The number of expectations checked.
    public var expectationsChecked = 0
    /// The number of events, setup included.
    public var eventCount: UInt64 = 0
    /// The number of commands sent (commits), setup and the controllers lines create included: the
    /// count `navtape stats` gives for the recorded log.
    public var commandCount = 0
    /// The state after the last command.
    public var finalState: NavigationState

    /// Whether every expectation held.
    public var passed: Bool { failures.isEmpty }
}

/// Runs scripts: sends each command (creating the controllers a line names for the first time),
/// checks each expectation against the state and the previous command's events, and optionally
/// records everything to a log.
///
/// A failed expectation does not stop the run: every failure is reported at the end. A line that
/// cannot be run (a name no controller has in a non-target position) throws ``ScriptError``.
public enum ScriptRunner {
    /// Runs `script`; when `path` is given, records the session there (a new log).
    ///
    /// - Parameters:
    ///   - script: The parsed script.
    ///   - path: Where to record, or `nil` to run in memory.
    ///   - sessionID: The log's session identifier (default: the script's `session`, else its file name).
    /// - Throws: ``ScriptError`` for a line that cannot be run; ``NavTapeError`` when recording
    ///   fails. A partial log is removed.
    ///   - options: How the log is written (``RecorderOptions/publication``: a command-line output is
    ///     published whole).
    ///   - delegate: A delegate written in Swift that answers instead of the script's policy (until a
    ///     `policy` line after the first command changes it).
    public static func run(
        _ script: Script, recordingTo path: String? = nil, sessionID: String? = nil,
        options: RecorderOptions = RecorderOptions(), delegate: (any SplitViewDelegate)? = nil
    ) throws -> ScriptRun {
        let setup = script.setup
        let policy = delegate.map { $0 as? SplitPolicy ?? .swiftDelegate(named: $0.name) } ?? setup.policy
        let description = SessionDescription(
            style: setup.style, initialTraits: setup.initialTraits, policy: policy,
            device: setup.deviceLabel, layout: setup.layout, origin: setup.origin)
        var recorder: Recorder?
        if let path {
            let id = sessionID ?? setup.sessionID ?? Self.sessionID(forFile: script.file)
            recorder = try Recorder(
                creating: path, description: description, sessionID: id, startTime: setup.startTime,
                options: options, delegate: delegate)
        }
        var execution = ScriptExecution(script: script, description: description, recorder: recorder, delegate: delegate)
        do {
            try execution.run()
            try recorder?.close()
        } catch {
            recorder?.abandon()
            throw error
        }
        return execution.result
    }

    /// `T01` for `Tests/Scenarios/T01.navscript`.
    public static func sessionID(forFile file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { return String(base[..<dot]) }
        return base.isEmpty ? "script" : base
    }

}

/// One run of a script: the live state, the optional recorder, the clock.
struct ScriptExecution {
    let script: Script
    var result: ScriptRun
    var state: NavigationState
    let recorder: Recorder?
    var time: Int64
    /// The state before the last command's own commit, and that commit's events.
    var before: NavigationState
    var lastEvents: [NavigationEvent] = []
    /// What UIKit told the app about the last command.
    var observation = CommitObservation(before: NavigationState(traits: Device.iPad.traits(.landscape)), events: [])
    /// The controllers created since the command before the last one finished (its line's trees too).
    var created: [ControllerID] = []
    /// The answer of the last `query` line.
    var answer: Bool?

    /// A Swift delegate answering instead of the script's policy, until a `policy` line changes it.
    let delegate: (any SplitViewDelegate)?
    /// The session's policy (the script's, or the Swift delegate's placeholder).
    let sessionPolicy: SplitPolicy

    init(script: Script, description: SessionDescription, recorder: Recorder?, delegate: (any SplitViewDelegate)?) {
        self.script = script
        self.recorder = recorder
        self.delegate = delegate
        sessionPolicy = description.policy
        state = NavigationState(style: description.style, traits: description.initialTraits)
        before = state
        time = script.setup.startTime
        result = ScriptRun(file: script.file, sessionDescription: description, finalState: state)
    }

    mutating func send(_ command: NavigationCommand) throws -> [NavigationEvent] {
        let events: [NavigationEvent]
        if let recorder {
            events = try recorder.send(command, at: time)
            state = recorder.state
        } else {
            events = Navigation.send(command, to: &state, delegate: currentDelegate)
        }
        result.eventCount += UInt64(events.count)
        result.commandCount += 1
        return events
    }

    /// The delegate the next command is decided by (as ``Recorder/delegate`` chooses).
    var currentDelegate: any SplitViewDelegate {
        if let delegate, state.policy == nil { return delegate }
        return state.policy(session: sessionPolicy)
    }

    mutating func run() throws {
        let setup = script.setup
        for command in NavigationCommand.installing(
            primary: setup.primary, supplementary: setup.supplementary,
            secondary: setup.secondary, style: setup.style)
        {
            // A tree that cannot be created stops the script; an installation UIKit refuses is recorded.
            for case .rejected(.instantiate(let spec), let reason, _) in try send(command) {
                throw ScriptError(file: script.file, line: 1, column: 1, "cannot create \(spec.notation): \(reason) (\(reason.rule))")
            }
        }
        before = state
        for step in script.steps {
            switch step.kind {
            case .command(let command):
                try run(command, line: step.line)
            case .query(let query):
                let sender = try resolve(query.sender, line: step.line)
                let wouldPush = query.action == .show ? state.showWouldPush(sender: sender) : state.showDetailWouldPush(sender: sender)
                answer = wouldPush
                result.answers.append(ScriptRun.Answer(line: step.line, action: query.action, sender: state.name(of: sender), wouldPush: wouldPush))
            case .expectation(let expectation):
                result.expectationsChecked += 1
                if let (expected, actual) = check(expectation) {
                    result.failures.append(ScriptFailure(file: script.file, line: step.line, expected: expected, actual: actual))
                }
            }
        }
        result.finalState = state
    }

    mutating func run(_ command: ScriptCommand, line: Int) throws {
        switch command.time {
        case .absolute(let at)?: time = Swift.max(time, at)
        case .relative(let delta)?: time += delta
        case nil: time += 1_000
        }
        created = []
        var ids: [ControllerID] = []
        for slot in command.slots { ids.append(try resolve(slot, line: line)) }
        let resolved = command.template.mappingIDs { $0.index < ids.count ? ids[$0.index] : $0 }
        before = state
        let firstEvent = result.eventCount
        lastEvents = try send(resolved)
        observation = CommitObservation(before: before, events: lastEvents)
        created += observation.created
        result.steps.append(ScriptRun.Step(line: line, command: resolved, firstEvent: firstEvent, events: lastEvents, time: time))
    }

    /// The controller `slot` names, creating it first where the slot asks for it.
    mutating func resolve(_ slot: ScriptSlot, line: Int) throws -> ControllerID {
        switch slot.reference {
        case .id(let id):
            return id
        case .name(let name):
            if let id = state.controller(named: name) { return id }
            guard slot.isTarget else {
                throw ScriptError(file: script.file, line: line, column: slot.column, "no controller named '\(name)'")
            }
            return try create(.content(name), line: line, column: slot.column)
        case .tree(let spec):
            return try create(spec, line: line, column: slot.column)
        }
    }

    /// Creates the controllers of `spec` (its own commit); returns the root's ID.
    mutating func create(_ spec: ControllerSpec, line: Int, column: Int) throws -> ControllerID {
        let id = state.nextAppControllerID
        let events = try send(.instantiate(spec))
        for case .controllerCreated(let new, _, _, _) in events { created.append(new) }
        for case .rejected(_, let reason, _) in events {
            throw ScriptError(file: script.file, line: line, column: column, "cannot create \(spec.notation): \(reason) (\(reason.rule))")
        }
        return id
    }
}
