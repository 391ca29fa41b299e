import NavTape
import NavigationCodec
import NavigationCore

/// A controller as an app names it in a capture (`docs/Capture.md`): its identity, and on first
/// sight what it is.
public struct CapturedController: Hashable, Sendable {
    /// The app's identity of the object (an `ObjectIdentifier`, a pointer, any stable string).
    public var identity: String
    /// The screen name; `nil` for a bare reference to a controller already named.
    public var name: String?
    /// What it is (`.content` unless it has children).
    public var kind: ControllerKind
    /// Its restoration identifier.
    public var restorationID: String?
    /// A navigation controller's initial stack.
    public var children: [CapturedController]

    /// A bare reference to a controller the stream has named.
    public init(reference identity: String) {
        self.identity = identity
        self.name = nil
        self.kind = .content
        self.restorationID = nil
        self.children = []
    }

    /// A described controller: created on first sight, a reference afterwards.
    public init(
        identity: String, name: String, kind: ControllerKind? = nil, restorationID: String? = nil,
        children: [CapturedController] = []
    ) {
        self.identity = identity
        self.name = name
        self.kind = kind ?? (children.isEmpty ? .content : .navigation)
        self.restorationID = restorationID
        self.children = children
    }
}

/// An argument of a captured command: a controller in the app's words, or a value as in
/// `CommandArgument`.
public enum CapturedArgument: Hashable, Sendable {
    /// A controller.
    case controller(CapturedController)
    /// A controller or nothing.
    case optionalController(CapturedController?)
    /// A list of controllers.
    case controllers([CapturedController])
    /// A tree of new controllers (`instantiate`).
    case tree(CapturedController)
    /// Any other argument, as the vocabulary spells it.
    case value(CommandArgument)
}

extension CapturedArgument {
    /// Whether the argument can stand for a parameter of `type` (as ``CommandArgument/fits(_:)`` says for values).
    func fits(_ type: CommandParameterType) -> Bool {
        switch (self, type) {
        case (.controller, .controller), (.optionalController, .optionalController), (.controllers, .controllers), (.tree, .tree):
            return true
        case (.value(let value), _):
            return value.fits(type)
        default:
            return false
        }
    }
}

/// What UIKit reported after a command; `nil` members were not reported and are not compared.
public struct CapturedObservation: Hashable, Sendable {
    /// The split's `viewControllers`.
    public var viewControllers: [CapturedController]?
    /// Navigation controllers' `viewControllers`.
    public var stacks: [Stack]
    /// `isCollapsed`.
    public var collapsed: Bool?
    /// `displayMode`.
    public var displayMode: DisplayMode?

    /// One navigation controller's stack.
    public struct Stack: Hashable, Sendable {
        /// The navigation controller.
        public var navigation: CapturedController
        /// Its `viewControllers`, bottom first.
        public var viewControllers: [CapturedController]

        /// Creates a stack observation.
        public init(navigation: CapturedController, viewControllers: [CapturedController]) {
            self.navigation = navigation
            self.viewControllers = viewControllers
        }
    }

    /// Creates an observation.
    public init(
        viewControllers: [CapturedController]? = nil, stacks: [Stack] = [], collapsed: Bool? = nil,
        displayMode: DisplayMode? = nil
    ) {
        self.viewControllers = viewControllers
        self.stacks = stacks
        self.collapsed = collapsed
        self.displayMode = displayMode
    }
}

/// One command of a capture: what the app asked UIKit, when, and optionally what UIKit showed after.
public struct CapturedIntent: Hashable, Sendable {
    /// The command's kind.
    public var kind: CommandKind
    /// Its arguments, in the order of the kind's signature.
    public var arguments: [CapturedArgument]
    /// Milliseconds since the Unix epoch, or `nil` for one second after the previous command.
    public var time: Int64?
    /// What UIKit showed after the command.
    public var observed: CapturedObservation?

