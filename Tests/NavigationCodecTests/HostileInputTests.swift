import Foundation
import NavigationCodec
import NavigationCore
import Testing
import NavTapeApps
import NavTapeTestSupport

/// Untrusted bytes: every decoder throws on bad input and never traps; what it accepts is exactly
/// what the encoder writes.
@Suite("Hostile input")
struct HostileInputTests {
    /// A state with controllers, stacks, names and a minted controller but no split children, so
    /// that any single event — even a forged one — keeps the structural invariants (see
    /// `forgedEventsAreOutOfScope`).
    static let unsplitState: NavigationState = {
        var state = NavigationState(traits: Device.iPad.traits(.landscape))
        for spec in Samples.specs.prefix(4) { Navigation.send(.instantiate(spec), to: &state, policy: .noDelegate) }
        state.evolve(.controllerCreated(ControllerID(minted: 0), kind: .navigation, name: NameID(rawValue: 0), restorationID: nil))
        return state
    }()

    static let baseStates = [NavigationState(traits: Device.iPhone.traits(.portrait)), unsplitState]

    /// Valid encodings to truncate and mutate.
    static var eventRecords: [[UInt8]] {
        (GoldenTests.events + GoldenTests.columnEvents).map { EventCodec.encode($0.0, startsCommit: $0.1) }
            + Samples.events.map { EventCodec.encode($0, startsCommit: false) }
    }

    static var stateEncodings: [[UInt8]] {
        let states = [
            GoldenTests.smallState(), StateCodecTests.smallState(), unsplitState,
            NavigationState(traits: Device.iPad.traits(.portrait)), GoldenTests.columnState(),
            StateCodecTests.collapsedColumnState(), StateCodecTests.legacyState(), StateCodecTests.manualState(),
        ]
        // Version 2 encodings of all, and the version 1 encodings older builds wrote of those it can hold.
        return states.map { StateCodec.encode($0) } + states.compactMap { StateCodec.encode($0, formatVersion: 1) }
    }

    static var sessionEncodings: [[UInt8]] {
        SessionDescriptionTests.policies.flatMap { policy in
            let description = SessionDescription(
                style: .unspecified, initialTraits: Device.iPad.traits(.portrait), policy: policy, device: "ipad", layout: "MN[M] | DN[D]")
            return [description.encode()]
        } + GoldenTests.olderSessionEncodings
    }

    /// Whether a decoded state or description re-encodes to exactly `bytes` in the version `bytes`
    /// holds: decoding accepts only what an encoder of that version writes.
    static func isCanonical(_ state: NavigationState, _ bytes: [UInt8]) -> Bool {
        StateCodec.encode(state, formatVersion: bytes[0]) == bytes
    }

    /// (Older session descriptions are read, never written: only the current version's bytes are
    /// checked for canonical form.)
    static func isCanonical(_ description: SessionDescription, _ bytes: [UInt8]) -> Bool {
        bytes[0] < SessionDescription.formatVersion || description.encode() == bytes
    }

    @Test("every strict prefix of every valid event record is .truncated, and the fused decoder leaves the state alone")
    func eventTruncations() throws {
        for record in Self.eventRecords {
            for length in 0..<record.count {
                let prefix = Array(record.prefix(length))
                #expect(Codec.decodeError(prefix)?.code == .truncated, "\(record.hex) cut at \(length)")
                var state = Self.unsplitState
                #expect(throws: CodecError.self) { try Codec.decodeAndEvolve(prefix, into: &state) }
                #expect(state == Self.unsplitState)
            }
        }
    }

