import NavigationCodec
import NavigationCore
import Testing

/// The wire format, pinned. These bytes are what logs on disk hold: if a test here fails, the
/// format changed. Never update an expected value to make a test pass; a deliberate format change
/// adds new tags or a new version (docs/EventEncoding.md, "Changing the format").
@Suite("Golden bytes")
struct GoldenTests {
    static let app0 = ControllerID(app: 0), app1 = ControllerID(app: 1), app2 = ControllerID(app: 2)

    /// (event, startsCommit, expected hex).
    static let events: [(NavigationEvent, Bool, String)] = [
        (.nameInterned("Paste"), true, "81055061737465"),
        (.nameInterned("名"), false, "0103e5908d"),
        (.controllerCreated(ControllerID(app: 2), kind: .navigation, name: NameID(rawValue: 3), restorationID: NameID(rawValue: 1)), false, "0204010302"),
        (.stackInitialized(ControllerID(app: 2), [ControllerID(app: 3)]), false, "03040106"),
        (.launched(Device.iPhonePlus.traits(.landscape)), true, "8401c00bbc06"),
        (.traitsChanged(Device.iPad.traits(.portrait)), true, "8503800c8010"),
        (.propertySet(.preferredPrimaryColumnWidthFraction(0.25)), true, "860201000000000000d03f"),
        (.propertySet(.maximumPrimaryColumnWidth(nil)), true, "860500"),
        (.preferredDisplayModeSet(.allVisible), true, "8702"),
        (.displayModeChanged(.allVisible, cause: .button), true, "8842"),
        (.splitViewControllersSet(primary: app0, secondary: app2), true, "890005"),
        (.collapsed(CollapseResolution(newPrimary: app0, outcome: .secondaryPushed, atLaunch: true)), false, "0a0081"),
        (.separated(SeparateResolution(newPrimary: app0, secondary: ControllerID(minted: 0), source: .delegate)), false, "0b000102"),
        (.shown(ControllerID(app: 5), sender: app1, resolution: .pushed(onto: app0)), true, "8c000a0200"),
        (.detailShown(ControllerID(app: 7), sender: app1, resolution: .installedAsSecondary), true, "8d0a0e02"),
        (.detailShown(nil, sender: app1, resolution: .unchanged), true, "8d0502"),
        (.pushed(ControllerID(app: 4), onto: app2), true, "8e0804"),
        (.pushed(ControllerID(minted: 300), onto: ControllerID(app: 70)), true, "8ed9048c01"),
        (.popped(navigation: app2, interactive: true), true, "8f09"),
        (.poppedToRoot(navigation: app2), true, "9004"),
        (.poppedTo(ControllerID(app: 3), navigation: app2), true, "910604"),
        (.stackSet([ControllerID(app: 3), ControllerID(app: 4)], navigation: app2), true, "9202060804"),
        (.presented(ControllerID(app: 5)), true, "930a"),
        (.dismissed(ControllerID(app: 5)), true, "940a"),
        (.rejected(.push(app0, onto: app2), reason: .navigationController, subject: app0), true, "9502010a0004"),
        (.ignored(.pop(app2), reason: .atRoot, subject: app2), true, "9600050b04"),
        (
            .rejected(.instantiate(.navigation("N", restorationID: "R", [.content("C")])), reason: .navigationController, subject: nil), true,
            "9502000031014e015201000143"
        ),
        (.ignored(.setProperty(.presentsWithGesture(false)), reason: .noChange, subject: nil), true, "960400120000"),
    ]

