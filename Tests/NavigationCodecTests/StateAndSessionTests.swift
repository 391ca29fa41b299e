import NavigationCodec
import NavigationCore
import NavTapeTestSupport
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

    /// Sends `commands`; none may be rejected or ignored (a fixture that silently did nothing would
    /// test less than it claims).
    static func build(_ state: NavigationState, _ commands: [NavigationCommand], policy: SplitPolicy = .noDelegate) -> NavigationState {
        var state = state
        for command in commands {
            let events = Navigation.send(command, to: &state, policy: policy)
            precondition(!events.contains { $0.kind == .rejected || $0.kind == .ignored }, "\(command): \(events)")
        }
        return state
    }

    /// A triple-column split collapsed on an iPhone: supplementary and secondary stacked on the
    /// primary's stack, with a controller pushed onto the secondary and one onto the primary.
    static func collapsedColumnState() -> NavigationState {
        let state = build(
            NavigationState(style: .tripleColumn, traits: Device.iPad.traits(.landscape)),
            [
                .instantiate(.navigation("PN", [.content("P")])),  // #0 [#1]
                .setViewController(ControllerID(app: 0), for: .primary),
                .instantiate(.content("S")),  // #2, wrapped in #m0
                .setViewController(ControllerID(app: 2), for: .supplementary),
                .instantiate(.content("D")),  // #3, wrapped in #m1
                .setViewController(ControllerID(app: 3), for: .secondary),
                .launch(Device.iPad.traits(.landscape)),
                .instantiate(.content("More")),  // #4
                .setViewController(ControllerID(app: 4), for: .secondary),  // pushed onto #m1 (SH-15)
                .changeTraits(Device.iPhone.traits(.portrait)),
                .instantiate(.content("Top")),  // #5
                .push(ControllerID(app: 5), onto: ControllerID(app: 0)),
            ])
        precondition(state.isCollapsed && state.stack(of: ControllerID(app: 0)).count == 4, "\(state.hierarchyDescription)")
        return state
    }

    /// A legacy split in iPad portrait with its master shown in the popover.
    static func legacyState() -> NavigationState {
        build(
            NavigationState(style: .legacy, traits: Device.iPad.traits(.portrait)),
            [
                .instantiate(.navigation("MN", [.content("M")])),
                .instantiate(.navigation("DN", [.content("D")])),
                .setSplitViewControllers([ControllerID(app: 0), ControllerID(app: 2)]),
                .launch(Device.iPad.traits(.portrait)),
                .tapDisplayModeButton,
            ])
    }

    /// A manual master/detail container on a pad whose detail stack was replaced.
    static func manualState() -> NavigationState {
        build(
            NavigationState(style: .manual, traits: Device.iPad.traits(.landscape)),
            [
                .instantiate(.navigation("MN", [.content("M")])),
                .instantiate(.navigation("DN", [.content("D")])),
                .setSplitViewControllers([ControllerID(app: 0), ControllerID(app: 2)]),
                .launch(Device.iPad.traits(.landscape)),
                .instantiate(.content("Item")),
                .showDetail(ControllerID(app: 4), sender: ControllerID(app: 1)),
            ])
    }

    @Test("column-style, legacy and manual states round-trip and go on working like the original")
    func newStylesRoundTrip() throws {
        let cases: [(NavigationState, [NavigationCommand])] = [
            (
                GoldenTests.columnState(),
                [
                    .hideColumn(.primary), .tapSecondaryOnlyButton, .changeTraits(Device.iPhone.traits(.portrait)),
                    .showColumn(.primary), .changeTraits(Device.iPad.traits(.portrait)),
                ]
            ),
            (
                Self.collapsedColumnState(),
                [
                    .pop(ControllerID(app: 0)), .hideColumn(.secondary), .showColumn(.secondary),
                    .changeTraits(Device.iPad.traits(.landscape)), .setPreferredSplitBehavior(.overlay),
                ]
            ),
            (Self.legacyState(), [.tapDisplayModeButton, .changeTraits(Device.iPad.traits(.landscape)), .edgeSwipe]),
            (Self.manualState(), [.showDetail(ControllerID(app: 3), sender: ControllerID(app: 1)), .changeTraits(Device.iPad.traits(.portrait))]),
        ]
        for (state, commands) in cases {
            let bytes = StateCodec.encode(state)
            let decoded = try Codec.decodeState(bytes)
            #expect(decoded == state)
            #expect(StateCodec.encode(decoded) == bytes)
            var original = state, copy = decoded
            for command in commands {
                #expect(Navigation.send(command, to: &copy, policy: .noDelegate) == Navigation.send(command, to: &original, policy: .noDelegate))
                #expect(copy == original)
                #expect(try Codec.decodeState(StateCodec.encode(original)) == original)
            }
        }
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

    @Test("the hash is FNV-1a 64 of the oldest encoding holding the state, equal for equal states, and ignores the sign of zero")
    func hash() throws {
        #expect(StateCodec.fnv1a64([]) == 0xCBF2_9CE4_8422_2325)
        #expect(StateCodec.fnv1a64(Array("a".utf8)) == 0xAF63_DC4C_8601_EC8C)
        let state = Self.smallState()
        #expect(StateCodec.hash(state) == StateCodec.fnv1a64(try #require(StateCodec.encode(state, formatVersion: 1))))
        #expect(StateCodec.hash(state) != StateCodec.fnv1a64(StateCodec.encode(state)))
        // A column-style field away from its default moves the hash to the version 2 encoding.
        var button = state
        button.evolve(.propertySet(.showsSecondaryOnlyButton(true)))
        #expect(StateCodec.encode(button, formatVersion: 1) == nil)
        #expect(StateCodec.hash(button) == StateCodec.fnv1a64(try #require(StateCodec.encode(button, formatVersion: 2))))
        #expect(StateCodec.hash(button) != StateCodec.hash(state))
        for style in [SplitStyle.legacy, .manual] {
            let fresh = NavigationState(style: style, traits: Device.iPad.traits(.portrait))
            #expect(StateCodec.hash(fresh) == StateCodec.fnv1a64(try #require(StateCodec.encode(fresh, formatVersion: 2))))
        }
        // A flag set (or a policy changed, or a released controller) moves it to version 3.
        var flagged = button
        flagged.evolve(.nameInterned("selected"))
        flagged.evolve(.flagSet(try #require(flagged.names.id(of: "selected")), value: true))
        #expect(StateCodec.encode(flagged, formatVersion: 2) == nil)
        #expect(StateCodec.hash(flagged) == StateCodec.fnv1a64(try #require(StateCodec.encode(flagged, formatVersion: 3))))
        var changed = state
        changed.evolve(.policyChanged(.mergeStacks))
        #expect(StateCodec.encode(changed, formatVersion: 2) == nil && StateCodec.encode(changed, formatVersion: 1) == nil)
        #expect(StateCodec.hash(changed) == StateCodec.fnv1a64(try #require(StateCodec.encode(changed, formatVersion: 3))))
        // An item shown moves it to version 4.
        var showing = state
        showing.evolve(.nameInterned("post7"))
        showing.evolve(.itemRepresented(ControllerID(app: 1), item: NameID(rawValue: UInt32(showing.names.count - 1))))
        #expect(StateCodec.encode(showing, formatVersion: 3) == nil)
        #expect(StateCodec.hash(showing) == StateCodec.fnv1a64(StateCodec.encode(showing)))
        #expect(try Codec.decodeState(StateCodec.encode(showing)) == showing)
        #expect(try Codec.decodeState(StateCodec.encode(flagged)) == flagged)
        #expect(try Codec.decodeState(StateCodec.encode(changed)) == changed)
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
        // Versions this build does not read: newer ones (with a hint) and 0.
        var wrongVersion = bytes
        wrongVersion[0] = 5
        #expect(throws: CodecError(.unsupportedVersion, at: 0, "state.version 5: this build reads versions 1–4; written by a newer NavTape?")) {
            try Codec.decodeState(wrongVersion)
        }
        wrongVersion[0] = 0
        #expect(throws: CodecError(.unsupportedVersion, at: 0, "state.version 0: this build reads versions 1–4")) {
            try Codec.decodeState(wrongVersion)
        }
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
        // The primary is the first of the five optional IDs before version 2's six one-byte
        // column-style fields and version 3's two (no policy change, no flag): 0 (nil) → 1 (app #0).
        let primaryOffset = encoded.count - 2 - 6 - 5
        #expect(encoded[primaryOffset] == 0)
        encoded[primaryOffset] = 1
        #expect(throws: CodecError.self) { try Codec.decodeState(encoded) }
        // A primary outside the registries.
        encoded[primaryOffset] = 3
        #expect(throws: CodecError(.invalidValue, at: primaryOffset, "state.primary")) { try Codec.decodeState(encoded) }
    }

    /// The offset of version 2's appended fields in `bytes`: supplementary, compactColumn,
    /// preferredSplitBehavior, splitBehavior, showsSecondaryOnlyButton, displayModeButtonVisibility
    /// (one byte each for nil or small IDs), before version 3's two bytes (no policy change, no flag).
    static func columnFieldsOffset(_ bytes: [UInt8]) -> Int { bytes.count - 6 - 2 }

    @Test("version 2 column fields are validated: enums, booleans, IDs, and what the style allows")
    func refusesIncoherentColumnFields() throws {
        let classic = StateCodec.encode(Self.smallState())
        let base = Self.columnFieldsOffset(classic)
        func refusal(_ bytes: [UInt8], _ edit: (inout [UInt8]) -> Void) -> CodecError? {
            var copy = bytes
            edit(&copy)
            do { _ = try Codec.decodeState(copy); return nil } catch { return error }
        }
        // Out-of-range enums and booleans.
        #expect(refusal(classic) { $0[base + 2] = 4 } == CodecError(.invalidValue, at: base + 2, "state.preferredSplitBehavior"))
        #expect(refusal(classic) { $0[base + 3] = 4 } == CodecError(.invalidValue, at: base + 3, "state.splitBehavior"))
        #expect(refusal(classic) { $0[base + 4] = 2 } == CodecError(.invalidValue, at: base + 4, "state.showsSecondaryOnlyButton"))
        #expect(refusal(classic) { $0[base + 5] = 3 } == CodecError(.invalidValue, at: base + 5, "state.displayModeButtonVisibility"))
        // An unknown controller as the supplementary column.
        #expect(refusal(classic) { $0[base] = 0x7F } == CodecError(.invalidValue, at: base, "state.supplementary"))
        // A classic split has no supplementary or compact column and no split behaviour.
        #expect(refusal(classic) { $0[base] = 1 }?.code == .invalidValue)
        #expect(refusal(classic) { $0[base + 1] = 1 }?.code == .invalidValue)
        #expect(refusal(classic) { $0[base + 2] = 1 }?.context.contains("split behaviour") == true)
        #expect(refusal(classic) { $0[base + 3] = 2 }?.context.contains("split behaviour") == true)
        // The button settings are plain properties on any style.
        #expect(
            refusal(classic) {
                $0[base + 4] = 1; $0[base + 5] = 2
            } == nil)

        // Column style: the golden triple-column state (primary #m0, supplementary #1, secondary #3,
        // compact #5; ID? codes: #1 → 3, #5 → 11). Test targets share the package, so forged states
        // are built by setting fields directly and encoded as they are.
        let good = GoldenTests.columnState()
        let columns = StateCodec.encode(good)
        let at = Self.columnFieldsOffset(columns)
        #expect(Array(columns[at..<at + 2]) == [3, 11])
        #expect(try Codec.decodeState(columns) == good)
        func refusal(_ edit: (inout NavigationState) -> Void) -> CodecError? {
            var forged = good
            edit(&forged)
            do { _ = try Codec.decodeState(StateCodec.encode(forged)); return nil } catch { return error }
        }
        // One controller in two columns.
        #expect(refusal { $0.supplementary = $0.secondary }?.context.contains("two of the split's columns") == true)
        #expect(refusal { $0.compactColumn = $0.primary }?.context.contains("two of the split's columns") == true)
        // A compact column that does not hang from the split: in another stack (structural
        // invariants), or, collapsed, in the primary's stack, where stacked columns may hang but
        // the compact column never does (a pop would orphan it).
        #expect(refusal { $0.compactColumn = ControllerID(app: 2) }?.context.contains("structural") == true)
        var collapsed = Self.collapsedColumnState()
        collapsed.compactColumn = ControllerID(app: 1)
        #expect(collapsed.structuralInvariantsHold)
        #expect(Codec.decodeStateError(StateCodec.encode(collapsed))?.context.contains("compact column") == true)
        // A double-column split has no supplementary column.
        #expect(refusal { $0.style = .doubleColumn }?.context.contains("supplementary") == true)
        // Non-column styles have no columns beyond primary and secondary, and no split behaviour.
        #expect(refusal { $0.style = .manual }?.code == .invalidValue)
        // A collapsed column-style split may hang its stacked columns in the primary's stack; an
        // expanded one may not (structural invariants).
        #expect(
            refusal { state in
                state.appendToStack(ControllerID(app: 3), of: ControllerID(minted: 0))
                state.modify(ControllerID(app: 3)) { $0.parent = .navigation(ControllerID(minted: 0)) }
            }?.context.contains("structural") == true)
        #expect(
            refusal { state in
                state.isCollapsed = true
                state.compactColumn = nil
                state.appendToStack(ControllerID(app: 3), of: ControllerID(minted: 0))
                state.modify(ControllerID(app: 3)) { $0.parent = .navigation(ControllerID(minted: 0)) }
            } == nil)
        // Legacy and manual did not exist in version 1.
        let legacy = NavigationState(style: .legacy, traits: Device.iPad.traits(.portrait))
        var legacyAsVersion1 = Array(StateCodec.encode(legacy).dropLast(6 + 2))
        legacyAsVersion1[0] = 1
        #expect(throws: CodecError.self) { try Codec.decodeState(legacyAsVersion1) }
        #expect(Codec.decodeStateError(legacyAsVersion1)?.context == "state.style (not in version 1)")
        #expect(StateCodec.encode(legacy, formatVersion: 1) == nil)
        // A version 1 column-style state (style 1 or 2 existed) decodes with the defaults.
        let double = NavigationState(style: .doubleColumn, traits: Device.iPad.traits(.portrait))
        let doubleVersion1 = try #require(StateCodec.encode(double, formatVersion: 1))
        #expect(doubleVersion1 == [1] + StateCodec.encode(double).dropFirst().dropLast(6 + 2))
        #expect(try Codec.decodeState(doubleVersion1) == double)
    }
}

