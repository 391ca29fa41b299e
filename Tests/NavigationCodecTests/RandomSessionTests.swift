import NavigationCodec
import NavigationCore
import Testing

/// A realistic master/detail app driven at random: every event it produces is encoded, decoded and
/// replayed three ways (live, from decoded events, fused from bytes), and the three states must stay
/// `==`.
@Suite("Seeded random session")
struct RandomSessionTests {
    /// The policies the sessions rotate through.
    static let policies: [SplitPolicy] = [.noDelegate, .calendarPaste(), .template(), .mergeStacks]
    /// The environments trait changes move between.
    static let environments: [Traits] = [
        Device.iPhonePlus.traits(.portrait), Device.iPhonePlus.traits(.landscape),
        Device.iPad.traits(.portrait), Device.iPad.traits(.landscape),
        Device.iPad.multitaskingTraits(.landscape, widthFraction: 2.0 / 3.0),
        Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3.0),
    ]
    static let detailNames = ["Paste", "PasteDetail", "Item", "Settings", "Photo", "Ünïcødé 名前 🚀", "Placeholder"]

    /// Commands in total, over `sessions` independent sessions.
    static let commandCount = 100_000
    static let sessions = 10

    @Test("100k random commands: bytes round-trip, replays match live, states round-trip")
    func randomSession() throws {
        var random = SplitMix64(seed: 0x4E41_5654_4150_4531)
        var stats = Stats()
        let perSession = Self.commandCount / Self.sessions
        for session in 0..<Self.sessions {
            let policy = Self.policies[session % Self.policies.count]
            runSession(commands: perSession, policy: policy, random: &random, stats: &stats)
        }
        #expect(stats.mismatches == [], "first mismatches: \(stats.mismatches.prefix(5))")
        #expect(stats.commands == Self.commandCount)
        #expect(stats.stateRoundTrips >= 100)
        // Every kind of event showed up, so the session exercised every tag.
        let missing = EventKind.allCases.filter { stats.bytesByKind[$0] == nil }
        #expect(missing == [], "event kinds the session never produced: \(missing)")
        #expect(stats.mintedCreations > 0, "no policy minted a controller")
        let mean = Double(stats.bytes) / Double(stats.events)
        let earlyMean = Double(stats.earlyBytes) / Double(stats.earlyEvents)
        print("random session: \(stats.commands) commands, \(stats.events) events, \(stats.bytes) bytes, "
            + "mean \((mean * 100).rounded() / 100) bytes/event; first 500 commands of each session: "
            + "\(stats.earlyEvents) events, mean \((earlyMean * 100).rounded() / 100) bytes/event")
        let facts = stats.bytesByKind.filter { $0.key != .rejected && $0.key != .ignored }.values
        let factsMean = Double(facts.map(\.bytes).reduce(0, +)) / Double(facts.map(\.count).reduce(0, +))
        print("  without rejected/ignored: mean \((factsMean * 100).rounded() / 100) bytes/event")
        for kind in EventKind.allCases {
            guard let (count, bytes) = stats.bytesByKind[kind] else { continue }
            print("  \(kind.name): \(count) events, \((Double(bytes) / Double(count) * 100).rounded() / 100) bytes/event")
        }
        #expect(mean < 6, "mean encoded size \(mean) bytes/event")
    }

    struct Stats {
        var commands = 0
        var events = 0
        var bytes = 0
        var bytesByKind: [EventKind: (count: Int, bytes: Int)] = [:]
        var stateRoundTrips = 0
        /// Events and bytes of each session's first 500 commands, while IDs are small.
        var earlyEvents = 0
        var earlyBytes = 0
        var mintedCreations = 0
        var mismatches: [String] = []

        mutating func fail(_ message: @autoclosure () -> String) {
            if mismatches.count < 20 { mismatches.append(message()) }
        }
    }

    func runSession(commands: Int, policy: SplitPolicy, random: inout SplitMix64, stats: inout Stats) {
        let device: Device = Bool.random(using: &random) ? .iPhonePlus : .iPad
        let traits = device.traits(Bool.random(using: &random) ? .portrait : .landscape)
        var live = NavigationState(traits: traits)
        var replayed = live
        var fused = live
        var app = App()
        var record: [UInt8] = []
        record.reserveCapacity(64)

        let checkpointEvery = Swift.max(1, commands / 10)
        for step in 0..<commands {
            let command = app.nextCommand(step: step, state: live, policy: policy, random: &random)
            let events = Navigation.send(command, to: &live, policy: policy)
            app.observe(command, events: events, state: live)
            stats.commands += 1
            for (index, event) in events.enumerated() {
                let startsCommit = index == 0
                record.removeAll(keepingCapacity: true)
                EventCodec.encode(event, startsCommit: startsCommit, into: &record)
                stats.events += 1
                stats.bytes += record.count
                stats.bytesByKind[event.kind, default: (0, 0)].count += 1
                stats.bytesByKind[event.kind, default: (0, 0)].bytes += record.count
                if step < 500 {
                    stats.earlyEvents += 1
                    stats.earlyBytes += record.count
                }
                if case .controllerCreated(let id, _, _, _) = event, id.isMinted { stats.mintedCreations += 1 }
                do {
                    let decoded = try Codec.decode(record)
                    if decoded.event != event || decoded.startsCommit != startsCommit {
                        stats.fail("step \(step): \(event) decoded as \(decoded)")
                    }
                    replayed.evolve(decoded.event)
                    let fusedStartsCommit = try Codec.decodeAndEvolve(record, into: &fused)
                    if fusedStartsCommit != startsCommit { stats.fail("step \(step): fused startsCommit") }
                } catch {
                    stats.fail("step \(step): \(event) failed to decode: \(error) bytes \(record.hex)")
                }
            }
            if step % 100 == 99 {
                if replayed != live { stats.fail("step \(step): replay from decoded events diverged") }
                if fused != live { stats.fail("step \(step): fused replay diverged") }
            }
            if step % checkpointEvery == checkpointEvery - 1 || step == commands - 1 {
                checkStateCodec(live, fused: fused, step: step, stats: &stats)
            }
        }
        if replayed != live { stats.fail("end: replay from decoded events diverged") }
        if fused != live { stats.fail("end: fused replay diverged") }
    }

    /// StateCodec round-trips `live`; equal states hash equally; a change changes the hash.
    func checkStateCodec(_ live: NavigationState, fused: NavigationState, step: Int, stats: inout Stats) {
        stats.stateRoundTrips += 1
        let bytes = StateCodec.encode(live)
        do {
            let decoded = try Codec.decodeState(bytes)
            if decoded != live { stats.fail("step \(step): state round-trip not ==") }
            if StateCodec.encode(decoded) != bytes { stats.fail("step \(step): re-encoding differs") }
            if StateCodec.hash(decoded) != StateCodec.hash(live) { stats.fail("step \(step): hash of decoded state differs") }
        } catch {
            stats.fail("step \(step): state failed to decode: \(error)")
        }
        if StateCodec.hash(fused) != StateCodec.hash(live) { stats.fail("step \(step): hash of fused replay differs") }
        var changed = live
        let mode: DisplayMode = live.displayMode == .allVisible ? .primaryHidden : .allVisible
        changed.evolve(.displayModeChanged(mode, cause: .button))
        if changed == live || StateCodec.hash(changed) == StateCodec.hash(live) {
            stats.fail("step \(step): display-mode change kept the hash")
        }
        var renamed = live
        renamed.evolve(.nameInterned("probe \(step)"))
        if StateCodec.hash(renamed) == StateCodec.hash(live) { stats.fail("step \(step): interning kept the hash") }
    }
}

