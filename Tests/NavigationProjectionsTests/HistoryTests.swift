import NavigationCore
import NavigationProjections
import Testing

/// iPad landscape, launched, then a mix of stack changes and events that leave `MN` alone:
///
/// ```
/// 0–10  MN[M], DN[D], setSplitViewControllers      11 launched   12 displayModeChanged(allVisible)
/// 13–14 instantiate M2 (#4)                        15 displayModeChanged(primaryHidden) — button
/// 16    pushed M2 onto MN                          17 rejected: M2 already in MN's stack
/// 18    ignored: pop DN at its root                19 stackSet MN = [M, M2] (same list)
/// 20    poppedToRoot MN                            21 traitsChanged (⅓ slice)   22 collapsed
/// ```
private func stackSession() -> Session {
    var session = masterDetail(Device.iPad.traits(.landscape))
    session.send(.launch(Device.iPad.traits(.landscape)))
    let m2 = session.instantiate(.content("M2"))
    session.send(.tapDisplayModeButton)
    session.send(.push(m2, onto: MD.mn))
    session.send(.push(m2, onto: MD.mn))
    session.send(.pop(MD.dn))
    session.send(.setViewControllers([MD.m, m2], of: MD.mn))
    session.send(.popToRoot(MD.mn))
    session.send(.changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3)))
    return session
}

@Suite("StackHistory and SplitHistory")
struct HistoryTests {
    let m2 = ControllerID(app: 4)

    @Test("the session is the one the expectations describe")
    func sessionShape() {
        let kinds = stackSession().events.map(\.kind)
        #expect(
            kinds[11...] == [
                .launched, .displayModeChanged, .nameInterned, .controllerCreated, .displayModeChanged, .pushed,
                .rejected, .ignored, .stackSet, .poppedToRoot, .traitsChanged, .collapsed,
            ])
    }

    @Test("StackHistory records only the events that changed the stack")
    func stackHistory() {
        let session = stackSession()
        let history = session.run(StackHistory(navigation: MD.mn))
        #expect(history.initialStack == [])
        #expect(
            history.changes == [
                StackHistory.Change(index: 4, time: 0, event: session.event(4), before: [], after: [MD.m]),
                StackHistory.Change(index: 16, time: 0, event: .pushed(m2, onto: MD.mn), before: [MD.m], after: [MD.m, m2]),
                StackHistory.Change(index: 20, time: 0, event: .poppedToRoot(navigation: MD.mn), before: [MD.m, m2], after: [MD.m]),
                StackHistory.Change(
                    index: 22, time: 0, event: session.event(22), before: [MD.m], after: [MD.m, MD.dn]),
            ])
        #expect(session.event(4) == .stackInitialized(MD.mn, [MD.m]))
        #expect(history.stack == [MD.m, MD.dn])
        let collapse = history.changes[3]
        #expect(collapse.added == [MD.dn] && collapse.removed == [] && collapse.topChanged)
        let popToRoot = history.changes[2]
        #expect(popToRoot.added == [] && popToRoot.removed == [m2] && popToRoot.topChanged)
    }

    @Test("StackHistory of the secondary: created once, untouched afterwards (pushed whole on collapse)")
    func secondaryStackHistory() {
        let session = stackSession()
        let history = session.run(StackHistory(navigation: MD.dn))
        #expect(
            history.changes == [
                StackHistory.Change(index: 9, time: 0, event: .stackInitialized(MD.dn, [MD.d]), before: [], after: [MD.d])
            ])
    }

    @Test("SplitHistory records children, collapse and display-mode changes only")
    func splitHistory() {
        let session = stackSession()
        let history = session.run(SplitHistory())
        typealias Snapshot = SplitHistory.Snapshot
        let unset = Snapshot(primary: nil, secondary: nil, isCollapsed: false, displayMode: .secondaryOnly)
        let installed = Snapshot(primary: MD.mn, secondary: MD.dn, isCollapsed: false, displayMode: .secondaryOnly)
        let allVisible = Snapshot(primary: MD.mn, secondary: MD.dn, isCollapsed: false, displayMode: .allVisible)
        let hidden = Snapshot(primary: MD.mn, secondary: MD.dn, isCollapsed: false, displayMode: .primaryHidden)
        let collapsed = Snapshot(primary: MD.mn, secondary: nil, isCollapsed: true, displayMode: .primaryHidden)
        #expect(
            history.changes == [
                SplitHistory.Change(index: 10, time: 0, event: session.event(10), before: unset, after: installed),
                SplitHistory.Change(index: 12, time: 0, event: .displayModeChanged(.allVisible, cause: .launch), before: installed, after: allVisible),
                SplitHistory.Change(index: 15, time: 0, event: .displayModeChanged(.primaryHidden, cause: .button), before: allVisible, after: hidden),
                SplitHistory.Change(index: 22, time: 0, event: session.event(22), before: hidden, after: collapsed),
            ])
        #expect(history.changes.map(\.after.viewControllers) == [[MD.mn, MD.dn], [MD.mn, MD.dn], [MD.mn, MD.dn], [MD.mn]])
        #expect(history.current == collapsed)
    }
}