    /// Creates an intent.
    public init(kind: CommandKind, arguments: [CapturedArgument], time: Int64? = nil, observed: CapturedObservation? = nil) {
        self.kind = kind
        self.arguments = arguments
        self.time = time
        self.observed = observed
    }
}

/// A `resync` line: UIKit shows something the capture did not cause (`docs/Capture.md`, "Resync").
public struct CapturedResync: Hashable, Sendable {
    /// What UIKit showed.
    public var observed: CapturedObservation
    /// Milliseconds since the Unix epoch, or `nil` for one second after the previous line.
    public var time: Int64?

    /// Creates a resync.
    public init(observed: CapturedObservation, time: Int64? = nil) {
        self.observed = observed
        self.time = time
    }
}

/// A line of a capture after its session line.
public enum CapturedLine: Hashable, Sendable {
    /// A command the app asked UIKit.
    case intent(CapturedIntent)
    /// What UIKit showed with no recorded cause.
    case resync(CapturedResync)

    /// The line's time, if it gives one.
    public var time: Int64? {
        switch self {
        case .intent(let intent): return intent.time
        case .resync(let resync): return resync.time
        }
    }
}

/// What recording one line did.
public struct CaptureStep: Sendable {
    /// The command as decided, in NavTape's IDs; `nil` for a resync.
    public var command: NavigationCommand?
    /// Every event appended for the intent (tree creations, the command, its divergences).
    public var events: [NavigationEvent]
    /// The index of the first of them in the log.
    public var firstEvent: UInt64
    /// Where UIKit and the model differ after the command.
    public var divergences: [Divergence]
}

/// Records a capture (`docs/Capture.md`): decides each app intent with the session's delegate,
/// maps the app's identities onto NavTape's, compares what UIKit showed with the model and
/// appends everything to a log as it comes.
///
/// ```swift
/// let capture = try CaptureRecorder(creating: "live.navtape", description: description,
///                                   sessionID: "cp", startTime: start)
/// let step = try capture.record(intent)   // commits; step.divergences says where UIKit differed
/// try capture.sync()                      // acknowledged
/// ```
public final class CaptureRecorder {
    /// The recorder the events go through.
    public let recorder: Recorder
    /// App identity → NavTape controller.
    public private(set) var identities: [String: ControllerID] = [:]
    private var identityOf: [ControllerID: String] = [:]
    private var time: Int64

    /// Creates a new log at `path` for a captured session.
    ///
    /// - Parameters:
    ///   - path: The new log.
    ///   - description: Style, initial traits, delegate policy, device.
    ///   - sessionID: The log's session identifier.
    ///   - startTime: The session's start in milliseconds since the Unix epoch.
    ///   - options: How the log is written (a live capture is published at once and grows).
    /// - Throws: ``NavTapeError`` when the log cannot be created.
    public init(
        creating path: String, description: SessionDescription, sessionID: String, startTime: Int64,
        options: RecorderOptions = RecorderOptions()
    ) throws(NavTapeError) {
        recorder = try Recorder(
            creating: path, description: description, sessionID: sessionID, startTime: startTime,
            options: options)
        time = startTime
    }

    /// Creates a new log at `path` for a captured session of a split of `style` that starts in
    /// `traits`, decided by `delegate`.
    ///
    /// - Parameters:
    ///   - path: The new log.
    ///   - style: How the app creates its split.
    ///   - traits: The environment before launch.
    ///   - delegate: The split's delegate as a policy (a preset or the policy language).
    ///   - device: The device's label in the log header.
    ///   - sessionID: The log's session identifier.
    ///   - startTime: The session's start in milliseconds since the Unix epoch.
    ///   - options: How the log is written.
    /// - Throws: ``NavTapeError`` when the log cannot be created.
    public convenience init(
        creating path: String, style: SplitStyle = .unspecified, traits: Traits, delegate: SplitPolicy,
        device: String, sessionID: String, startTime: Int64,
        options: RecorderOptions = RecorderOptions()
    ) throws(NavTapeError) {
        try self.init(
            creating: path,
            description: SessionDescription(
                style: style, initialTraits: traits, policy: delegate,
                device: device, layout: "captured"),
            sessionID: sessionID, startTime: startTime, options: options)
    }