    /// Rows added with the column-style, legacy and manual events (tags 0x17–0x1E, command tags
    /// 0x13–0x17, show resolution 6, properties 6–7, and the new raw values of existing enums).
    /// (event, startsCommit, expected hex).
    static let columnEvents: [(NavigationEvent, Bool, String)] = [
        // 17 | column secondary | wrapped | controller #3 (code 6, +1) | wrapper #m0 (code 1)
        (.columnSet(ControllerID(app: 3), column: .secondary, resolution: .wrapped(in: ControllerID(minted: 0))), false, "1702010701"),
        // 97 | column primary | installed | controller #0 (+1)
        (.columnSet(app0, column: .primary, resolution: .installed), true, "97000001"),
        // 97 | column supplementary | cleared | nil
        (.columnSet(nil, column: .supplementary, resolution: .cleared), true, "97010300"),
        // 97 | column secondary | pushed | controller #5 (code 10, +1) | onto #2
        (.columnSet(ControllerID(app: 5), column: .secondary, resolution: .pushed(onto: app2)), true, "9702020b04"),
        (.columnShown(.supplementary), true, "9801"),
        (.columnHidden(.primary), true, "9900"),
        (.columnStacked(.secondary), false, "1a02"),
        (.columnUnstacked(.supplementary), false, "1b01"),
        (.preferredSplitBehaviorSet(.displace), true, "9c03"),
        (.splitBehaviorChanged(.tile), false, "1d01"),
        (.delegateNotified(.legacyPopoverWillPresent), true, "9e02"),
        // Existing tags with new raw values: mode 4 | cause 8 << 4; outcome 6 | atLaunch; source 5.
        (.displayModeChanged(.twoBesideSecondary, cause: .showColumn), false, "0884"),
        (.collapsed(CollapseResolution(newPrimary: app0, outcome: .columnsStacked, atLaunch: true)), false, "0a0086"),
        (.separated(SeparateResolution(newPrimary: app0, secondary: app2, source: .columnsRestored)), false, "0b000505"),
        // 8d | resolution 6 (replacedStack) | target present | target #3 | sender #1 | of #2
        (.detailShown(ControllerID(app: 3), sender: app1, resolution: .replacedStack(of: app2)), true, "8d0e060204"),
        (.propertySet(.showsSecondaryOnlyButton(true)), true, "860601"),
        (.propertySet(.displayModeButtonVisibility(.never)), true, "860702"),
        // 95 | reason 17 | no subject | command 0x13 | controller #1 (+1) | column supplementary
        (.rejected(.setViewController(app1, for: .supplementary), reason: .supplementaryOnDoubleColumn, subject: nil), true, "951100130301"),
        (.rejected(.hideColumn(.compact), reason: .compactColumn, subject: nil), true, "9510001503"),
        (.ignored(.showColumn(.secondary), reason: .columnIgnored, subject: nil), true, "960c001402"),
        (.ignored(.setPreferredSplitBehavior(.overlay), reason: .notForThisStyle, subject: nil), true, "960a001602"),
        (.ignored(.tapSecondaryOnlyButton, reason: .noButton, subject: nil), true, "960d0017"),
        // 95 | reason 18 | no subject | launch | traits: compact phone, 375 × 667
        (.rejected(.launch(Device.iPhone.traits(.portrait)), reason: .phoneIdiom, subject: nil), true, "95120002" + "00" + "ee05" + "b60a"),
    ]

