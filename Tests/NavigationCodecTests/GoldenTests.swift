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
        (.rejected(.instantiate(.navigation("N", restorationID: "R", [.content("C")])), reason: .navigationController, subject: nil), true, "9502000031014e015201000143"),
        (.ignored(.setProperty(.presentsWithGesture(false)), reason: .noChange, subject: nil), true, "960400120000"),
    ]

    @Test("each golden event encodes to its pinned bytes and decodes back")
    func goldenEvents() throws {
        for (event, startsCommit, hex) in Self.events {
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

    @Test("a small state encodes to its pinned bytes, decodes back, and has a pinned hash")
    func goldenState() throws {
        let state = Self.smallState()
        let bytes = StateCodec.encode(state)
        // version | names "MN" "R" "M" | 2 app, 0 minted | #0: nav, split, name 0, restoration 1, stack [#1]
        // | #1: content in #0 | style, traits, flags, edge, preferred, mode | no width preferences
        // | primaryColumnWidth 320.0 | primary #0, no secondary, remembered, nesting, presented
        let hex = "01" + "03" + "024d4e" + "0152" + "014d" + "02" + "00" + "2100020102" + "1002000000"
            + "00" + "038010800c" + "05" + "00" + "00" + "02" + "00" + "0000000000007440" + "01" + "00" + "00" + "00" + "00"
        #expect(bytes.hex == hex)
        #expect(try Codec.decodeState(try #require([UInt8](hex: hex))) == state)
        #expect(StateCodec.hash(state) == 0x4642_BE44_B1CC_250C)
    }

    @Test("a session description encodes to its pinned bytes")
    func goldenSession() throws {
        let description = SessionDescription(
            style: .unspecified, initialTraits: Device.iPhonePlus.traits(.portrait), policy: .calendarPaste(),
            device: "iphone-plus", layout: "MN[M] | NoSelectionNC[NoSelection]")
        let bytes = description.encode()
        let hex = "010000bc06c00b" + "0e63616c656e6461722d7061737465" + "00" + "020d4e6f53656c656374696f6e4e43" + "00"
            + "03010b506173746544657461696c" + "310d4e6f53656c656374696f6e4e430d4e6f53656c656374696f6e4e4301000b4e6f53656c656374696f6e"
            + "000000" + "0b6970686f6e652d706c7573" + "224d4e5b4d5d207c204e6f53656c656374696f6e4e435b4e6f53656c656374696f6e5d"
        #expect(bytes.hex == hex)
        #expect(try SessionDescription(decoding: try #require([UInt8](hex: hex))) == description)
    }
}