/// The app's side of the session: what it knows about its controllers, and what it does next.
struct App {
    var master: ControllerID?
    /// Detail trees and content controllers the app created, newest last.
    var created: [ControllerID] = []
    var detailCounter = 0

    /// The next command: set-up first, then a weighted random action.
    mutating func nextCommand(step: Int, state: NavigationState, policy: SplitPolicy, random: inout SplitMix64) -> NavigationCommand {
        switch step {
        case 0: return .instantiate(.navigation("MasterNav", restorationID: "MasterNC", [.content("Master")]))
        case 1:
            return policy.name == "template"
                ? .instantiate(.navigation("DetailNav", [.content("Placeholder")]))
                : .instantiate(.navigation("NoSelectionNC", restorationID: "NoSelectionNC", [.content("NoSelection")]))
        case 2: return .setSplitViewControllers([ControllerID(app: 0), ControllerID(app: 2)])
        case 3: return .launch(state.traits)
        default: break
        }
        let roll = Int.random(in: 0..<100, using: &random)
        let navigations = state.navigationControllersInHierarchy
        let visible = state.visibleControllers
        let sender = visible.randomElement(using: &random) ?? ControllerID(app: 1)
        switch roll {
        case 0..<10:
            detailCounter += 1
            let name = RandomSessionTests.detailNames[detailCounter % RandomSessionTests.detailNames.count]
            if Bool.random(using: &random) {
                let restorationID: String? = Int.random(in: 0..<4, using: &random) == 0 ? "Detail\(detailCounter % 7)" : nil
                return .instantiate(.navigation("DetailNav", restorationID: restorationID, [.content(name)]))
            }
            return .instantiate(.content(name))
        case 10..<26:
            if Int.random(in: 0..<30, using: &random) == 0 { return .showDetail(nil, sender: sender) }
            return .showDetail(recentlyCreated(&random) ?? sender, sender: sender)
        case 26..<30:
            return .show(recentlyCreated(&random) ?? sender, sender: sender)
        case 30..<42:
            guard let navigation = navigations.randomElement(using: &random),
                  let target = unparented(state, &random) else { return .instantiate(.content("Pushed")) }
            return .push(target, onto: navigation)
        case 42..<54:
            return .pop(navigations.randomElement(using: &random) ?? ControllerID(app: 0))
        case 54..<57:
            return .interactivePop(navigations.randomElement(using: &random) ?? ControllerID(app: 0), completed: Bool.random(using: &random))
        case 57..<59:
            return .popToRoot(navigations.randomElement(using: &random) ?? ControllerID(app: 0))
        case 59..<61:
            guard let navigation = navigations.randomElement(using: &random),
                  let controller = state.stack(of: navigation).randomElement(using: &random) else { return .tapDisplayModeButton }
            return .popTo(controller, in: navigation)
        case 61..<63:
            guard let navigation = navigations.randomElement(using: &random) else { return .edgeSwipe }
            var list = Array(state.stack(of: navigation).prefix(Int.random(in: 1...3, using: &random)))
            if let extra = unparented(state, &random), Bool.random(using: &random) { list.append(extra) }
            return .setViewControllers(list, of: navigation)
        case 63..<73:
            return .changeTraits(RandomSessionTests.environments.randomElement(using: &random) ?? state.traits)
        case 73..<79:
            return .tapDisplayModeButton
        case 79..<81:
            return .edgeSwipe
        case 81..<83:
            return .tapDimmedSecondary
        case 83..<86:
            return .setPreferredDisplayMode(DisplayMode.allCases.randomElement(using: &random) ?? .automatic)
        case 86..<89:
            return .setProperty(randomProperty(&random))
        case 89..<92:
            if state.presented != nil { return .dismiss }
            return .present(unparented(state, &random) ?? sender)
        case 92..<94:
            return .dismiss
        case 94..<96:
            // Commands naming controllers that do not exist (rejected events with big and minted IDs).
            let ghost = Bool.random(using: &random)
                ? ControllerID(app: Int.random(in: 100_000...2_000_000_000, using: &random))
                : ControllerID(minted: Int.random(in: 0...1_000, using: &random))
            return [.pop(ghost), .push(ghost, onto: ControllerID(app: 0)), .show(ghost, sender: sender),
                    .setViewControllers([ghost, ghost], of: ghost), .present(ghost)].randomElement(using: &random) ?? .dismiss
        case 96..<98:
            // The app reinstalls its columns (BUG-4 when collapsed).
            guard let detail = created.last(where: { state.kind(of: $0) == .navigation }) else { return .edgeSwipe }
            return .setSplitViewControllers([ControllerID(app: 0), detail])
        default:
            return .instantiate(.navigation("Bad", [.navigation("Nested", [.content("X")])]))
        }
    }

