import NavigationCodec
import NavigationCore
import Testing

@Suite("State codec")
struct StateCodecTests {
    /// A small launched, collapsed master/detail state with a minted controller and a presented one.
    static func smallState() -> NavigationState {
        var state = NavigationState(traits: Device.iPhonePlus.traits(.landscape))
        let policy = SplitPolicy.calendarPaste()
        for command: NavigationCommand in [
            .instantiate(.navigation("MN", restorationID: "MasterNC", [.content("M")])),
            .instantiate(.navigation("NoSelectionNC", restorationID: "NoSelectionNC", [.content("NoSelection")])),
            .setSplitViewControllers([ControllerID(app: 0), ControllerID(app: 2)]),
            .setProperty(.preferredPrimaryColumnWidthFraction(0.4)),
            .setProperty(.maximumPrimaryColumnWidth(-0.0)),
            .launch(Device.iPhonePlus.traits(.landscape)),
            .instantiate(.content("Paste")),
            .showDetail(ControllerID(app: 4), sender: ControllerID(app: 1)),
            .changeTraits(Device.iPhonePlus.traits(.portrait)),
            .changeTraits(Device.iPhonePlus.traits(.landscape)),
            .instantiate(.content("Ünïcødé")),
            .present(ControllerID(app: 5)),
        ] {
            Navigation.send(command, to: &state, policy: policy)
        }
        return state
    }

    @Test("a state with every kind of field round-trips and re-encodes identically")
    func roundTrip() throws {
        let state = Self.smallState()
        #expect(state.mintedControllerCount > 0)
        #expect(state.presented != nil)
        let bytes = StateCodec.encode(state)
        let decoded = try Codec.decodeState(bytes)
        #expect(decoded == state)
        #expect(StateCodec.encode(decoded) == bytes)
        #expect(try StateCodec.decode(bytes) == state)
        // The decoded state goes on working like the original.
        var original = state, copy = decoded
        for command: NavigationCommand in [.dismiss, .changeTraits(Device.iPad.traits(.portrait)), .tapDisplayModeButton, .pop(ControllerID(app: 0))] {
            #expect(Navigation.send(command, to: &copy, policy: .calendarPaste()) == Navigation.send(command, to: &original, policy: .calendarPaste()))
            #expect(copy == original)
        }
    }

    @Test("a new state round-trips")
    func emptyState() throws {
        for style in SplitStyle.allCases {
            let state = NavigationState(style: style, traits: Device.iPhone.traits(.portrait))
            #expect(try Codec.decodeState(StateCodec.encode(state)) == state)
        }
    }

    @Test("the hash is FNV-1a 64 of the encoding, equal for equal states, and ignores the sign of zero")
    func hash() {
        #expect(StateCodec.fnv1a64([]) == 0xCBF2_9CE4_8422_2325)
        #expect(StateCodec.fnv1a64(Array("a".utf8)) == 0xAF63_DC4C_8601_EC8C)
        let state = Self.smallState()
        #expect(StateCodec.hash(state) == StateCodec.fnv1a64(StateCodec.encode(state)))
        var positive = state, negative = state
        positive.evolve(.propertySet(.minimumPrimaryColumnWidth(0.0)))
        negative.evolve(.propertySet(.minimumPrimaryColumnWidth(-0.0)))
        #expect(positive == negative)
        #expect(StateCodec.hash(positive) == StateCodec.hash(negative))
        var moved = state
        moved.evolve(.popped(navigation: ControllerID(app: 2), interactive: false))
        #expect(moved != state)
        #expect(StateCodec.hash(moved) != StateCodec.hash(state))
    }