    /// The model's state after the last intent.
    public var state: NavigationState { recorder.state }

    /// Decides `intent`, appends its commits, and compares what UIKit showed with the model.
    ///
    /// - Parameter intent: The app's command, with optional time and observation.
    /// - Returns: The command, its events and its divergences.
    /// - Throws: ``NavTapeError`` `.invalidArgument` for an intent that cannot be decided (an
    ///   identity never named, a time before the previous one, a tree UIKit cannot create); nothing
    ///   of the intent is appended then. The log's errors as they come.
    @discardableResult
    public func record(_ intent: CapturedIntent) throws(NavTapeError) -> CaptureStep {
        try advanceTime(to: intent.time)
        // Check every argument's shape and every reference, the observation's too, before anything
        // is appended (creating a new controller is a commit of its own), so a bad line leaves no trace.
        let parameters = intent.kind.signature.parameters
        guard intent.arguments.count == parameters.count else {
            throw invalid("\(intent.kind.name) takes \(parameters.count) arguments, not \(intent.arguments.count)")
        }
        var planned = Set<String>()
        for (argument, parameter) in zip(intent.arguments, parameters) {
            guard argument.fits(parameter.type) else { throw invalid("\(parameter.name): not a value of type \(parameter.type)") }
            try plan(argument, parameter: parameter.name, into: &planned)
        }
        if let observed = intent.observed { try plan(observed, knowing: planned, in: "observed") }
        let firstEvent = recorder.eventCount
        var events: [NavigationEvent] = []
        var resolved: [CommandArgument] = []
        for argument in intent.arguments {
            switch argument {
            case .controller(let controller): resolved.append(.controller(try resolve(controller, &events)))
            case .optionalController(let controller):
                resolved.append(.optionalController(try controller.map { (c) throws(NavTapeError) in try resolve(c, &events) }))
            case .controllers(let list):
                var ids: [ControllerID] = []
                for controller in list { ids.append(try resolve(controller, &events)) }
                resolved.append(.controllers(ids))
            case .tree(let tree):
                resolved.append(.tree(try spec(tree)))
            case .value(let value): resolved.append(value)
            }
        }
        guard let command = NavigationCommand(kind: intent.kind, arguments: resolved) else {
            throw invalid("the arguments do not fit \(intent.kind.name)")
        }
        if case .instantiate(let spec) = command { return try create(spec, tree: treeArgument(intent), firstEvent: firstEvent) }
        var divergences: [Divergence] = []
        let commit = try recorder.send(command, at: time) { before, decided, next throws(NavTapeError) in
            guard let observed = intent.observed else { return [] }
            let pending = try compare(observed, with: next, rules: Self.rules(from: before, by: decided))
            let events: [NavigationEvent]
            (events, divergences) = try divergenceEvents(pending, in: &next)
            return events
        }
        events += commit
        return CaptureStep(command: command, events: events, firstEvent: firstEvent, divergences: divergences)
    }