@Suite("Session description")
struct SessionDescriptionTests {
    static let policies: [SplitPolicy] =
        CommandSamples.policies + [
            .calendarPaste(pasteDetailNames: []),
            SplitPolicy(
                name: "deep",
                methods: [
                    .separateSecondary: [PolicyRule(.fresh(Samples.deepSpec(depth: 10)))],
                    .targetDisplayMode: [PolicyRule(.mode(.twoDisplaceSecondary))],
                ]),
        ] + columnPolicies

    /// Policies answering the delegate methods session description version 2 added.
    static let columnPolicies: [SplitPolicy] = {
        var result: [SplitPolicy] = []
        for column in Column.allCases {
            var policy = SplitPolicy(name: "top-\(column.name)")
            policy[.topColumnForCollapsing] = [PolicyRule(.column(column))]
            result.append(policy)
        }
        for answer in [PolicyAnswer.proposed, .mode(.secondaryOnly), .mode(.twoOverSecondary)] {
            var policy = SplitPolicy(name: "expand", methods: [.targetDisplayMode: [PolicyRule(.mode(.allVisible))]])
            policy[.displayModeForExpanding] = [PolicyRule(answer)]
            result.append(policy)
        }
        // NewsBlur's answer by the proposed mode (condition tag 8).
        var byProposal = SplitPolicy(name: "newsblur")
        byProposal[.displayModeForExpanding] = [
            PolicyRule(.mode(.oneOverSecondary), if: .all([.flag("phone"), .proposedMode(.twoOverSecondary)])), PolicyRule(.proposed),
        ]
        // The notifications that announce a mode or a column (method tags 13-15).
        byProposal[.willChangeTo] = [PolicyRule(.nothing, if: .proposedMode(.secondaryOnly), actions: [.setFlag("sidebarHidden", true)])]
        byProposal[.willShowColumn] = [PolicyRule(.nothing, if: .proposedColumn(.primary), actions: [.setFlag("sidebarHidden", false)])]
        byProposal[.willHideColumn] = [PolicyRule(.nothing, actions: [.setFlag("sidebarHidden", true)])]
        // The column actions (tags 11-13).
        byProposal[.didShow] = [
            PolicyRule(.nothing, actions: [.setColumn(.secondary, PolicyOperand(.target, .unwrapped)), .hideColumn(.primary), .showColumn(.supplementary)])
        ]
        // The stack actions (tags 14-15).
        byProposal[.didCollapse] = [
            PolicyRule(.nothing, if: .testNamed(ControllerMatch(names: ["ListNav"]), .top(ControllerMatch(names: ["Reader"]))), actions: [.dismiss])
        ]
        byProposal[.didExpand] = [
            PolicyRule(
                .nothing,
                actions: [
                    .setStack(.subject(.secondary), [PolicyOperand(.target), PolicyOperand(.sender, .wrapped(.navigation("ItemNav", [])))]),
                    .setStack(.matching(ControllerMatch(names: ["DetailNav"])), []), .moveStack(.subject(.secondary), onto: .subject(.primary)),
                    .replaceSecondary(.new(.navigation("DetailNav", [.content("Placeholder")]))), .showDetail(PolicyOperand(.secondary, .top)),
                ])
        ]
        result.append(byProposal)
        for portrait in [false, true] {
            for landscape in [false, true] {
                var policy = SplitPolicy.calendarPaste()
                policy[.shouldHide] = [PolicyRule(.bool(landscape), if: .landscape), PolicyRule(.bool(portrait))]
                policy.implementsWillHide = portrait != landscape
                result.append(policy)
            }
        }
        var willHide = SplitPolicy.noDelegate
        willHide.implementsWillHide = true
        result.append(willHide)
        return result
    }()

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
            device: "ipad", layout: "MN[M] | NoSelectionNC[NoSelection]"
        ).encode()
        var future = bytes
        future[0] = 5
        #expect(throws: CodecError(.unsupportedVersion, at: 0, "session.version 5: this build reads versions 1–4; written by a newer NavTape?")) {
            try SessionDescription(decoding: future)
        }
        #expect(throws: CodecError(.trailingBytes, at: bytes.count, "session")) { try SessionDescription(decoding: bytes + [0]) }
        for length in 0..<bytes.count {
            #expect(throws: CodecError.self) { try SessionDescription(decoding: Array(bytes.prefix(length))) }
        }
    }

    @Test("versions 1 to 3 decode (their answers become rules, the origin unknown); version 1 refuses a style it did not have")
    func olderVersions() throws {
        for bytes in GoldenTests.olderSessionEncodings {
            let description = try SessionDescription(decoding: bytes)
            #expect(try SessionDescription(decoding: description.encode()) == description)
            #expect(description.encode()[0] == SessionDescription.formatVersion)
        }
        var legacy = try #require([UInt8](hex: GoldenTests.calendarPasteVersion1Hex))
        legacy[1] = SplitStyle.legacy.rawValue
        #expect(throws: CodecError(.invalidValue, at: 1, "session.style (not in version 1)")) { try SessionDescription(decoding: legacy) }
    }
}
