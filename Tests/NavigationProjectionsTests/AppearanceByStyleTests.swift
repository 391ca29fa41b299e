import NavigationCore
import NavigationProjections
import Testing

/// AP-1..AP-6 for every style: the net will/did transitions of each transition, as names.
@Suite("Appearance callbacks for every style")
struct AppearanceByStyleTests {
    /// A split under test that reports the appearance transitions of each command.
    struct Split {
        var state: NavigationState
        var policy = SplitPolicy.noDelegate

        init(style: SplitStyle, traits: Traits) { state = NavigationState(style: style, traits: traits) }

        mutating func make(_ notation: String) throws -> ControllerID {
            let id = state.nextAppControllerID
            Navigation.send(.instantiate(try ControllerSpec.parse(notation)), to: &state, policy: policy)
            return id
        }

        /// Sends `command`; returns `+name` for each appearance and `-name` for each disappearance.
        @discardableResult mutating func send(_ command: NavigationCommand) -> [String] {
            let before = state.visibleControllers
            Navigation.send(command, to: &state, policy: policy)
            return appearanceTransitions(from: before, to: state.visibleControllers).map { transition in
                switch transition {
                case .appear(let id): return "+" + state.name(of: id)
                case .disappear(let id): return "-" + state.name(of: id)
                }
            }
        }
    }

    @Test("column style: launch, collapse, Back, expand, hide and show the primary (AP-1, AP-5, BTN-8)")
    func columnStyle() throws {
        var s = Split(style: .doubleColumn, traits: Device.iPad.traits(.landscape))
        s.send(.setViewController(try s.make("P"), for: .primary))
        s.send(.setViewController(try s.make("S"), for: .secondary))
        #expect(s.send(.launch(Device.iPad.traits(.landscape))) == ["+PNav", "+P", "+SNav", "+S"])
        #expect(s.send(.hideColumn(.primary)) == ["-PNav", "-P"])
        #expect(s.send(.showColumn(.primary)) == ["+PNav", "+P"])
        // Collapse onto the secondary column: only P goes (S stays on screen, AP-5).
        #expect(s.send(.changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 0.5))) == ["-P"])
        let primary = try #require(s.state.primary)
        #expect(s.send(.pop(primary)) == ["-SNav", "-S", "+P"])
        #expect(s.send(.changeTraits(Device.iPad.traits(.landscape))) == ["+SNav", "+S"])
    }

    @Test("triple column overlay: the button brings the supplementary, then the primary (DM-4)")
    func tripleOverlay() throws {
        var s = Split(style: .tripleColumn, traits: Device.iPad.traits(.portrait))
        for (column, name) in [(Column.primary, "P"), (.supplementary, "U"), (.secondary, "S")] {
            s.send(.setViewController(try s.make(name), for: column))
        }
        #expect(s.send(.launch(Device.iPad.traits(.portrait))) == ["+SNav", "+S"])
        #expect(s.send(.tapDisplayModeButton) == ["+UNav", "+U"])
        #expect(s.send(.tapDisplayModeButton) == ["+PNav", "+P"])
        #expect(s.send(.tapDimmedSecondary) == ["-PNav", "-P", "-UNav", "-U"])
    }

    @Test("legacy: only the detail appears in portrait; the popover master appears when shown (AP-2)")
    func legacy() throws {
        var s = Split(style: .legacy, traits: Device.iPad.traits(.portrait))
        let mn = try s.make("MN[M]"), dn = try s.make("DN[D]")
        s.send(.setSplitViewControllers([mn, dn]))
        #expect(s.send(.launch(Device.iPad.traits(.portrait))) == ["+DN", "+D"])
        #expect(s.send(.tapDisplayModeButton) == ["+MN", "+M"])
        #expect(s.send(.tapDisplayModeButton) == ["-MN", "-M"])
        #expect(s.send(.changeTraits(Device.iPad.traits(.landscape))) == ["+MN", "+M"])
    }

    @Test("manual container: a pad selection swaps the detail; a phone selection covers the master (AP-4)")
    func manual() throws {
        var pad = Split(style: .manual, traits: Device.iPad.traits(.landscape))
        var mn = try pad.make("MN[M]"), dn = try pad.make("DN[D]")
        pad.send(.setSplitViewControllers([mn, dn]))
        #expect(pad.send(.launch(Device.iPad.traits(.landscape))) == ["+MN", "+M", "+DN", "+D"])
        let p = try pad.make("Paste")
        #expect(pad.send(.showDetail(p, sender: ControllerID(app: 1))) == ["-D", "+Paste"])

        var phone = Split(style: .manual, traits: Device.iPhone.traits(.portrait))
        mn = try phone.make("MN[M]")
        dn = try phone.make("DN[D]")
        phone.send(.setSplitViewControllers([mn, dn]))
        #expect(phone.send(.launch(Device.iPhone.traits(.portrait))) == ["+MN", "+M"])
        let q = try phone.make("Paste")
        #expect(phone.send(.showDetail(q, sender: ControllerID(app: 1))) == ["-M", "+Paste"])
        #expect(phone.send(.pop(mn)) == ["-Paste", "+M"])
    }
}