    /// Adopts what UIKit showed with no recorded cause (a `resync` line, `docs/Capture.md`):
    /// controllers it names for the first time are created (each its own commit, as for an intent),
    /// then one commit holds a `resynced` event with the parts that differed from the model, and a
    /// `diverged` event with no rule for any part the model cannot take (a collapse it did not see).
    /// Nothing is appended when UIKit shows what the model shows.
    ///
    /// - Parameter resync: What UIKit showed, and when.
    /// - Returns: The events appended (`command` is `nil`) and the parts not adopted.
    /// - Throws: ``NavTapeError`` `.invalidArgument` for an identity never described or a time
    ///   before the previous line's; nothing is appended then. The log's errors as they come.
    @discardableResult
    public func resync(_ resync: CapturedResync) throws(NavTapeError) -> CaptureStep {
        try advanceTime(to: resync.time)
        let observed = resync.observed
        // A controller described once may be named by identity elsewhere in the same observation.
        var described = Set<String>()
        for controller in (observed.viewControllers ?? []) + observed.stacks.flatMap({ [$0.navigation] + $0.viewControllers })
        where controller.name != nil && identities[controller.identity] == nil {
            described.insert(controller.identity)
        }
        try plan(observed, knowing: described, in: "resync")
        // A navigation controller UIKit made (a segue's) is created with the new controllers its stack holds.
        func withStack(_ controller: CapturedController) -> CapturedController {
            guard identities[controller.identity] == nil, let name = controller.name, controller.children.isEmpty,
                let stack = observed.stacks.first(where: { $0.navigation.identity == controller.identity })
            else { return controller }
            let new = stack.viewControllers.filter { identities[$0.identity] == nil && $0.name != nil }
            return CapturedController(
                identity: controller.identity, name: name, kind: .navigation, restorationID: controller.restorationID,
                children: new.count == stack.viewControllers.count ? new : [])
        }
        let firstEvent = recorder.eventCount
        var events: [NavigationEvent] = []
        var adopted = Resync()
        if let list = observed.viewControllers,
            try !match(list, state.viewControllers, in: state, at: "resync.viewControllers").matches
        {
            var ids: [ControllerID] = []
            for controller in list { ids.append(try resolve(withStack(controller), &events)) }
            adopted.viewControllers = ids
        }
        for (i, stack) in observed.stacks.enumerated() {
            let path = "resync.stacks[\(i)]"
            var id: ControllerID
            if case .controller(let known) = try navigation(stack.navigation, in: state, at: "\(path).navigation") {
                id = known
            } else {
                id = try resolve(withStack(stack.navigation), &events)
            }
            guard try !match(stack.viewControllers, state.stack(of: id), in: state, at: "\(path).viewControllers").matches else { continue }
            var ids: [ControllerID] = []
            for controller in stack.viewControllers { ids.append(try resolve(controller, &events)) }
            if ids != state.stack(of: id) { adopted.stacks.append(Resync.Stack(navigation: id, viewControllers: ids)) }
        }
        if let mode = observed.displayMode, !state.isCollapsed, mode != state.displayMode { adopted.displayMode = mode }
        var next = state
        next.evolve(.resynced(adopted))
        let pending = try compare(observed, with: next, rules: [])
        guard !adopted.isEmpty || !pending.isEmpty else {
            return CaptureStep(command: nil, events: events, firstEvent: firstEvent, divergences: [])
        }
        let (added, divergences) = try divergenceEvents(pending, in: &next)
        let commit: [NavigationEvent] = [.resynced(adopted)] + added
        try recorder.append(commit, at: time, resulting: next)
        return CaptureStep(command: nil, events: events + commit, firstEvent: firstEvent, divergences: divergences)
    }

    /// The events that record `pending` after `state` (evolved by them): a controller the model
    /// cannot place is recorded by its screen name, interned first; then a `diverged` event each.
    private func divergenceEvents(
        _ pending: [PendingDivergence], in state: inout NavigationState
    ) throws(NavTapeError) -> (events: [NavigationEvent], divergences: [Divergence]) {
        var events: [NavigationEvent] = []
        for divergence in pending {
            for name in divergence.unmatchedNames where state.names.id(of: name) == nil {
                let interned = NavigationEvent.nameInterned(name)
                if let problem = state.limitProblem(interned) { throw invalid("an observed screen name: \(problem)") }
                state.evolve(interned)
                events.append(interned)
            }
        }
        let divergences = pending.map { $0.resolvingNames(in: state) }
        return (events + divergences.map { .diverged($0) }, divergences)
    }

    /// Moves the clock to a line's `time`, or one second on when it gives none.
    private func advanceTime(to at: Int64?) throws(NavTapeError) {
        if let at {
            guard at >= time else { throw invalid("time \(at) is before the previous command's \(time)") }
            time = at
        } else if recorder.eventCount > 0 {
            time += 1_000
        }
    }