    /// Rows added with the delegates (event tags 0x1F–0x21, command tags 0x18–0x19, rejection 19).
    /// (event, startsCommit, expected hex).
    static let delegateEvents: [(NavigationEvent, Bool, String)] = [
        // 9f | varint(name 3 << 1 | true)
        (.flagSet(NameID(rawValue: 3), value: true), true, "9f07"),
        (.flagSet(NameID(rawValue: 70), value: false), false, "1f8c01"),
        // a0 | policy: name "p" | no flags | 1 method: collapseSecondary (1), 1 rule: discard (1),
        // condition: flag (0) "x"
        (.policyChanged("name p; collapseSecondary discard if flag x"), true, "a0" + "0170" + "00" + "01" + "01" + "01" + "01" + "01" + "00" + "0178"),
        // 21 | #m3 (code 7)
        (.controllerReleased(ControllerID(minted: 3)), false, "2107"),
        // 24 | #2 (code 4); a4 | #m3 (code 7)
        (.detailMarked(ControllerID(app: 2)), false, "2404"),
        (.detailMarked(ControllerID(minted: 3)), true, "a407"),
        // 25 | #2 | varint(name 5 + 1); 25 | #2 | 0 (no item)
        (.itemRepresented(ControllerID(app: 2), item: NameID(rawValue: 5)), false, "250406"),
        (.itemRepresented(ControllerID(app: 2), item: nil), true, "a50400"),
        // stackSet with its NV-5 transition (0x22; 0x12 above stays the record of an unrecorded one).
        (.stackSet([ControllerID(app: 3), ControllerID(app: 4)], navigation: app2, transition: .pop), false, "220206080402"),
        (.stackSet([ControllerID(app: 3)], navigation: app2, transition: .push), true, "a201060401"),
        (.ignored(.popToRoot(app2), reason: .rootOnly, subject: app2), true, "960e050d04"),
        // 23 | aspect collapsed (2) | observed flag (1) true | model flag (1) false | 1 rule: SZ (2) 1
        (
            .diverged(Divergence(aspect: .collapsed, observed: .flag(true), model: .flag(false), rules: [RuleID(.SZ, 1)])), false,
            "230201010100010201"
        ),
        // 23 | aspect stack (1) of #2 (code 4) | observed: 2 controllers, #0 (code 0), unmatched name 5 ((5 << 1) | 1 = 0b)
        // | model: 1 controller #2 (code 4 << 1 = 08) | no rules
        (
            .diverged(
                Divergence(
                    aspect: .stack(of: .controller(app2)), observed: .controllers([.controller(ControllerID(app: 0)), .unmatched(name: NameID(rawValue: 5))]),
                    model: .controllers([.controller(app2)]), rules: [])), false, "2301" + "08" + "0002000b" + "000108" + "00"
        ),
        // 26 | parts: children (1) + display mode (2) = 03 | children: 2 IDs, #0 (code 0), #2 (code 4)
        // | 1 stack: #2 (code 4), 2 IDs #3 (06), #4 (08) | display mode secondaryOnly (1)
        (
            .resynced(
                Resync(
                    viewControllers: [ControllerID(app: 0), app2],
                    stacks: [Resync.Stack(navigation: app2, viewControllers: [ControllerID(app: 3), ControllerID(app: 4)])],
                    displayMode: .secondaryOnly)), true, "a603" + "020004" + "01" + "04020608" + "01"
        ),
        // a6 | parts: none | no stacks (a resync that adopted nothing: only its divergences follow)
        (.resynced(Resync()), true, "a60000"),
        // 95 | reason 19 | no subject | tapDisplayModeButton
        (.rejected(.tapDisplayModeButton, reason: .delegateCannotChange, subject: nil), true, "95130005"),
        // 95 | reason 13 | no subject | setFlag (0x18) "x" true
        (.rejected(.setFlag("x", true), reason: .invalidValue, subject: nil), true, "950d00" + "18" + "0178" + "01"),
        // 96 | reason 4 | no subject | setPolicy (0x19), policy: name "none", no flags, no methods
        (.ignored(.setPolicy(.noDelegate), reason: .noChange, subject: nil), true, "960400" + "19" + "046e6f6e65" + "00" + "00"),
    ]

    @Test("each golden event encodes to its pinned bytes and decodes back")
    func goldenEvents() throws {
        for (event, startsCommit, hex) in Self.events + Self.columnEvents + Self.delegateEvents {
            let bytes = EventCodec.encode(event, startsCommit: startsCommit)
            #expect(bytes.hex == hex, "\(event)")
            let expected = try #require([UInt8](hex: hex))
            let decoded = try Codec.decode(expected)
            #expect(decoded.event == event)
            #expect(decoded.startsCommit == startsCommit)
        }
    }

    /// A small state: one navigation controller with a content controller, launched expanded.
    static func smallState() -> NavigationState {
        var state = NavigationState(traits: Device.iPad.traits(.landscape))
        Navigation.send(.instantiate(.navigation("MN", restorationID: "R", [.content("M")])), to: &state, policy: .noDelegate)
        Navigation.send(.setSplitViewControllers([ControllerID(app: 0)]), to: &state, policy: .noDelegate)
        Navigation.send(.launch(Device.iPad.traits(.landscape)), to: &state, policy: .noDelegate)
        return state
    }

