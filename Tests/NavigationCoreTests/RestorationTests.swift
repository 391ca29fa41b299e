import Testing
@testable import NavigationCore

@Suite("State restoration")
struct RestorationTests {
    @Test("T46 a child without an identifier is not saved, nor anything below it (RS-1, RS-2)")
    func T46() throws {
        var s = try Scenario(Device.iPad.traits(.landscape), primary: "MN@MN[M@M, M2@M2]", secondary: "DN[D@D]")
        s.send(.launch(Device.iPad.traits(.landscape)))
        let snapshot = try #require(s.state.restorationSnapshot(splitIdentifier: "Split"))
        #expect(snapshot.columns == [try ControllerSpec.parse("MN@MN[M@M, M2@M2]"), nil])
        #expect(!snapshot.wasCollapsed)
        #expect(s.state.restorationSnapshot(splitIdentifier: nil) == nil)
    }

    @Test("RS-3: a collapsed hierarchy restored into a regular environment runs the expand procedure (EX-1)")
    func restoreCollapsedIntoRegular() throws {
        let iPhone = Device.iPhonePlus.traits(.portrait)
        var s = try Scenario(iPhone, primary: "MN@MN[M@M]", secondary: "DN@DN[D@D]")
        s.send(.launch(iPhone))
        #expect(s.hierarchy == "MN[M, DN[D]]")
        let snapshot = try #require(s.state.restorationSnapshot(splitIdentifier: "Split"))
        #expect(snapshot.wasCollapsed)
        var restored = NavigationState(traits: Device.iPad.traits(.landscape))
        var events: [NavigationEvent] = []
        for command in snapshot.restoreCommands(into: Device.iPad.traits(.landscape)) {
            events += Navigation.send(command, to: &restored, policy: .noDelegate)
        }
        #expect(!events.contains { if case .rejected = $0 { return true } else { return false } })
        #expect(!restored.isCollapsed)
        #expect(restored.hierarchyDescription == "MN[M] | DN[D]")
        #expect(restored.displayMode == .allVisible)
        #expect(events.contains { if case .separated(let r) = $0 { return r.source == .poppedFromPrimary } else { return false } })
    }

    @Test("RS-3: restoring into the same environment reproduces the hierarchy and configuration")
    func restoreSame() throws {
        let iPad = Device.iPad.traits(.portrait)
        var s = try Scenario(iPad, primary: "MN@MN[M@M, M2@M2]", secondary: "DN@DN[D@D]")
        s.send(.setProperty(.primaryEdge(.trailing)))
        s.send(.setPreferredDisplayMode(.allVisible))
        s.send(.launch(iPad))
        let snapshot = try #require(s.state.restorationSnapshot(splitIdentifier: "Split"))
        var restored = NavigationState(traits: iPad)
        for command in snapshot.restoreCommands(into: iPad) { Navigation.send(command, to: &restored, policy: .noDelegate) }
        #expect(restored.hierarchyDescription == s.hierarchy)
        #expect(restored.primaryEdge == .trailing)
        #expect(restored.displayMode == .allVisible)
    }
}