    @Test(
        "rejected and ignored records of every command: every prefix and every one-byte change gets the reference's answer from the fused step, which does not build the command"
    )
    func fusedSkipsCommandsAsTheReferenceReads() {
        var records: [[UInt8]] = []
        for command in CommandSamples.all {
            records.append(EventCodec.encode(.rejected(command, reason: .navigationController, subject: ControllerID(app: 2)), startsCommit: true))
            records.append(EventCodec.encode(.ignored(command, reason: .collapsed, subject: nil), startsCommit: false))
        }
        var problems: [String] = []
        var checked = 0
        for record in records {
            var variants = (0..<record.count).map { Array(record.prefix($0)) } + [record, record + [0]]
            for position in record.indices {
                for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF, record[position] ^ 0x01] where value != record[position] {
                    var changed = record
                    changed[position] = value
                    variants.append(changed)
                }
            }
            for bytes in variants {
                for base in Self.baseStates {
                    checked += 1
                    if let departure = Codec.fusedDeparture(bytes, from: base) { problems.append(departure) }
                }
            }
        }
        #expect(records.count >= 2 * CommandKind.allCases.count)
        #expect(problems.isEmpty, "\(problems.count) of \(checked): \(problems.prefix(3))")
    }

    @Test("every strict prefix of a state or session description is .truncated")
    func stateAndSessionTruncations() {
        for bytes in Self.stateEncodings {
            for length in 0..<bytes.count {
                do {
                    _ = try Codec.decodeState(Array(bytes.prefix(length)))
                    Issue.record("a state cut at \(length) decoded")
                } catch {
                    #expect(error.code == .truncated, "state cut at \(length) of \(bytes.count)")
                }
            }
        }
        for bytes in Self.sessionEncodings {
            for length in 0..<bytes.count {
                do {
                    _ = try SessionDescription(decoding: Array(bytes.prefix(length)))
                    Issue.record("a session description cut at \(length) decoded")
                } catch {
                    #expect(error.code == .truncated)
                }
            }
        }
    }

    @Test("100k random byte strings: no decoder traps; whatever decodes re-encodes to the same bytes")
    func randomBytes() {
        var random = SplitMix64(seed: 0xBAD_B17E5)
        var accepted = (events: 0, fused: 0, states: 0, sessions: 0)
        var problems: [String] = []
        for iteration in 0..<100_000 {
            let length = Int.random(in: 0...24, using: &random)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Half the time start like a real record or blob, so decoders get past the first byte.
            if !bytes.isEmpty, Bool.random(using: &random) {
                switch iteration % 3 {
                case 0: bytes[0] = UInt8.random(in: 0x01...0x1E, using: &random) | (Bool.random(using: &random) ? 0x80 : 0)
                default: bytes[0] = UInt8.random(in: 1...2, using: &random)
                }
            }
            if let decoded = try? Codec.decode(bytes) {
                accepted.events += 1
                if EventCodec.encode(decoded.event, startsCommit: decoded.startsCommit, into: []) != bytes {
                    problems.append("event \(bytes.hex) re-encodes differently")
                }
            }
            for base in Self.baseStates {
                var state = base
                if (try? Codec.decodeAndEvolve(bytes, into: &state)) != nil {
                    accepted.fused += 1
                } else if state != base {
                    problems.append("failed fused decode of \(bytes.hex) changed the state")
                }
                if let departure = Codec.fusedDeparture(bytes, from: base) { problems.append(departure) }
            }
            if let state = try? Codec.decodeState(bytes) {
                accepted.states += 1
                if !Self.isCanonical(state, bytes) { problems.append("state \(bytes.hex) re-encodes differently") }
                Self.exercise(state)
            }
            if let session = try? SessionDescription(decoding: bytes) {
                accepted.sessions += 1
                if !Self.isCanonical(session, bytes) { problems.append("session \(bytes.hex) re-encodes differently") }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        print("random bytes accepted: \(accepted.events) events, \(accepted.fused) fused, \(accepted.states) states, \(accepted.sessions) sessions")
    }

    @Test("100k mutations of valid encodings: no decoder traps; accepted mutants are canonical and usable")
    func mutations() {
        var random = SplitMix64(seed: 0x5EED_0F_F00D)
        let events = Self.eventRecords, states = Self.stateEncodings, sessions = Self.sessionEncodings
        var accepted = (events: 0, states: 0, sessions: 0)
        var problems: [String] = []
        for iteration in 0..<100_000 {
            switch iteration % 4 {
            case 0, 1:
                let bytes = Self.mutate(events[Int.random(in: 0..<events.count, using: &random)], &random)
                if let decoded = try? Codec.decode(bytes) {
                    accepted.events += 1
                    if EventCodec.encode(decoded.event, startsCommit: decoded.startsCommit) != bytes {
                        problems.append("event \(bytes.hex) re-encodes differently")
                    }
                }
                for base in Self.baseStates {
                    if let departure = Codec.fusedDeparture(bytes, from: base) { problems.append(departure) }
                }
            case 2:
                let bytes = Self.mutate(states[Int.random(in: 0..<states.count, using: &random)], &random)
                if let state = try? Codec.decodeState(bytes) {
                    accepted.states += 1
                    if !Self.isCanonical(state, bytes) { problems.append("state \(bytes.hex) re-encodes differently") }
                    Self.exercise(state)
                }
            default:
                let bytes = Self.mutate(sessions[Int.random(in: 0..<sessions.count, using: &random)], &random)
                if let session = try? SessionDescription(decoding: bytes) {
                    accepted.sessions += 1
                    if !Self.isCanonical(session, bytes) { problems.append("session \(bytes.hex) re-encodes differently") }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(accepted.states > 0 && accepted.events > 0 && accepted.sessions > 0)
        print("mutants accepted: \(accepted.events) events, \(accepted.states) states, \(accepted.sessions) sessions")
    }

    /// One to three random edits: flip a bit, overwrite, insert or delete a byte.
    static func mutate(_ original: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where !bytes.isEmpty: bytes[position] ^= 1 << UInt8.random(in: 0...7, using: &random)
            case 1 where !bytes.isEmpty: bytes[position] = [0x00, 0x01, 0x7F, 0x80, 0xFF].randomElement(using: &random) ?? 0
            case 2 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &random)
            case 3: bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
            default: if !bytes.isEmpty { bytes.remove(at: position) }
            }
        }
        return bytes
    }

    /// Uses a decoded state the way a recorder would after loading a checkpoint: commands through
    /// `decide` and `evolve` (checked builds assert the invariants after every event).
    static func exercise(_ decoded: NavigationState) {
        var state = decoded
        let ids = Array(state.allControllerIDs.prefix(6))
        var commands: [NavigationCommand] = [
            .tapDisplayModeButton, .edgeSwipe, .tapDimmedSecondary, .dismiss,
            .changeTraits(Device.iPhone.traits(.portrait)), .changeTraits(Device.iPad.traits(.landscape)),
            .launch(Device.iPad.traits(.portrait)), .setPreferredDisplayMode(.primaryOverlay),
        ]
        for id in ids {
            commands += [
                .pop(id), .popToRoot(id), .present(id), .showDetail(id, sender: ids[0]), .show(id, sender: id),
                .push(id, onto: ids[0]), .setSplitViewControllers([id]), .setViewControllers([id], of: ids[0]),
            ]
        }
        // Column-style commands (ignored by the other styles).
        commands += [
            .changeTraits(Device.iPad.traits(.portrait)), .tapSecondaryOnlyButton, .setPreferredSplitBehavior(.overlay),
            .setPreferredDisplayMode(.twoDisplaceSecondary), .setProperty(.displayModeButtonVisibility(.always)),
        ]
        for column in Column.allCases {
            commands += [.showColumn(column), .hideColumn(column), .setViewController(nil, for: column)]
            if let id = ids.last { commands.append(.setViewController(id, for: column)) }
        }
        commands +=
            [.changeTraits(Device.iPhone.traits(.portrait))] + Column.allCases.map { .showColumn($0) }
            + [.changeTraits(Device.iPad.traits(.landscape))]
        for command in commands {
            for policy in [SplitPolicy.noDelegate, .calendarPaste(), .mergeStacks] {
                var copy = state
                Navigation.send(command, to: &copy, policy: policy)
            }
            Navigation.send(command, to: &state, policy: .calendarPaste())
        }
    }

    /// A regression input kept in `Fuzz/Seeds` (every fuzz run starts from it too).
    static func fuzzSeed(_ name: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try [UInt8](Data(contentsOf: root.appendingPathComponent("Fuzz/Seeds/" + name)))
    }

    @Test("FuzzStateDecoder's finding: a split view controller in a column is refused (INV-5), not collapsed and left stacked")
    func splitInAColumn() throws {
        // A launched triple-column split whose secondary column is a split view controller, which
        // `decide` never installs; it was found with the crash below (its primary's stack is empty
        // too) and is refused on its own account.
        let bytes = try Self.fuzzSeed("states/regression-split-in-a-column")
        do {
            _ = try StateCodec.decode(bytes)
            Issue.record("the state was accepted")
        } catch {
            #expect(error.code == .invalidValue, "\(error)")
            #expect("\(error)".contains("split view controller"), "\(error)")
        }
    }

    @Test(
        "FuzzStateDecoder's finding: a collapse onto a primary with an empty stack (INV-6) leaves the columns where they are, so the expand and the next checkpoint work"
    )
    func collapseOntoAnEmptyPrimary() throws {
        // A launched triple-column split whose primary navigation controller has an empty stack and
        // a supplementary column. The collapse stacked the supplementary as the primary's only
        // controller, which nothing could unstack: the expand broke the structural invariants (a
        // trap in checked builds) and the state's checkpoint would have been refused on reading
        // ("stacked out of place").
        let bytes = try Self.fuzzSeed("states/regression-empty-primary-stack")
        var state = try StateCodec.decode(bytes)
        let primary = try #require(state.primary), supplementary = try #require(state.supplementary)
        #expect(state.stack(of: primary).isEmpty)
        Navigation.send(.changeTraits(Device.iPhone.traits(.portrait)), to: &state, policy: .noDelegate)
        #expect(state.isCollapsed)
        #expect(state.parent(of: supplementary) == .split, "not stacked onto an empty primary")
        #expect(try StateCodec.decode(StateCodec.encode(state)) == state, "the collapsed state's checkpoint reads back")
        Navigation.send(.changeTraits(Device.iPad.traits(.landscape)), to: &state, policy: .noDelegate)
        #expect(!state.isCollapsed)
        #expect(state.structuralInvariantsHold && state.columnProblem() == nil && state.containmentProblem() == nil)
        #expect(try StateCodec.decode(StateCodec.encode(state)) == state)
    }

    @Test("FuzzStateDecoder's finding: a remembered secondary that is a split view controller is never installed by an expand (INV-5)")
    func rememberedSplit() throws {
        // A collapsed classic split whose remembered secondary is a split view controller (a forged
        // checkpoint: decide never remembers one). The expand fell back to it (EX-1.5) and emitted a
        // `separated` its own admission refuses (a trap in checked builds, where this test runs).
        let bytes = try Self.fuzzSeed("states/regression-remembered-split")
        var state = try StateCodec.decode(bytes)
        let remembered = try #require(state.rememberedSecondary)
        #expect(state.kind(of: remembered) == .split && state.isCollapsed)
        for command in [
            NavigationCommand.tapDisplayModeButton, .edgeSwipe, .changeTraits(Device.iPhone.traits(.portrait)), .changeTraits(Device.iPad.traits(.landscape)),
        ] {
            for event in Navigation.send(command, to: &state, policy: .noDelegate) {
                if case .separated(let resolution) = event { #expect(resolution.secondary != remembered) }
            }
        }
        #expect(!state.isCollapsed && state.secondary != remembered)
        #expect(state.structuralInvariantsHold && state.columnProblem() == nil)
    }

    @Test("forged events are out of the codec's scope: decoding them is fine, evolving them is Core's contract")
    func forgedEventsAreOutOfScope() throws {
        // `pushed(primary, onto: secondary)` is well-formed bytes; `evolve` in checked builds asserts
        // on it (NavigationState+Evolve.swift). The codec decodes it faithfully and leaves it there.
        let forged = NavigationEvent.pushed(ControllerID(app: 0), onto: ControllerID(app: 2))
        #expect(try Codec.decode(EventCodec.encode(forged, startsCommit: true)).event == forged)
    }
}

extension EventCodec {
    /// `encode(_:startsCommit:into:)` starting from `bytes`, returning the result (test helper).
    static func encode(_ event: NavigationEvent, startsCommit: Bool, into bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        encode(event, startsCommit: startsCommit, into: &result)
        return result
    }
}