    /// The version 1 encoding of ``smallState()``: what builds before the column-style fields wrote.
    // version | names "MN" "R" "M" | 2 app, 0 minted | #0: nav, split, name 0, restoration 1, stack [#1]
    // | #1: content in #0 | style, traits, flags, edge, preferred, mode | no width preferences
    // | primaryColumnWidth 320.0 | primary #0, no secondary, remembered, nesting, presented
    static let smallStateVersion1Hex =
        "01" + "03" + "024d4e" + "0152" + "014d" + "02" + "00" + "2100020102" + "1002000000"
        + "00" + "038010800c" + "05" + "00" + "00" + "02" + "00" + "0000000000007440" + "01" + "00" + "00" + "00" + "00"

    @Test("a small state encodes to its pinned version 3 bytes, decodes back from versions 1–3, and has a pinned hash")
    func goldenState() throws {
        let state = Self.smallState()
        let bytes = StateCodec.encode(state)
        // Version 2 is version 1's layout with the column-style fields appended: no supplementary,
        // no compact column, automatic preferred and actual behaviours, no secondary-only button,
        // automatic button visibility. Version 3 appends the delegate's state: no policy change, no flag.
        let hex2 = "02" + Self.smallStateVersion1Hex.dropFirst(2) + "00" + "00" + "00" + "00" + "00" + "00"
        let hex = "03" + hex2.dropFirst(2) + "00" + "00"
        // Version 4 is version 3's layout with items in records: none here.
        #expect(bytes.hex == "04" + hex.dropFirst(2))
        #expect(StateCodec.encode(state, formatVersion: 3)?.hex == hex)
        #expect(StateCodec.encode(state, formatVersion: 2)?.hex == hex2)
        #expect(try Codec.decodeState(try #require([UInt8](hex: hex))) == state)
        #expect(try Codec.decodeState(try #require([UInt8](hex: hex2))) == state)
        #expect(StateCodec.hash(state, formatVersion: 2) == 0x3691_D5FF_B163_A771)
        // The hash is that of the oldest encoding holding the state: version 1 here, so it is the
        // hash this state had before version 2 existed.
        #expect(StateCodec.hash(state) == 0x4642_BE44_B1CC_250C)
    }

    @Test("a state with the delegate's state (a flag, a changed policy) encodes to its pinned version 3 bytes; older versions cannot hold it")
    func goldenDelegateState() throws {
        var state = Self.smallState()
        Navigation.send(.setFlag("dimmed", true), to: &state)
        Navigation.send(.setPolicy("name p; collapseSecondary discard if flag dimmed"), to: &state)
        // The name table gains "dimmed" (name 3); the version 2 fields as in goldenState; then a
        // policy change: present | name "p" | no flags | 1 method: collapseSecondary, 1 rule: discard,
        // condition: flag "dimmed"; one flag: name 3.
        let hex =
            "03" + "04" + "024d4e" + "0152" + "014d" + "0664696d6d6564" + Self.smallStateVersion1Hex.dropFirst(18)
            + "000000000000"
            + "01" + "0170" + "00" + "01" + "01" + "01" + "01" + "01" + "00" + "0664696d6d6564"
            + "01" + "03"
        #expect(StateCodec.encode(state, formatVersion: 3)?.hex == hex)
        #expect(StateCodec.encode(state).hex == "04" + hex.dropFirst(2))
        #expect(try Codec.decodeState(try #require([UInt8](hex: hex))) == state)
        #expect(StateCodec.encode(state, formatVersion: 2) == nil)
        #expect(StateCodec.hash(state) == StateCodec.fnv1a64(try #require([UInt8](hex: hex))))
    }