    @Test("incoherent states are refused")
    func refusesIncoherentStates() throws {
        let bytes = StateCodec.encode(Self.smallState())
        // Version.
        var wrongVersion = bytes
        wrongVersion[0] = 2
        #expect(throws: CodecError(.unsupportedVersion, at: 0, "state.version")) { try Codec.decodeState(wrongVersion) }
        // Trailing byte.
        #expect(throws: CodecError(.trailingBytes, at: bytes.count, "state")) { try Codec.decodeState(bytes + [0]) }
        // A repeated name: version 1, names ["A", "A"], …
        let repeated: [UInt8] = [1, 2, 1, 0x41, 1, 0x41, 0, 0]
        #expect(throws: CodecError(.invalidValue, at: 4, "state.names (repeated string)")) { try Codec.decodeState(repeated) }
        // A primary that is not a child of the split (structural invariants): a fresh state with
        // one content controller named as primary.
        var state = NavigationState(traits: Device.iPad.traits(.landscape))
        state.evolve(.nameInterned("C"))
        state.evolve(.controllerCreated(ControllerID(app: 0), kind: .content, name: NameID(rawValue: 0), restorationID: nil))
        var encoded = StateCodec.encode(state)
        // The primary is the first of the five optional IDs at the end: 0 (nil) → 1 (app #0).
        #expect(encoded[encoded.count - 5] == 0)
        encoded[encoded.count - 5] = 1
        #expect(throws: CodecError.self) { try Codec.decodeState(encoded) }
        // A primary outside the registries.
        encoded[encoded.count - 5] = 3
        #expect(throws: CodecError(.invalidValue, at: encoded.count - 5, "state.primary")) { try Codec.decodeState(encoded) }
    }
}

@Suite("Session description")
struct SessionDescriptionTests {
    static let policies: [SplitPolicy] = [
        .noDelegate, .calendarPaste(), .template(), .mergeStacks, .calendarPaste(pasteDetailNames: []),
        SplitPolicy(
            name: "everything", primaryForCollapsing: .secondary, collapseSecondary: .returns(true),
            primaryForExpanding: .returnsNil, separateSecondary: .fresh(.navigation("Fresh", restorationID: "名前", [.content("F")])),
            targetDisplayMode: .mode(.allVisible), showOverride: .returns(true), showDetailOverride: .returns(false)),
        SplitPolicy(
            name: "", primaryForCollapsing: .returnsNil, collapseSecondary: .returns(false), primaryForExpanding: .secondary,
            separateSecondary: .returnsNil, targetDisplayMode: .automatic, showOverride: .returns(false), showDetailOverride: .returns(true)),
        SplitPolicy(name: "deep", separateSecondary: .fresh(Samples.deepSpec(depth: 10)), targetDisplayMode: .mode(.twoDisplaceSecondary)),
    ]

    @Test("every policy answer round-trips", arguments: policies)
    func roundTrip(policy: SplitPolicy) throws {
        for (style, traits) in zip(SplitStyle.allCases, Samples.traits) {
            let description = SessionDescription(
                style: style, initialTraits: traits, policy: policy, device: "iphone-plus", layout: "MN[M] | DN[D]")
            let bytes = description.encode()
            #expect(bytes[0] == SessionDescription.formatVersion)
            #expect(try SessionDescription(decoding: bytes) == description)
            let fromBuffer = try bytes.withUnsafeBytes { buffer in
                Result { () throws(CodecError) in try SessionDescription(decoding: buffer) }
            }.get()
            #expect(fromBuffer == description)
        }
    }

    @Test("a description's version, truncations and trailing bytes are checked")
    func refusals() {
        let bytes = SessionDescription(
            style: .unspecified, initialTraits: Device.iPad.traits(.portrait), policy: .calendarPaste(),
            device: "ipad", layout: "MN[M] | NoSelectionNC[NoSelection]").encode()
        var future = bytes
        future[0] = 2
        #expect(throws: CodecError(.unsupportedVersion, at: 0, "session.version")) { try SessionDescription(decoding: future) }
        #expect(throws: CodecError(.trailingBytes, at: bytes.count, "session")) { try SessionDescription(decoding: bytes + [0]) }
        for length in 0..<bytes.count {
            #expect(throws: CodecError.self) { try SessionDescription(decoding: Array(bytes.prefix(length))) }
        }
    }
}