    /// Makes every appended event durable; returns the acknowledged count.
    @discardableResult
    public func sync() throws(NavTapeError) -> UInt64 { try recorder.sync() }

    /// Syncs, checkpoints and closes the log.
    public func close() throws(NavTapeError) { try recorder.close() }

    // MARK: identities

    private func invalid(_ message: String) -> NavTapeError { NavTapeError(.invalidArgument, path: recorder.path, message) }

    /// Checks that `argument` names only known identities or new, well-formed trees.
    private func plan(_ argument: CapturedArgument, parameter: String, into planned: inout Set<String>) throws(NavTapeError) {
        switch argument {
        case .controller(let controller): try plan(controller, at: parameter, into: &planned)
        case .tree(let controller):
            try planNew(controller, at: parameter, into: &planned)
            try checkCreatable(controller, at: parameter)
        case .optionalController(let controller?): try plan(controller, at: parameter, into: &planned)
        case .controllers(let list):
            for (i, controller) in list.enumerated() { try plan(controller, at: "\(parameter)[\(i)]", into: &planned) }
        case .optionalController(nil), .value: break
        }
    }

    private func plan(_ controller: CapturedController, at path: String, into planned: inout Set<String>) throws(NavTapeError) {
        if identities[controller.identity] != nil || planned.contains(controller.identity) && controller.name == nil { return }
        guard controller.name != nil else {
            throw invalid("\(path): unknown controller \"\(controller.identity)\" (describe it with an object the first time)")
        }
        try planNew(controller, at: path, into: &planned)
        try checkCreatable(controller, at: path)
    }

    /// Refuses a new tree `instantiate` would refuse (a kind with children, a navigation controller
    /// in a stack…), before anything of the intent is appended.
    private func checkCreatable(_ controller: CapturedController, at path: String) throws(NavTapeError) {
        let tree = try spec(controller)
        if let reason = tree.creationRefusal { throw invalid("\(path): cannot create \(tree.notation): \(reason) (\(reason.rule))") }
    }

    private func planNew(_ controller: CapturedController, at path: String, into planned: inout Set<String>) throws(NavTapeError) {
        guard identities[controller.identity] == nil, planned.insert(controller.identity).inserted else {
            throw invalid("\(path): \"\(controller.identity)\" already names a controller; a new tree holds new controllers only")
        }
        guard controller.name != nil else { throw invalid("\(path): a new controller needs a \"name\"") }
        for (i, child) in controller.children.enumerated() { try planNew(child, at: "\(path).children[\(i)]", into: &planned) }
    }

    /// Checks that every controller an observation names is known, new in this intent, or described
    /// (the checks `compare` would otherwise make after the intent's controllers were created).
    private func plan(_ observed: CapturedObservation, knowing planned: Set<String>, in member: String) throws(NavTapeError) {
        func check(_ controller: CapturedController, at path: String) throws(NavTapeError) {
            guard identities[controller.identity] != nil || planned.contains(controller.identity) || controller.name != nil else {
                throw invalid("\(path): unknown controller \"\(controller.identity)\" (describe it with an object the first time)")
            }
        }
        for (i, controller) in (observed.viewControllers ?? []).enumerated() { try check(controller, at: "\(member).viewControllers[\(i)]") }
        for (i, stack) in observed.stacks.enumerated() {
            try check(stack.navigation, at: "\(member).stacks[\(i)].navigation")
            for (j, controller) in stack.viewControllers.enumerated() { try check(controller, at: "\(member).stacks[\(i)].viewControllers[\(j)]") }
        }
    }

    /// The ID of `controller`, creating it (its own commit) when it is new.
    private func resolve(_ controller: CapturedController, _ events: inout [NavigationEvent]) throws(NavTapeError) -> ControllerID {
        if let id = identities[controller.identity] { return id }
        let spec = try spec(controller)
        events += try create(spec, tree: controller, firstEvent: recorder.eventCount).events
        guard let id = identities[controller.identity] else { throw invalid("cannot create \(spec.notation)") }
        return id
    }