    @Test("a state whose detail shows an item encodes to its pinned version 4 bytes; older versions cannot hold it")
    func goldenItemState() throws {
        var state = Self.smallState()
        Navigation.send(.representItem(ControllerID(app: 1), "post7"), to: &state)
        // The name table gains "post7" (name 3); record #1 sets bit 3 of its first byte (content in
        // a navigation controller: 0x10 | 0x08) and ends with the item's name ID 3.
        let hex =
            "04" + "04" + "024d4e" + "0152" + "014d" + "05706f737437" + "02" + "00" + "2100020102" + "1802000000" + "03"
            + Self.smallStateVersion1Hex.dropFirst(42) + "000000000000" + "00" + "00"
        #expect(StateCodec.encode(state).hex == hex)
        #expect(try Codec.decodeState(try #require([UInt8](hex: hex))) == state)
        #expect(StateCodec.encode(state, formatVersion: 3) == nil)
        #expect(StateCodec.hash(state) == StateCodec.fnv1a64(try #require([UInt8](hex: hex))))
        #expect(state.shownItem(of: ControllerID(app: 0)) == "post7")
    }

    @Test("version 1 state bytes still decode to the same state, re-encode as version 1, and keep their hash")
    func goldenStateVersion1() throws {
        let state = Self.smallState()
        let bytes = try #require([UInt8](hex: Self.smallStateVersion1Hex))
        #expect(try Codec.decodeState(bytes) == state)
        #expect(StateCodec.encode(state, formatVersion: 1)?.hex == Self.smallStateVersion1Hex)
        // The hash this state had before version 2, as checkpoints of older logs store it.
        #expect(StateCodec.hash(state, formatVersion: 1) == 0x4642_BE44_B1CC_250C)
        #expect(StateCodec.hash(state) == 0x4642_BE44_B1CC_250C)
    }

    /// A launched triple-column split with every column filled (the primary wrapped in a minted
    /// navigation controller), a compact column, a preferred behaviour and both button settings.
    static func columnState() -> NavigationState {
        var state = NavigationState(style: .tripleColumn, traits: Device.iPad.traits(.landscape))
        for command: NavigationCommand in [
            .instantiate(.content("P")),  // #0
            .setViewController(ControllerID(app: 0), for: .primary),  // wrapped in #m0 "PNav"
            .instantiate(.navigation("SN", [.content("S")])),  // #1 [#2]
            .setViewController(ControllerID(app: 1), for: .supplementary),
            .instantiate(.navigation("DN", [.content("D")])),  // #3 [#4]
            .setViewController(ControllerID(app: 3), for: .secondary),
            .instantiate(.content("C")),  // #5
            .setViewController(ControllerID(app: 5), for: .compact),
            .setPreferredSplitBehavior(.displace),
            .setProperty(.showsSecondaryOnlyButton(true)),
            .setProperty(.displayModeButtonVisibility(.always)),
            .launch(Device.iPad.traits(.landscape)),
        ] {
            let events = Navigation.send(command, to: &state, policy: .noDelegate)
            precondition(!events.contains { $0.kind == .rejected || $0.kind == .ignored }, "\(command): \(events)")
        }
        return state
    }

    @Test("a column-style state encodes to its pinned version 2 and 3 bytes, decodes back, and has a pinned hash")
    func goldenColumnState() throws {
        let state = Self.columnState()
        let bytes = StateCodec.encode(state)
        let hex2 =
            "02"
            + "07" + "0150" + "04504e6176" + "02534e" + "0153" + "02444e" + "0144" + "0143"  // names P PNav SN S DN D C
            + "06" + "01"  // 6 app controllers, 1 minted
            + "1000000100"  // #0 content "P", parent navigation #m0 (code 1), empty stack
            + "2102000104"  // #1 navigation "SN" on the split, stack [#2]
            + "1003000200"  // #2 content "S" in #1
            + "6104000108"  // #3 navigation "DN" on the split, detail, stack [#4]
            + "5005000600"  // #4 content "D" in #3, detail
            + "20060000"  // #5 content "C" on the split (the compact column)
            + "2101000100"  // #m0 navigation "PNav" on the split, stack [#0]
            + "02" + "038010800c" + "05" + "00" + "00" + "02"  // triple column, iPad landscape, launched + gesture, leading, automatic, oneBesideSecondary
            + "00" + "0000000000007440"  // no width preferences, primaryColumnWidth 320.0
            + "02" + "07" + "00" + "00" + "00"  // primary #m0, secondary #3, no remembered, nesting, presented
            + "03" + "0b" + "03" + "03" + "01" + "01"  // v2: supplementary #1, compact #5, displace, displace, secondary-only button, always
        let hex = "03" + hex2.dropFirst(2) + "00" + "00"  // v3: no policy change, no flag
        #expect(bytes.hex == "04" + hex.dropFirst(2))
        #expect(StateCodec.encode(state, formatVersion: 3)?.hex == hex)
        #expect(StateCodec.encode(state, formatVersion: 2)?.hex == hex2)
        #expect(try Codec.decodeState(try #require([UInt8](hex: hex))) == state)
        #expect(try Codec.decodeState(try #require([UInt8](hex: hex2))) == state)
        #expect(StateCodec.hash(state) == 0x0DCA_6A32_E9D6_1590)
        // Version 1 cannot hold it, so its hash is that of the version 2 encoding, as before version 3.
        #expect(StateCodec.encode(state, formatVersion: 1) == nil)
        #expect(StateCodec.hash(state, formatVersion: 1) == nil)
        #expect(StateCodec.hash(state) == StateCodec.fnv1a64(try #require([UInt8](hex: hex2))))
    }

