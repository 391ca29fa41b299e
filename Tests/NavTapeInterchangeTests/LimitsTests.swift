import EventLog
import Foundation
import NavTape
import NavTapeScript
import NavTapeTestSupport
import NavigationCodec
import NavigationCore
import Testing
@testable import NavTapeInterchange

/// The limits on untrusted input that docs/FileFormat.md ("Limits on hostile input") lists and
/// that no other suite covers: each refuses one past the limit with a message and accepts the limit.
@Suite("Limits on hostile input")
struct LimitsTests {
    static func nestedNot(_ depth: Int) -> String {
        "collapseSecondary discard if " + String(repeating: "not ", count: depth - 1) + "flag x"
    }

    static func nestedParentheses(_ depth: Int) -> String {
        "collapseSecondary discard if " + String(repeating: "(not ", count: depth / 2) + "flag x" + String(repeating: ")", count: depth / 2)
    }

    @Test("policy text: conditions nest at most 32 deep; deeper is an error naming the character, never a stack overflow")
    func policyNesting() throws {
        let deepest = try SplitPolicy(parsing: Self.nestedNot(PolicyCondition.maximumDepth))
        // The deepest the parser accepts is what the codec reads back (the one limit).
        let event = NavigationEvent.policyChanged(deepest)
        #expect(try EventCodec.decode(EventCodec.encode(event, startsCommit: true)).event == event)
        for text in [
            Self.nestedNot(PolicyCondition.maximumDepth + 1), Self.nestedNot(200_000),
            Self.nestedParentheses(400_000), "collapseSecondary discard if " + String(repeating: "(", count: 100_000) + "flag x",
        ] {
            #expect(throws: NotationError.self) { try SplitPolicy(parsing: text) }
            do {
                _ = try SplitPolicy(parsing: text)
            } catch {
                #expect(error.message == "a condition nested deeper than 32", "\(error)")
            }
        }
        // `and`/`or` lists nest too: 31 levels of `not` around an `and` is 32, one more is refused.
        let wide = "collapseSecondary discard if " + String(repeating: "not ", count: 31) + "(flag a and flag b)"
        #expect(throws: NotationError.self) { try SplitPolicy(parsing: wide) }
        #expect(
            try SplitPolicy(parsing: "collapseSecondary discard if " + String(repeating: "not ", count: 30) + "(flag a and flag b)")
                .methods[.collapseSecondary]?.first?.condition?.depth == 32)
    }

    @Test("intent streams: trees nest at most 31 levels (each level is two of the JSON parser's 64)")
    func intentTreeDepth() throws {
        func tree(_ depth: Int) -> String {
            var text = #"{"id":"leaf","name":"L"}"#
            for level in 1..<depth { text = #"{"id":"n\#(level)","name":"N","kind":"navigation","children":["# + text + "]}" }
            return text
        }
        let session = try IntentStream.session(#"{"navtape":"intents","version":1,"device":"ipad"}"#)
        _ = try IntentStream.intent(#"{"command":"present","controller":"# + tree(31) + "}", session: session)
        #expect(throws: JSONError.self) { try IntentStream.intent(#"{"command":"present","controller":"# + tree(32) + "}", session: session) }
        #expect(throws: JSONError.self) { try IntentStream.intent(#"{"command":"present","controller":"# + tree(5_000) + "}", session: session) }
    }

    @Test("bracket notation nests at most 32 deep (an error naming the column, no overflow at 100,000)")
    func notationDepth() {
        for depth in [33, 100_000] {
            let text = String(repeating: "N[", count: depth) + "M" + String(repeating: "]", count: depth)
            do {
                _ = try ControllerSpec.parse(text)
                Issue.record("a \(depth)-deep tree parsed")
            } catch {
                #expect("\(error)".contains("nesting deeper than 32"), "\(error)")
            }
        }
        #expect(throws: Never.self) { try ControllerSpec.parse(String(repeating: "N[", count: 31) + "M" + String(repeating: "]", count: 31)) }
    }

    @Test("a created controller's name and restoration ID are at most 1,024 bytes: longer is a rejected command, state unchanged")
    func nameLength() {
        var state = NavigationState(traits: Device.iPad.traits(.landscape))
        let longest = String(repeating: "é", count: ControllerSpec.maximumNameLength / 2)
        let accepted = Navigation.send(.instantiate(.content(longest)), to: &state, delegate: SplitPolicy.noDelegate)
        #expect(accepted.contains { if case .controllerCreated = $0 { true } else { false } })
        let before = state
        for spec in [ControllerSpec.content(longest + "x"), .content("R", restorationID: longest + "x")] {
            let events = Navigation.send(.instantiate(spec), to: &state, delegate: SplitPolicy.noDelegate)
            // The rejected command is kept pruned (its names cut), so the event itself stays bounded.
            guard events.count == 1, case .rejected(.instantiate, .invalidValue, nil) = events[0] else {
                Issue.record("expected one rejected instantiate, got \(events.map(\.kind))")
                continue
            }
            #expect(state == before)
        }
    }

    @Test("scripts: a line is at most 64 KiB and a script 4 MiB; past either, an error naming the line")
    func scriptLimits() throws {
        let longest = "# " + String(repeating: "x", count: ScriptParser.maximumLineBytes - 2)
        #expect(throws: Never.self) { try ScriptParser.parse(longest + "\nlaunch\n", file: "s.navscript") }
        #expect(throws: ScriptError(file: "s.navscript", line: 2, column: 1, "a line longer than 65536 bytes")) {
            try ScriptParser.parse("launch\n" + longest + "y\n", file: "s.navscript")
        }
        let big = String(repeating: "# a comment line of some length, repeated\n", count: ScriptParser.maximumScriptBytes / 40)
        #expect(big.utf8.count > ScriptParser.maximumScriptBytes)
        #expect(throws: ScriptError(file: "s.navscript", line: 1, column: 1, "a script longer than 4194304 bytes")) {
            try ScriptParser.parse(big, file: "s.navscript")
        }
    }

    @Test("states (checkpoints): every list is capped by its limit and by the bytes present before anything is allocated")
    func stateCounts() throws {
        func refused(_ bytes: [UInt8]) -> CodecError.Code? {
            do {
                _ = try StateCodec.decode(bytes)
                return nil
            } catch {
                return error.code
            }
        }
        func varint(_ value: UInt64) -> [UInt8] {
            var out: [UInt8] = [], v = value
            repeat {
                out.append(UInt8(v & 0x7F) | (v >= 0x80 ? 0x80 : 0))
                v >>= 7
            } while v != 0
            return out
        }
        // A name table, then the controller counts: past 2^24, or more than the bytes left can hold.
        #expect(refused([3] + varint(UInt64(CodecLimits.maximumCount) + 1)) == .tooLarge)
        #expect(refused([3] + varint(0) + varint(UInt64(CodecLimits.maximumCount) + 1) + varint(0)) == .tooLarge)
        #expect(refused([3] + varint(0) + varint(100_000) + varint(0) + [UInt8](repeating: 0, count: 64)) == .truncated)
        // The state's totals (NavigationState.Limits): names, and controllers of both registries together.
        // (With the bytes present, so that the count, not the bytes left, is what is refused.)
        let padding = [UInt8](repeating: 0, count: 4 * NavigationState.Limits.maximumControllers + 64)
        #expect(refused([3] + varint(UInt64(NavigationState.Limits.maximumNames) + 1) + padding) == .tooLarge)
        let half = UInt64(NavigationState.Limits.maximumControllers / 2)
        #expect(refused([3] + varint(0) + varint(half) + varint(half + 1) + padding) == .tooLarge)
    }

    @Test("a session's totals are capped: names, their bytes, controllers; decide rejects past a cap, evolve keeps the state, readers refuse")
    func stateTotals() throws {
        typealias Limits = NavigationState.Limits
        // Names: 32 bytes each reach the count and the byte cap together.
        var state = NavigationState(traits: Device.iPad.traits(.landscape))
        func name(_ i: Int) -> String { let digits = String(i); return "name-" + String(repeating: "0", count: 27 - digits.count) + digits }
        for i in 0..<Limits.maximumNames { state.evolve(.nameInterned(name(i))) }
        #expect(state.names.count == Limits.maximumNames && state.names.byteCount == Limits.maximumNameBytes)
        let extra = NavigationEvent.nameInterned("one more")
        #expect(state.refusal(of: extra)?.rule == "the session holds \(Limits.maximumNames) names already (the cap)")
        var after = state
        after.evolve(extra)
        #expect(after == state)
        // decide: a new screen name, a flag or an item past the cap is a rejected command, state unchanged.
        state.evolve(.controllerCreated(ControllerID(app: 0), kind: .content, name: NameID(rawValue: 0), restorationID: nil))
        for command in [NavigationCommand.instantiate(.content("Fresh")), .setFlag("fresh", true), .representItem(ControllerID(app: 0), "fresh")] {
            var decided = state
            let events = Navigation.send(command, to: &decided, delegate: SplitPolicy.noDelegate)
            guard events.count == 1, case .rejected(_, .invalidValue, _) = events[0] else {
                Issue.record("\(command): expected one rejected event, got \(events.map(\.kind))")
                continue
            }
            #expect(decided == state, "\(command)")
        }
        // An existing name still serves a new controller.
        let reused = Navigation.send(.instantiate(.content(name(7))), to: &state, delegate: SplitPolicy.noDelegate)
        #expect(reused.contains { if case .controllerCreated = $0 { true } else { false } })

        // Bytes: two names of 1 MiB fill the byte cap; the fused fold refuses a third as tooLarge.
        var bytes = NavigationState(traits: Device.iPad.traits(.landscape))
        for letter in ["a", "b"] { bytes.evolve(.nameInterned(String(repeating: letter, count: Limits.maximumNameBytes / 2))) }
        let record = EventCodec.encode(.nameInterned("c"), startsCommit: true)
        let before = bytes
        #expect(throws: CodecError.self) { try record.withUnsafeBytes { try EventCodec.decodeAndEvolve($0, into: &bytes) } }
        #expect(bytes == before)

        // Controllers: the cap counts both registries; creation past it is refused and changes nothing.
        for i in 0..<(Limits.maximumControllers - 1) {
            state.evolve(.controllerCreated(ControllerID(app: i + 1), kind: .content, name: NameID(rawValue: 0), restorationID: nil))
        }
        let minted = NavigationEvent.controllerCreated(ControllerID(minted: 0), kind: .navigation, name: NameID(rawValue: 0), restorationID: nil)
        #expect(state.refusal(of: minted)?.rule == "the session holds \(Limits.maximumControllers) controllers already (the cap)")
        var full = state
        full.evolve(minted)
        #expect(full == state)
        #expect(Navigation.send(.instantiate(.content(name(1))), to: &full, delegate: SplitPolicy.noDelegate).count == 1)
        // A state at every cap is one a checkpoint holds (within a block, 4 MiB) and decodes back.
        let checkpoint = CheckpointCodec.encode(state)
        #expect(checkpoint.count <= LogOptions.default.maxBlockBytes, "\(checkpoint.count) bytes")
        #expect(try CheckpointCodec.decode(checkpoint).state == state)
    }
}