    private func spec(_ controller: CapturedController) throws(NavTapeError) -> ControllerSpec {
        guard let name = controller.name else { throw invalid("unknown controller \"\(controller.identity)\"") }
        var children: [ControllerSpec] = []
        for child in controller.children { children.append(try spec(child)) }
        return ControllerSpec(controller.kind, name, restorationID: controller.restorationID, children: children)
    }

    private func treeArgument(_ intent: CapturedIntent) -> CapturedController? {
        for case .tree(let tree) in intent.arguments { return tree }
        return nil
    }

    /// Sends `instantiate(spec)` as its own commit and binds the tree's identities in pre-order.
    private func create(_ spec: ControllerSpec, tree: CapturedController?, firstEvent: UInt64) throws(NavTapeError) -> CaptureStep {
        let base = recorder.state.nextAppControllerID.index
        let events = try recorder.send(.instantiate(spec), at: time)
        for case .rejected(_, let reason, _) in events {
            throw invalid("cannot create \(spec.notation): \(reason) (\(reason.rule))")
        }
        if let tree {
            var next = base
            func bind(_ node: CapturedController) {
                let id = ControllerID(app: next)
                next += 1
                identities[node.identity] = id
                identityOf[id] = node.identity
                for child in node.children { bind(child) }
            }
            bind(tree)
        }
        return CaptureStep(command: .instantiate(spec), events: events, firstEvent: firstEvent, divergences: [])
    }

    // MARK: conformance

    /// The distinct rules behind a commit: those governing its events, then the bugs it raised.
    static func rules(from before: NavigationState, by events: [NavigationEvent]) -> [RuleID] {
        var rules: [RuleID] = []
        var state = before
        for event in events {
            for rule in event.governingRules(in: state) where !rules.contains(rule) { rules.append(rule) }
            state.evolve(event)
        }
        for rule in NavigationState.rulesRaised(from: before, by: events) where !rules.contains(rule) { rules.append(rule) }
        return rules
    }

    /// A list UIKit reported against the model's: equal, or the divergence's observed value.
    /// Unknown controllers that sit where an unnamed model controller of the same name sits are
    /// that controller (the model minted it for the delegate's answer); they are bound when the
    /// whole list matches.
    private func match(
        _ observed: [CapturedController], _ model: [ControllerID], in state: NavigationState,
        at path: String
    ) throws(NavTapeError) -> (matches: Bool, value: [PendingObserved]) {
        var value: [PendingObserved] = []
        var bindings: [(String, ControllerID)] = []
        var matches = observed.count == model.count
        for (i, controller) in observed.enumerated() {
            let counterpart = i < model.count ? model[i] : nil
            if let id = identities[controller.identity] {
                value.append(.controller(id))
                if id != counterpart { matches = false }
            } else if let name = controller.name {
                if let counterpart, identityOf[counterpart] == nil, state.name(of: counterpart) == name,
                    !bindings.contains(where: { $0.1 == counterpart })
                {
                    value.append(.controller(counterpart))
                    bindings.append((controller.identity, counterpart))
                } else {
                    value.append(.unmatched(name))
                    matches = false
                }
            } else {
                throw invalid("\(path)[\(i)]: unknown controller \"\(controller.identity)\" (describe it with an object the first time)")
            }
        }
        if matches {
            for (identity, id) in bindings {
                identities[identity] = id
                identityOf[id] = identity
            }
        }
        return (matches, value)
    }