    /// Records the root of the tree an `instantiate` created.
    mutating func observe(_ command: NavigationCommand, events: [NavigationEvent], state: NavigationState) {
        guard case .instantiate = command else { return }
        for event in events {
            guard case .controllerCreated(let id, _, _, _) = event else { continue }
            created.append(id)
            break
        }
        if created.count > 64 { created.removeFirst(created.count - 64) }
    }

    func recentlyCreated(_ random: inout SplitMix64) -> ControllerID? {
        guard !created.isEmpty else { return nil }
        // Mostly the newest: the app shows what it just created.
        let back = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 0..<created.count, using: &random) : 0
        return created[created.count - 1 - back]
    }

    func unparented(_ state: NavigationState, _ random: inout SplitMix64) -> ControllerID? {
        let free = created.filter { state.parent(of: $0) == .none && state.kind(of: $0) == .content }
        return free.randomElement(using: &random)
    }

    func randomProperty(_ random: inout SplitMix64) -> SplitProperty {
        let widths: [Double?] = [nil, 0, -0.0, 120, 320.5, 1_000, -5, .infinity]
        let fractions: [Double?] = [nil, 0, 0.25, 1.0 / 3.0, 0.5, 1, 1.5]
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return .presentsWithGesture(Int.random(in: 0..<4, using: &random) != 0)
        case 1: return .primaryEdge(Bool.random(using: &random) ? .leading : .trailing)
        case 2: return .preferredPrimaryColumnWidthFraction(fractions.randomElement(using: &random) ?? nil)
        case 3: return .preferredPrimaryColumnWidth(widths.randomElement(using: &random) ?? nil)
        case 4: return .minimumPrimaryColumnWidth(widths.randomElement(using: &random) ?? nil)
        default: return .maximumPrimaryColumnWidth(widths.randomElement(using: &random) ?? nil)
        }
    }
}
