import NavigationCodec
import NavigationCore
import Testing
import NavTapeApps
import NavTapeTestSupport

/// A realistic master/detail app driven at random: every event it produces is encoded, decoded and
/// replayed three ways (live, from decoded events, fused from bytes), and the three states must stay
/// `==`.
@Suite("Seeded random session")
struct RandomSessionTests {
    /// The policies the sessions rotate through.
    static let policies: [SplitPolicy] = [.noDelegate, .calendarPaste(), .template(), .mergeStacks, CommandSamples.policies[CommandSamples.policies.count - 1]]
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
        // Every kind of event a classic split produces showed up, so the session exercised every
        // classic tag (the column-style, legacy and manual kinds are `randomNewStyleSessions`'s).
        // `diverged` and `resynced` come only from a capture's observations (CaptureTests).
        let captured: Set<EventKind> = [.diverged, .resynced]
        let missing = EventKind.allCases.filter { !Self.newStyleKinds.contains($0) && !captured.contains($0) && stats.bytesByKind[$0] == nil }
        #expect(missing == [], "event kinds the session never produced: \(missing)")
        #expect(stats.mintedCreations > 0, "no policy minted a controller")
        let mean = stats.report("random session")
        #expect(mean < 6, "mean encoded size \(mean) bytes/event")
    }

    /// The event kinds only column-style, legacy and manual splits produce.
    static let newStyleKinds: Set<EventKind> = [
        .columnSet, .columnShown, .columnHidden, .columnStacked, .columnUnstacked, .preferredSplitBehaviorSet,
        .splitBehaviorChanged, .delegateNotified,
    ]

    /// The sessions of `randomNewStyleSessions`: a style, a delegate policy and a device.
    static let newStyleSessions: [(SplitStyle, SplitPolicy, Device)] = {
        var topSupplementary = SplitPolicy(name: "top-supplementary")
        topSupplementary[.topColumnForCollapsing] = [PolicyRule(.column(.supplementary))]
        topSupplementary[.displayModeForExpanding] = [PolicyRule(.mode(.twoOverSecondary))]
        var topPrimary = SplitPolicy(name: "top-primary", methods: [.targetDisplayMode: [PolicyRule(.mode(.oneOverSecondary))]])
        topPrimary[.topColumnForCollapsing] = [PolicyRule(.column(.primary))]
        topPrimary[.displayModeForExpanding] = [PolicyRule(.mode(.secondaryOnly))]
        var legacyDelegate = SplitPolicy(name: "legacy-delegate")
        legacyDelegate[.shouldHide] = [PolicyRule(.bool(true), if: .landscape), PolicyRule(.bool(false))]
        legacyDelegate.implementsWillHide = true
        return [
            (.doubleColumn, .noDelegate, .iPad), (.tripleColumn, .noDelegate, .iPhonePlus), (.doubleColumn, topPrimary, .iPhonePlus),
            (.tripleColumn, topSupplementary, .iPad), (.tripleColumn, .calendarPaste(), .iPad), (.doubleColumn, .mergeStacks, .iPhone),
            (.legacy, .noDelegate, .iPad), (.legacy, legacyDelegate, .iPad), (.manual, .noDelegate, .iPhone), (.manual, .template(), .iPad),
        ]
    }()

    @Test("random column-style, legacy and manual sessions: bytes round-trip, replays match live, states round-trip")
    func randomNewStyleSessions() throws {
        var random = SplitMix64(seed: 0x434F_4C55_4D4E_5321)
        var stats = Stats()
        let perSession = 5_000
        for (style, policy, device) in Self.newStyleSessions {
            let traits = device.traits(Bool.random(using: &random) ? .portrait : .landscape)
            var app = ColumnApp(style: style, device: device, withCompactColumn: Bool.random(using: &random))
            // Every state of the first 300 commands of each session, then every 25th and every other
            // one with a stacked column (states grow, and checks cost O(state) in debug builds).
            drive(
                NavigationState(style: style, traits: traits), commands: perSession,
                checkpoint: { step, state in step < 300 || step % 25 == 0 || (step % 2 == 0 && Self.hasStackedColumn(state)) }, policy: policy,
                random: &random, stats: &stats,
                next: { step, state, random in
                    app.nextCommand(step: step, state: state, policy: policy, random: &random)
                }, observe: { command, events, state in app.observe(command, events: events, state: state) })
        }
        #expect(stats.mismatches == [], "first mismatches: \(stats.mismatches.prefix(5))")
        #expect(stats.commands == perSession * Self.newStyleSessions.count)
        #expect(stats.stateRoundTrips >= 10 * 300 + 1_500)
        #expect(stats.stackedColumnStates > 500, "only \(stats.stackedColumnStates) states with stacked columns")
        let missing = Self.newStyleKinds.filter { stats.bytesByKind[$0] == nil }
        #expect(missing.isEmpty, "event kinds the sessions never produced: \(missing)")
        // The new cases of existing types and the new reasons showed up too.
        let expectedFeatures = Set<String>([
            "columnSet.installed", "columnSet.wrapped", "columnSet.pushed", "columnSet.cleared",
            "collapsed.columnsStacked", "collapsed.compactColumn", "separated.columnsRestored",
            "cause.showColumn", "cause.hideColumn", "cause.secondaryOnlyButton", "detailShown.replacedStack",
            "style.legacy", "style.manual", "style.doubleColumn", "style.tripleColumn",
        ]).union(RejectionReason.allCases.filter { $0.rawValue >= 16 && $0 != .delegateCannotChange }.map { "rejected.\($0)" })
            .union(IgnoreReason.allCases.filter { $0.rawValue >= 9 }.map { "ignored.\($0)" })
            .union(DelegateNotification.allCases.map { "delegateNotified.\($0)" })
            .union(SplitBehavior.allCases.filter { $0 != .automatic }.map { "splitBehaviorChanged.\($0)" })
        let unseen = expectedFeatures.subtracting(stats.features)
        #expect(unseen.isEmpty, "never produced: \(unseen.sorted())")
        _ = stats.report("new-style sessions")
        print("  state round-trips: \(stats.stateRoundTrips), \(stats.stackedColumnStates) of them collapsed with stacked columns")
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
        /// State round-trips of collapsed column-style states with a column in the primary's stack.
        var stackedColumnStates = 0
        var mismatches: [String] = []
        /// Labels of the column-style, legacy and manual cases seen (see ``feature(of:)``).
        var features: Set<String> = []
        /// FNV-1a 64 of every record in order: equal digests mean byte-identical streams (compare
        /// runs before and after a codec change; the core's decisions must not change either).
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func fail(_ message: @autoclosure () -> String) {
            if mismatches.count < 20 { mismatches.append(message()) }
        }

        /// Prints the sizes; returns the mean bytes per event.
        func report(_ title: String) -> Double {
            let mean = Double(bytes) / Double(events)
            let earlyMean = Double(earlyBytes) / Double(earlyEvents)
            print(
                "\(title): \(commands) commands, \(events) events, \(bytes) bytes, "
                    + "mean \((mean * 100).rounded() / 100) bytes/event; first 500 commands of each session: "
                    + "\(earlyEvents) events, mean \((earlyMean * 100).rounded() / 100) bytes/event; "
                    + "stream digest \(String(digest, radix: 16))")
            let facts = bytesByKind.filter { $0.key != .rejected && $0.key != .ignored }.values
            let factsMean = Double(facts.map(\.bytes).reduce(0, +)) / Double(facts.map(\.count).reduce(0, +))
            print("  without rejected/ignored: mean \((factsMean * 100).rounded() / 100) bytes/event")
            for kind in EventKind.allCases {
                guard let (count, bytes) = bytesByKind[kind] else { continue }
                print("  \(kind.name): \(count) events, \((Double(bytes) / Double(count) * 100).rounded() / 100) bytes/event")
            }
            return mean
        }
    }

    /// The label of what is new in `event` for ``Stats/features``, if anything.
    static func feature(of event: NavigationEvent) -> String? {
        switch event {
        case .columnSet(_, _, .installed): return "columnSet.installed"
        case .columnSet(_, _, .wrapped): return "columnSet.wrapped"
        case .columnSet(_, _, .pushed): return "columnSet.pushed"
        case .columnSet(_, _, .cleared): return "columnSet.cleared"
        case .collapsed(let resolution) where resolution.outcome.rawValue >= 6: return "collapsed.\(resolution.outcome)"
        case .separated(let resolution) where resolution.source == .columnsRestored: return "separated.columnsRestored"
        case .displayModeChanged(_, let cause) where cause.rawValue >= 8: return "cause.\(cause)"
        case .detailShown(_, _, .replacedStack), .shown(_, _, .replacedStack): return "detailShown.replacedStack"
        case .rejected(_, let reason, _) where reason.rawValue >= 16: return "rejected.\(reason)"
        case .ignored(_, let reason, _) where reason.rawValue >= 9: return "ignored.\(reason)"
        case .delegateNotified(let notification): return "delegateNotified.\(notification)"
        case .splitBehaviorChanged(let behavior): return "splitBehaviorChanged.\(behavior)"
        default: return nil
        }
    }

    func runSession(commands: Int, policy: SplitPolicy, random: inout SplitMix64, stats: inout Stats) {
        let device: Device = Bool.random(using: &random) ? .iPhonePlus : .iPad
        let traits = device.traits(Bool.random(using: &random) ? .portrait : .landscape)
        var app = App()
        let checkpointEvery = Swift.max(1, commands / 10)
        drive(
            NavigationState(traits: traits), commands: commands, checkpoint: { step, _ in step % checkpointEvery == checkpointEvery - 1 }, policy: policy,
            random: &random, stats: &stats,
            next: { step, state, random in
                app.nextCommand(step: step, state: state, policy: policy, random: &random)
            }, observe: { command, events, state in app.observe(command, events: events, state: state) })
    }

    /// Runs `commands` commands from `next` on `initial`: every event is encoded, decoded and
    /// replayed (from decoded events and fused from bytes), and compared with the live state; the
    /// live state goes through StateCodec after the steps `checkpoint` names and the last one.
    func drive(
        _ initial: NavigationState, commands: Int, checkpoint: (Int, NavigationState) -> Bool, policy: SplitPolicy, random: inout SplitMix64,
        stats: inout Stats, next: (Int, NavigationState, inout SplitMix64) -> NavigationCommand,
        observe: (NavigationCommand, [NavigationEvent], NavigationState) -> Void
    ) {
        var live = initial
        var replayed = live
        var fused = live
        var record: [UInt8] = []
        record.reserveCapacity(64)
        // A decoder that reuses its list buffer: every event it gives, kept or not, stays the one encoded.
        var reusing = EventDecoder()
        var kept: [(decoded: NavigationEvent, original: NavigationEvent)] = []
        if initial.style != .unspecified { stats.features.insert("style.\(initial.style)") }

        for step in 0..<commands {
            let command = next(step, live, &random)
            let events = Navigation.send(command, to: &live, policy: policy)
            observe(command, events, live)
            stats.commands += 1
            for (index, event) in events.enumerated() {
                if let feature = Self.feature(of: event) { stats.features.insert(feature) }
                let startsCommit = index == 0
                record.removeAll(keepingCapacity: true)
                EventCodec.encode(event, startsCommit: startsCommit, into: &record)
                stats.events += 1
                stats.bytes += record.count
                for byte in record { stats.digest = (stats.digest ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
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
                    let reused = try Self.decode(record, with: &reusing)
                    if reused.event != event { stats.fail("step \(step): \(event) decoded by the reusing decoder as \(reused.event)") }
                    if step % 7 == 0, kept.count < 64 { kept.append((reused.event, event)) }
                    let fusedStartsCommit = try Codec.decodeAndEvolve(record, into: &fused)
                    if fusedStartsCommit != startsCommit { stats.fail("step \(step): fused startsCommit") }
                } catch {
                    stats.fail("step \(step): \(event) failed to decode: \(error) bytes \(record.hex)")
                }
            }
            if step % 100 == 99 {
                if replayed != live { stats.fail("step \(step): replay from decoded events diverged") }
                if fused != live { stats.fail("step \(step): fused replay diverged") }
                if kept.contains(where: { $0.decoded != $0.original }) { stats.fail("step \(step): a kept event changed under the decoder") }
                kept.removeAll()
            }
            if checkpoint(step, live) || step == commands - 1 {
                checkStateCodec(live, fused: fused, step: step, stats: &stats)
            }
        }
        if replayed != live { stats.fail("end: replay from decoded events diverged") }
        if fused != live { stats.fail("end: fused replay diverged") }
    }

    /// `record` decoded by `decoder`.
    static func decode(_ record: [UInt8], with decoder: inout EventDecoder) throws -> (event: NavigationEvent, startsCommit: Bool) {
        let result: Result<(event: NavigationEvent, startsCommit: Bool), CodecError> = record.withUnsafeBytes { bytes in
            do throws(CodecError) { return .success(try decoder.decode(bytes)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Whether `state` is a collapsed column-style split with a column in the primary's stack.
    static func hasStackedColumn(_ state: NavigationState) -> Bool {
        guard state.style.isColumnStyle, state.isCollapsed, let primary = state.primary else { return false }
        return [state.supplementary, state.secondary].contains { $0.map { state.parent(of: $0) == .navigation(primary) } == true }
    }

    /// StateCodec round-trips `live`; equal states hash equally; a change changes the hash.
    func checkStateCodec(_ live: NavigationState, fused: NavigationState, step: Int, stats: inout Stats) {
        stats.stateRoundTrips += 1
        if Self.hasStackedColumn(live) { stats.stackedColumnStates += 1 }
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
        // What an older build would have written still decodes to the same state.
        if let version1 = StateCodec.encode(live, formatVersion: 1) {
            if (try? Codec.decodeState(version1)) != live { stats.fail("step \(step): version 1 encoding does not decode to the state") }
        } else if live.style == .unspecified && StateCodec.encode(live, formatVersion: 2) != nil {
            stats.fail("step \(step): a classic state version 2 holds does not fit version 1")
        }
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
                let target = unparented(state, &random)
            else { return .instantiate(.content("Pushed")) }
            return .push(target, onto: navigation)
        case 42..<54:
            return .pop(navigations.randomElement(using: &random) ?? ControllerID(app: 0))
        case 54..<57:
            return .interactivePop(navigations.randomElement(using: &random) ?? ControllerID(app: 0), completed: Bool.random(using: &random))
        case 57..<59:
            return .popToRoot(navigations.randomElement(using: &random) ?? ControllerID(app: 0))
        case 59..<61:
            guard let navigation = navigations.randomElement(using: &random),
                let controller = state.stack(of: navigation).randomElement(using: &random)
            else { return .tapDisplayModeButton }
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
        case 92..<93:
            return .dismiss
        case 93..<94:
            // The app's state its delegate reads, and now and then a new delegate policy.
            if Int.random(in: 0..<8, using: &random) == 0 {
                return .setPolicy(RandomSession.policies.randomElement(using: &random) ?? policy)
            }
            if Bool.random(using: &random) {
                let item = ["post7", "settings", "Ünïcødé"].randomElement(using: &random)
                return .representItem(recentlyCreated(&random) ?? sender, Int.random(in: 0..<4, using: &random) == 0 ? nil : item)
            }
            return .setFlag(["detailDimmed", "detailModified", "articleSelected"].randomElement(using: &random) ?? "x", Bool.random(using: &random))
        case 94..<96:
            // Commands naming controllers that do not exist (rejected events with big and minted IDs).
            let ghost =
                Bool.random(using: &random)
                ? ControllerID(app: Int.random(in: 100_000...2_000_000_000, using: &random))
                : ControllerID(minted: Int.random(in: 0...1_000, using: &random))
            return [
                .pop(ghost), .push(ghost, onto: ControllerID(app: 0)), .show(ghost, sender: sender),
                .setViewControllers([ghost, ghost], of: ghost), .present(ghost),
            ].randomElement(using: &random) ?? .dismiss
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

/// The app's side of a column-style, legacy or manual session: the set-up its style needs, then a
/// mix of the new commands and ``App``'s classic ones.
struct ColumnApp {
    var app = App()
    let style: SplitStyle
    let device: Device
    let withCompactColumn: Bool
    var setup: [(NavigationState) -> NavigationCommand] = []

    init(style: SplitStyle, device: Device, withCompactColumn: Bool) {
        self.style = style
        self.device = device
        self.withCompactColumn = withCompactColumn
        let last: (NavigationState) -> ControllerID = { ControllerID(app: $0.appControllerCount - 1) }
        let lastNavigation: (NavigationState) -> ControllerID = { ControllerID(app: $0.appControllerCount - 2) }
        switch style {
        case .doubleColumn, .tripleColumn:
            setup.append { _ in .instantiate(.navigation("PrimaryNav", [.content("Sidebar")])) }
            setup.append { .setViewController(lastNavigation($0), for: .primary) }
            if style == .tripleColumn {
                setup.append { _ in .instantiate(.content("List")) }
                setup.append { .setViewController(last($0), for: .supplementary) }  // wrapped
            }
            setup.append { _ in .instantiate(.navigation("DetailNav", [.content("Detail")])) }
            setup.append { .setViewController(lastNavigation($0), for: .secondary) }
            if withCompactColumn {
                setup.append { _ in .instantiate(.content("Compact")) }
                setup.append { .setViewController(last($0), for: .compact) }
            }
        case .legacy, .manual, .unspecified:
            setup.append { _ in .instantiate(.navigation("MasterNav", [.content("Master")])) }
            setup.append { _ in .instantiate(.navigation("DetailNav", [.content("Detail")])) }
            setup.append { _ in .setSplitViewControllers([ControllerID(app: 0), ControllerID(app: 2)]) }
            if style == .legacy { setup.append { _ in .launch(Device.iPhone.traits(.portrait)) } }  // rejected: iPad only
        }
        setup.append { .launch($0.traits) }
    }

    /// The environments trait changes move between: compact and regular widths, both idioms, except
    /// that the legacy split exists on iPad only.
    var environments: [Traits] {
        let pad = [
            Device.iPad.traits(.portrait), Device.iPad.traits(.landscape),
            Device.iPad.multitaskingTraits(.landscape, widthFraction: 2.0 / 3.0),
            Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3.0),
        ]
        if style == .legacy { return pad }
        return pad + [Device.iPhone.traits(.portrait), Device.iPhonePlus.traits(.portrait), Device.iPhonePlus.traits(.landscape)]
    }

    mutating func nextCommand(step: Int, state: NavigationState, policy: SplitPolicy, random: inout SplitMix64) -> NavigationCommand {
        if step < setup.count { return setup[step](state) }
        let column = Column.allCases.randomElement(using: &random) ?? .secondary
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<7:
            return .showColumn(column)
        case 7..<12:
            return .hideColumn(column)
        case 12..<14:
            return .setPreferredSplitBehavior(SplitBehavior.allCases.randomElement(using: &random) ?? .automatic)
        case 14..<17:
            return .tapSecondaryOnlyButton
        case 17..<25:
            // Mostly the secondary: a fresh controller is pushed (content) or installed (navigation).
            let target: Column = Int.random(in: 0..<3, using: &random) == 0 ? column : .secondary
            if Int.random(in: 0..<10, using: &random) == 0 { return .setViewController(nil, for: target) }
            let candidate = app.recentlyCreated(&random) ?? state.allControllerIDs.randomElement(using: &random)
            return .setViewController(candidate, for: target)
        case 25..<34:
            return .changeTraits(environments.randomElement(using: &random) ?? state.traits)
        case 34..<37:
            return .setProperty(
                Bool.random(using: &random)
                    ? .showsSecondaryOnlyButton(Bool.random(using: &random))
                    : .displayModeButtonVisibility(ButtonVisibility.allCases.randomElement(using: &random) ?? .automatic))
        case 37..<40:
            return .setPreferredDisplayMode(DisplayMode.allCases.randomElement(using: &random) ?? .automatic)
        case 40..<43:
            return [.tapDisplayModeButton, .edgeSwipe, .tapDimmedSecondary].randomElement(using: &random) ?? .edgeSwipe
        default:
            // The classic mix past its set-up (its trait changes stay within its own environments).
            let command = app.nextCommand(step: Swift.max(step, 4), state: state, policy: policy, random: &random)
            if style == .legacy, case .changeTraits = command { return .changeTraits(environments.randomElement(using: &random) ?? state.traits) }
            return command
        }
    }

    mutating func observe(_ command: NavigationCommand, events: [NavigationEvent], state: NavigationState) {
        app.observe(command, events: events, state: state)
    }
}