    /// The navigation controller an observed stack belongs to: a known identity, or the newest
    /// unnamed navigation controller of that name in the model's hierarchy.
    private func navigation(_ controller: CapturedController, in state: NavigationState, at path: String) throws(NavTapeError) -> PendingObserved {
        if let id = identities[controller.identity] { return .controller(id) }
        guard let name = controller.name else {
            throw invalid("\(path): unknown controller \"\(controller.identity)\" (describe it with an object the first time)")
        }
        let candidates = state.navigationControllersInHierarchy.filter { identityOf[$0] == nil && state.name(of: $0) == name }
        guard let id = candidates.last else { return .unmatched(name) }
        identities[controller.identity] = id
        identityOf[id] = controller.identity
        return .controller(id)
    }

    private func compare(_ observed: CapturedObservation, with state: NavigationState, rules: [RuleID]) throws(NavTapeError) -> [PendingDivergence] {
        var result: [PendingDivergence] = []
        if let list = observed.viewControllers {
            let (matches, value) = try match(list, state.viewControllers, in: state, at: "observed.viewControllers")
            if !matches {
                result.append(
                    PendingDivergence(
                        aspect: .viewControllers, observed: .controllers(value),
                        model: .controllers(state.viewControllers.map { .controller($0) }), rules: rules))
            }
        }
        for (i, stack) in observed.stacks.enumerated() {
            let path = "observed.stacks[\(i)]"
            let navigation = try navigation(stack.navigation, in: state, at: "\(path).navigation")
            var model: [ControllerID] = []
            if case .controller(let id) = navigation { model = state.stack(of: id) }
            let (matches, value) = try match(stack.viewControllers, model, in: state, at: "\(path).viewControllers")
            if !matches {
                result.append(
                    PendingDivergence(
                        aspect: .stack(navigation), observed: .controllers(value),
                        model: .controllers(model.map { .controller($0) }), rules: rules))
            }
        }
        if let collapsed = observed.collapsed, collapsed != state.isCollapsed {
            result.append(PendingDivergence(aspect: .collapsed, observed: .flag(collapsed), model: .flag(state.isCollapsed), rules: rules))
        }
        if let mode = observed.displayMode, !state.isCollapsed, mode != state.displayMode {
            result.append(
                PendingDivergence(
                    aspect: .displayMode, observed: .displayMode(mode), model: .displayMode(state.displayMode),
                    rules: rules))
        }
        return result
    }

}

/// An observed controller before its name is interned.
enum PendingObserved: Hashable {
    case controller(ControllerID)
    case unmatched(String)

    func resolved(in state: NavigationState) -> ObservedController {
        switch self {
        case .controller(let id): return .controller(id)
        case .unmatched(let name): return .unmatched(name: state.names.id(of: name) ?? NameID(rawValue: 0))
        }
    }
}

/// A divergence before the names of unmatched controllers are interned.
struct PendingDivergence {
    enum Aspect {
        case viewControllers, stack(PendingObserved), collapsed, displayMode
    }
    enum Value {
        case controllers([PendingObserved]), flag(Bool), displayMode(DisplayMode)
    }
    var aspect: Aspect
    var observed: Value
    var model: Value
    var rules: [RuleID]

    /// The screen names of the controllers the model could not place.
    var unmatchedNames: [String] {
        var names: [String] = []
        if case .stack(.unmatched(let name)) = aspect { names.append(name) }
        if case .controllers(let list) = observed {
            for case .unmatched(let name) in list where !names.contains(name) { names.append(name) }
        }
        return names
    }

    func resolvingNames(in state: NavigationState) -> Divergence {
        func value(_ value: Value) -> ConformanceValue {
            switch value {
            case .controllers(let list): return .controllers(list.map { $0.resolved(in: state) })
            case .flag(let flag): return .flag(flag)
            case .displayMode(let mode): return .displayMode(mode)
            }
        }
        let resolvedAspect: ConformanceAspect
        switch aspect {
        case .viewControllers: resolvedAspect = .viewControllers
        case .stack(let navigation): resolvedAspect = .stack(of: navigation.resolved(in: state))
        case .collapsed: resolvedAspect = .collapsed
        case .displayMode: resolvedAspect = .displayMode
        }
        return Divergence(aspect: resolvedAspect, observed: value(observed), model: value(model), rules: rules)
    }
}