    /// Session descriptions as builds before the policy language wrote them (versions 1 and 2):
    /// Calendar Paste on an iPhone Plus, and a triple-column policy answering every version 2 method.
    static let calendarPasteVersion1Hex =
        "010000bc06c00b" + "0e63616c656e6461722d7061737465" + "00" + "020d4e6f53656c656374696f6e4e43" + "00"
        + "03010b506173746544657461696c" + "310d4e6f53656c656374696f6e4e430d4e6f53656c656374696f6e4e4301000b4e6f53656c656374696f6e"
        + "000000" + "0b6970686f6e652d706c7573" + "224d4e5b4d5d207c204e6f53656c656374696f6e4e435b4e6f53656c656374696f6e5d"
    static let calendarPasteVersion2Hex =
        "020000bc06c00b" + "0e63616c656e6461722d7061737465" + "00" + "020d4e6f53656c656374696f6e4e43" + "00"
        + "03010b506173746544657461696c" + "310d4e6f53656c656374696f6e4e430d4e6f53656c656374696f6e4e4301000b4e6f53656c656374696f6e"
        + "000000" + "00000000" + "0b6970686f6e652d706c7573" + "224d4e5b4d5d207c204e6f53656c656374696f6e4e435b4e6f53656c656374696f6e5d"
    // version 2 | style 2 | traits | name "cols" | primaryForCollapsing, collapseSecondary,
    // primaryForExpanding, separateSecondary not implemented | targetDisplayMode mode 4 |
    // show overrides not implemented | top column: column 1 | for expanding: mode 5 |
    // shouldHide: returns false, true | implementsWillHide | device "ipad" | layout ""
    static let columnsVersion2Hex =
        "02" + "02" + "038010800c" + "04636f6c73" + "00" + "00" + "00" + "00" + "0204" + "00" + "00"
        + "0101" + "0205" + "010001" + "01" + "0469706164" + "00"

    /// The older encodings, for the hostile-input tests to mutate.
    static var olderSessionEncodings: [[UInt8]] {
        [calendarPasteVersion1Hex, calendarPasteVersion2Hex, columnsVersion2Hex].compactMap { [UInt8](hex: $0) }
    }

