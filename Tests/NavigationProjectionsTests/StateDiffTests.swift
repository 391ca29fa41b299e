import NavigationCore
import NavigationProjections
import Testing

@Suite("StateDiff")
struct StateDiffTests {
    @Test("diff of a state with itself is empty")
    func identity() {
        var states = [NavigationState(traits: Device.iPad.traits(.portrait))]
        for session in sampleSessions() { states += session.statesAfterEachEvent }
        for state in states { #expect(diff(state, state) == []) }
        #expect(states.count > 80)
    }

    @Test("a rotation that collapses: isCollapsed, the primary's stack, the secondary leaving its column")
    func rotationCollapse() {
        var session = masterDetail(Device.iPhonePlus.traits(.landscape))
        session.send(.launch(Device.iPhonePlus.traits(.landscape)))
        let before = session.state
        session.send(.changeTraits(Device.iPhonePlus.traits(.portrait)))
        let after = session.state
        let changes = diff(before, after)
        #expect(
            changes == [
                .traits(from: Device.iPhonePlus.traits(.landscape), to: Device.iPhonePlus.traits(.portrait)),
                .isCollapsed(from: false, to: true),
                .secondary(from: MD.dn, to: nil),
                .primaryColumnWidth(from: ColumnWidthPreferences().resolvedWidth(splitWidth: 736), to: 138),
                .rememberedSecondary(from: nil, to: MD.dn),
                .stack(StackDifference(navigation: MD.mn, before: [MD.m], after: [MD.m, MD.dn])),
                .visibleControllers(from: [MD.mn, MD.m, MD.dn, MD.d], to: [MD.mn, MD.dn, MD.d]),
            ])
        #expect(
            changes.map { $0.description(in: after) } == [
                "traits: regular 736×414 phone → compact 414×736 phone",
                "isCollapsed: false → true",
                "secondary: DN → none",
                "primaryColumnWidth: 245.3 → 138",
                "rememberedSecondary: none → DN",
                "MN stack: [M] → [M, DN] (added DN)",
                "visible: [MN, M, DN, D] → [MN, DN, D]",
            ])
        #expect(changes[2].description == "secondary: #2 → none")
    }

    @Test("replacing the secondary (T23): column, hierarchy membership, visible set, new controllers")
    func replaceSecondary() {
        var session = masterDetail(Device.iPad.traits(.landscape))
        session.send(.launch(Device.iPad.traits(.landscape)))
        let before = session.state
        let dn2 = session.instantiate(.navigation("DN2", [.content("D2")]))
        let d2 = ControllerID(app: 5)
        session.send(.showDetail(dn2, sender: MD.m))
        let changes = diff(before, session.state)
        #expect(
            changes == [
                .secondary(from: MD.dn, to: dn2),
                .stack(StackDifference(navigation: dn2, before: [], after: [d2])),
                .leftHierarchy(MD.dn), .leftHierarchy(MD.d),
                .enteredHierarchy(dn2), .enteredHierarchy(d2),
                .visibleControllers(from: [MD.mn, MD.m, MD.dn, MD.d], to: [MD.mn, MD.m, dn2, d2]),
                .controllersCreated([dn2, d2]),
            ])
        #expect(
            changes.map { $0.description(in: session.state) } == [
                "secondary: DN → DN2", "DN2 stack: [] → [D2] (added D2)", "DN left the hierarchy", "D left the hierarchy",
                "DN2 entered the hierarchy", "D2 entered the hierarchy", "visible: [MN, M, DN, D] → [MN, M, DN2, D2]",
                "created [DN2, D2]",
            ])
        // Backwards, the same facts reversed (DN2 was not in the later state's hierarchy… of `before`).
        #expect(diff(session.state, before).contains(.secondary(from: dn2, to: MD.dn)))
    }

    @Test("properties, preferences, presentation and launch")
    func fields() {
        var session = masterDetail(Device.iPad.traits(.landscape))
        let unlaunched = session.state
        session.send(.launch(Device.iPad.traits(.landscape)))
        session.send(.setProperty(.presentsWithGesture(false)))
        session.send(.setProperty(.preferredPrimaryColumnWidthFraction(0.25)))
        session.send(.setPreferredDisplayMode(.primaryOverlay))
        let sheet = session.instantiate(.content("Sheet"))
        session.send(.present(sheet))
        let changes = diff(unlaunched, session.state)
        #expect(
            changes.map { $0.description(in: session.state) } == [
                "isLaunched: false → true",
                "displayMode: primaryHidden → primaryOverlay",
                "preferredDisplayMode: automatic → primaryOverlay",
                "presented: none → Sheet",
                "presentsWithGesture: true → false",
                "preferredPrimaryColumnWidthFraction: automatic → 0.25",
                "primaryColumnWidth: 320 → 256",
                "Sheet entered the hierarchy",
                "visible: [] → [Sheet]",
                "created [Sheet]",
            ])
        #expect(changes[4] == .property(from: .presentsWithGesture(true), to: .presentsWithGesture(false)))
    }
}
