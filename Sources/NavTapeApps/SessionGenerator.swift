import NavTape
import NavigationCore

/// A seeded random walk over a realistic master/detail app (the seeds' Calendar Paste): selections
/// that show a detail, drill-downs inside it, Back, rotations that collapse and separate, iPad
/// multitasking resizes, the display-mode button and gestures.
///
/// Deterministic: the same seed and device give the same commands on every machine. Controllers
/// come from bounded pools and are shown again once they are off screen (as an app reusing cached
/// view controllers would), so a session of any length keeps a small state.
public struct SessionGenerator: Sendable {
    /// The device the session runs on.
    public let device: Device
    /// The delegate policy the generated app uses.
    public let policy: SplitPolicy
    private var rng: SplitMix64
    private var time: Int64
    private var orientation: Orientation
    private var pending: [NavigationCommand] = []
    private var started = false
    /// Pooled controllers: detail navigation controllers (PasteNC[PasteDetail]), content pushed
    /// inside a detail (Shift, Note…), and master drill-down screens.
    private enum Pool: Int { case details = 0, pages = 1, lists = 2 }
    private var pools: [[ControllerID]] = [[], [], []]

    /// The number of detail navigation controllers, drill-down pages and master lists in the pools.
    public static let poolSize = 12

    /// A generator for `device` starting at `startTime` (milliseconds), seeded with `seed`.
    public init(seed: UInt64, device: Device = .iPhonePlus, policy: SplitPolicy = .calendarPaste(), startTime: Int64 = 1_700_000_000_000) {
        self.device = device
        self.policy = policy
        self.rng = SplitMix64(seed: seed)
        self.time = startTime
        self.orientation = .portrait
    }

    /// The split the generated commands drive.
    public var setup: SessionSetup {
        SessionSetup(
            device: device, orientation: .portrait, policy: policy,
            primary: "MN[M]", secondary: "NoSelectionNC@NoSelectionNC[NoSelection]")
    }

    /// The next command and its time, given the live state it will be sent to.
    public mutating func next(in state: NavigationState) -> (time: Int64, command: NavigationCommand) {
        time += Int64(50 + rng.below(2_950))
        if !pending.isEmpty { return (time, pending.removeFirst()) }
        if !started {
            started = true
            return (time, .launch(device.traits(orientation)))
        }
        return (time, choose(in: state))
    }

    private mutating func choose(in state: NavigationState) -> NavigationCommand {
        let roll = rng.below(100)
        switch roll {
        case 0..<30: return select(in: state)
        case 30..<42: return drillDown(in: state)
        case 42..<68: return back(in: state)
        case 68..<73:
            orientation = orientation == .portrait ? .landscape : .portrait
            return .changeTraits(device.traits(orientation))
        case 73..<75 where device == .iPad || device == .iPadPro:
            let fraction = rng.pick([1.0 / 3.0, 0.5, 2.0 / 3.0, 1.0])
            return .changeTraits(fraction == 1 ? device.traits(orientation) : device.multitaskingTraits(orientation, widthFraction: fraction))
        case 75..<85: return .tapDisplayModeButton
        case 85..<89: return .edgeSwipe
        case 89..<92: return .tapDimmedSecondary
        case 92..<94: return .setPreferredDisplayMode(rng.pick([.automatic, .automatic, .allVisible, .primaryOverlay]))
        case 94..<97:
            guard let master = state.primary, state.kind(of: master) == .navigation else { return back(in: state) }
            return .popToRoot(master)
        default: return masterDrillDown(in: state)
        }
    }

    /// A free pooled controller, or a command creating a new one (and the use queued after it).
    private mutating func pooled(
        _ pool: Pool, in state: NavigationState, spec: ControllerSpec,
        use: (ControllerID) -> NavigationCommand
    ) -> NavigationCommand {
        let members = pools[pool.rawValue]
        let start = rng.below(Swift.max(members.count, 1))
        for offset in 0..<members.count {
            let id = members[(start + offset) % members.count]
            if state.parent(of: id) == .none && state.presented != id { return use(id) }
        }
        guard members.count < Self.poolSize else { return .tapDisplayModeButton }
        let id = state.nextAppControllerID
        pools[pool.rawValue].append(id)
        pending.append(use(id))
        return .instantiate(spec)
    }

    private mutating func select(in state: NavigationState) -> NavigationCommand {
        let sender = state.primary.map { state.visibleEnd(from: $0) } ?? ControllerID(app: 1)
        let index = pools[Pool.details.rawValue].count
        return pooled(.details, in: state, spec: .navigation("PasteNC\(index)", [.content("PasteDetail")])) {
            .showDetail($0, sender: sender)
        }
    }

    private mutating func drillDown(in state: NavigationState) -> NavigationCommand {
        guard let sender = state.visibleContent.last else { return select(in: state) }
        let name = rng.pick(["Shift", "Note", "Calendar"])
        return pooled(.pages, in: state, spec: .content(name)) { .show($0, sender: sender) }
    }

    private mutating func masterDrillDown(in state: NavigationState) -> NavigationCommand {
        guard let master = state.primary, state.kind(of: master) == .navigation,
            let top = state.top(of: master), state.kind(of: top) == .content
        else { return select(in: state) }
        return pooled(.lists, in: state, spec: .content("Category")) { .show($0, sender: top) }
    }

    private mutating func back(in state: NavigationState) -> NavigationCommand {
        // The Back button of the stack the user looks at: the deepest visible navigation controller.
        var target: ControllerID?
        for id in state.visibleControllers where state.kind(of: id) == .navigation && state.stackCount(of: id) > 1 {
            target = id
        }
        if let target { return rng.chance(15) ? .interactivePop(target, completed: rng.chance(70)) : .pop(target) }
        return select(in: state)
    }
}

/// Records a generated session of at least `events` events; returns every event with its time.
@discardableResult
public func recordGenerated(
    events: Int, seed: UInt64, device: Device = .iPhonePlus, policy: SplitPolicy = .calendarPaste(),
    to path: String, checkpointInterval: Int = 4_096
) throws -> (events: [RecordedEvent], final: NavigationState) {
    var generator = SessionGenerator(seed: seed, device: device, policy: policy)
    let recorder = try Recorder(
        creating: path, setup: generator.setup, sessionID: "test-\(seed)",
        startTime: 1_700_000_000_000, options: RecorderOptions(checkpointInterval: checkpointInterval))
    var produced: [NavigationEvent] = []
    while recorder.eventCount < UInt64(events) {
        let (time, command) = generator.next(in: recorder.state)
        produced += try recorder.send(command, at: time)
    }
    let final = recorder.state
    try recorder.close()
    let machine = try TimeMachine(path: path)
    let decoded = try machine.events(from: 0, to: machine.eventCount)
    // Through codec and file: every decoded event is the one recorded (after the setup's events).
    guard Array(decoded.suffix(produced.count).map(\.event)) == produced else {
        throw NavTapeError(.dataError, path: path, "decoded events differ from the recorded ones")
    }
    return (decoded, final)
}