    @Test("a session description encodes to its pinned bytes; versions 1 and 2 still decode, as rules")
    func goldenSession() throws {
        let description = SessionDescription(
            style: .unspecified, initialTraits: Device.iPhonePlus.traits(.portrait), policy: .calendarPaste(),
            device: "iphone-plus", layout: "MN[M] | NoSelectionNC[NoSelection]")
        // Version 3: the policy's rules. name "calendar-paste" | no flags | 2 methods:
        // collapseSecondary (1): 1 rule: discard (1), condition: test (4) secondary (1) is (0)
        //   [no names, restoration ID NoSelectionNC, any kind];
        // separateSecondary (3): 2 rules: nil (5), condition: test (4) primary (0) nestedTop (2)
        //   [PasteDetail, no restoration ID, any kind]; fresh (8) NoSelectionNC@NoSelectionNC[NoSelection], no condition
        let hex3 =
            "030000bc06c00b" + "0e63616c656e6461722d7061737465" + "00" + "02"
            + "0101" + "01" + "01" + "040100" + "00" + "01" + "0d4e6f53656c656374696f6e4e43" + "ff"
            + "0302" + "05" + "01" + "040002" + "01" + "0b506173746544657461696c" + "00" + "ff"
            + "08" + "310d4e6f53656c656374696f6e4e430d4e6f53656c656374696f6e4e4301000b4e6f53656c656374696f6e" + "00"
            + "0b6970686f6e652d706c7573" + "224d4e5b4d5d207c204e6f53656c656374696f6e4e435b4e6f53656c656374696f6e5d"
        // Version 4 appends the origin: here one byte, no field known.
        let hex4 = "04" + hex3.dropFirst(2) + "00"
        #expect(description.encode().hex == hex4)
        #expect(try SessionDescription(decoding: try #require([UInt8](hex: hex4))) == description)
        #expect(try SessionDescription(decoding: try #require([UInt8](hex: hex3))) == description)
        // The bytes earlier builds wrote decode to the same description: the constant answers of the
        // first language are the rules the preset has now.
        #expect(try SessionDescription(decoding: try #require([UInt8](hex: Self.calendarPasteVersion1Hex))) == description)
        #expect(try SessionDescription(decoding: try #require([UInt8](hex: Self.calendarPasteVersion2Hex))) == description)
    }

    @Test("version 4: who recorded the session, each field present or not; a field too long or empty is refused")
    func goldenOriginSession() throws {
        let origin = SessionOrigin(app: "Lister", appVersion: "2.1", build: nil, os: "iOS 17.4", deviceModel: "iPhone15,2")
        let description = SessionDescription(
            style: .unspecified, initialTraits: Device.iPhone.traits(.portrait), policy: .noDelegate, device: "iphone",
            layout: "MN[M]", origin: origin)
        // version 4 | style 0 | traits compact 375x667 phone | policy: name "none", no flags, no methods |
        // device "iphone" | layout "MN[M]" | origin: fields 0, 1, 3, 4 present (0x1b): "Lister", "2.1",
        // "iOS 17.4", "iPhone15,2"
        let expected =
            "04" + "00" + "00ee05b60a" + "046e6f6e65" + "00" + "00" + "06697068" + "6f6e65" + "054d4e5b4d5d"
            + "1b" + "064c6973746572" + "03322e31" + "08694f532031372e34" + "0a6950686f6e6531352c32"
        let encoded = description.encode()
        #expect(encoded.hex == expected)
        #expect(try SessionDescription(decoding: encoded) == description)
        // A reserved bit, an empty field and a field over 256 bytes are refused.
        var reserved = encoded
        let originByte = encoded.count - 32  // the presence byte: before 31 bytes of strings
        #expect(reserved[originByte] == 0x1b)
        reserved[originByte] = 0x3b
        #expect(throws: CodecError.self) { try SessionDescription(decoding: reserved) }
        var long = description
        long.origin.app = String(repeating: "x", count: 257)
        #expect((try? SessionDescription(decoding: long.encode())) == nil)
        var empty = description
        empty.origin.app = ""
        #expect((try? SessionDescription(decoding: empty.encode())) == nil)
    }

    @Test("a version 2 description with every answer version 2 added decodes to the rules of the policy language")
    func goldenColumnSession() throws {
        let policy: SplitPolicy = """
            name cols; targetDisplayMode twoBesideSecondary; topColumnForCollapsing supplementary; \
            displayModeForExpanding twoOverSecondary; shouldHide hide if landscape else show; implementsWillHide true
            """
        let description = SessionDescription(
            style: .tripleColumn, initialTraits: Device.iPad.traits(.landscape), policy: policy, device: "ipad", layout: "")
        #expect(try SessionDescription(decoding: try #require([UInt8](hex: Self.columnsVersion2Hex))) == description)
        #expect(try SessionDescription(decoding: description.encode()) == description)
    }
}
