import NavigationCore
import NavigationProjections
import Testing

/// iPad landscape (times = 100 × index after setup):
///
/// ```
/// 0–10   MN[M], DN[D], setSplitViewControllers       11 launched   12 displayModeChanged(allVisible)
/// 13–17  instantiate DN2[D2] (#4, #5)                18 showDetail(DN2): installed as secondary (T23)
/// 19     button → primaryHidden                      20–21 instantiate D3 (#6)   22 push D3 onto DN2
/// 23     rotate to portrait (no display-mode change) 24–25 ⅓ slice: traitsChanged, collapsed
/// ```
private func blameSession() -> Session {
    var session = masterDetail(Device.iPad.traits(.landscape))
    session.send(.launch(Device.iPad.traits(.landscape)), at: 1_100)
    let dn2 = session.instantiate(.navigation("DN2", [.content("D2")]), at: 1_300)
    session.send(.showDetail(dn2, sender: MD.m), at: 1_800)
    session.send(.tapDisplayModeButton, at: 1_900)
    let d3 = session.instantiate(.content("D3"), at: 2_000)
    session.send(.push(d3, onto: dn2), at: 2_200)
    session.send(.changeTraits(Device.iPad.traits(.portrait)), at: 2_300)
    session.send(.changeTraits(Device.iPad.multitaskingTraits(.portrait, widthFraction: 1.0 / 3)), at: 2_400)
    return session
}

@Suite("Blame")
struct BlameTests {
    let dn2 = ControllerID(app: 4), d2 = ControllerID(app: 5), d3 = ControllerID(app: 6)

    @Test("the session is the one the expectations describe")
    func sessionShape() {
        let kinds = blameSession().events.map(\.kind)
        #expect(
            kinds[11...] == [
                .launched, .displayModeChanged, .nameInterned, .controllerCreated, .nameInterned, .controllerCreated,
                .stackInitialized, .detailShown, .displayModeChanged, .nameInterned, .controllerCreated, .pushed,
                .traitsChanged, .traitsChanged, .collapsed,
            ])
    }

    @Test("the secondary column: which event put DN2 there, and which took it away")
    func secondaryColumn() {
        let session = blameSession()
        let blame = session.run(Blame(.column(.secondary)))
        #expect(
            blame.history == [
                Blame.Change(
                    index: 10, time: 0, event: .splitViewControllersSet(primary: MD.mn, secondary: MD.dn),
                    before: .controller(nil), after: .controller(MD.dn), beforeSummary: "none", afterSummary: "DN[D]"),
                Blame.Change(
                    index: 18, time: 1_800, event: .detailShown(dn2, sender: MD.m, resolution: .installedAsSecondary),
                    before: .controller(MD.dn), after: .controller(dn2), beforeSummary: "DN[D]", afterSummary: "DN2[D2]"),
                Blame.Change(
                    index: 25, time: 2_400, event: session.event(25),
                    before: .controller(dn2), after: .controller(nil), beforeSummary: "DN2[D2, D3]", afterSummary: "none"),
            ])
        #expect(blame.lastChange(atOrBefore: 22)?.index == 18)  // DN2 came from the showDetail at 18
        #expect(blame.lastChange(atOrBefore: 18)?.index == 18)
        #expect(blame.lastChange(atOrBefore: 17)?.index == 10)
        #expect(blame.lastChange(atOrBefore: 9) == nil)
        #expect(blame.lastChange(atOrBefore: 1_000)?.index == 25)
        #expect(blame.initialValue == .controller(nil) && blame.value == .controller(nil))
    }

    @Test("the display mode: the launch resolved it, the button last changed it")
    func displayMode() {
        let blame = blameSession().run(Blame(.displayMode))
        #expect(blame.history.map(\.index) == [12, 19])
        #expect(blame.history.map(\.afterSummary) == ["allVisible", "primaryHidden"])
        #expect(blame.history[0].before == .displayMode(.primaryHidden))
        #expect(blame.lastChange(atOrBefore: 25)?.event == .displayModeChanged(.primaryHidden, cause: .button))
        #expect(blame.lastChange(atOrBefore: 18)?.event == .displayModeChanged(.allVisible, cause: .launch))
    }

    @Test("other parts: collapse, traits, a stack, the primary, the presentation")
    func otherParts() {
        let session = blameSession()
        #expect(session.run(Blame(.collapsed)).history.map(\.index) == [25])
        // The launch does not change the traits the state was created with.
        let traits = session.run(Blame(.traits)).history
        #expect(traits.map(\.index) == [23, 24])
        #expect(traits.map(\.afterSummary) == ["regular 768×1024 pad", "compact 256×1024 pad narrow"])
        let stack = session.run(Blame(.stack(dn2))).history
        #expect(stack.map(\.index) == [17, 22])
        #expect(stack.map(\.after) == [.stack([d2]), .stack([d2, d3])])
        #expect(stack.map(\.afterSummary) == ["[D2]", "[D2, D3]"])
        #expect(session.run(Blame(.column(.primary))).history.map(\.afterSummary) == ["MN[M]"])
        #expect(session.run(Blame(.presented)).history == [])
    }

    @Test("without start, a stack's history is the same when the session starts from a new state")
    func withoutStart() {
        let session = blameSession()
        var live = Blame(.stack(MD.mn))
        for (record, state) in zip(session.records, session.statesAfterEachEvent) {
            live.consume(EventContext(index: record.0, time: record.1, event: record.2, state: state))
        }
        #expect(live.history == session.run(Blame(.stack(MD.mn))).history)
        #expect(live.history.map(\.index) == [4, 25])
    }

    @Test("keeping only the latest changes: the same last changes and count, whatever the limit")
    func keepingLast() {
        let session = blameSession()
        for part in [StatePart.column(.secondary), .displayMode, .stack(dn2), .traits, .collapsed] {
            let all = session.run(Blame(part))
            #expect(!all.history.isEmpty)
            for limit in [1, 2, 3, 100] {
                let latest = session.run(Blame(part, keepingLast: limit))
                #expect(latest.changeCount == all.history.count)
                #expect(latest.history == Array(all.history.suffix(limit)))
                #expect(latest.lastChange(atOrBefore: UInt64(session.events.count)) == all.history.last)
                // At every point: the change the whole history names, if it is still kept. The
                // latest changes are kept in a ring, searched from its oldest change.
                let firstKept = latest.history.first?.index ?? 0
                for index in 0...UInt64(session.events.count) {
                    let expected = all.lastChange(atOrBefore: index).flatMap { $0.index >= firstKept ? $0 : nil }
                    #expect(latest.lastChange(atOrBefore: index) == expected, "\(part), limit \(limit), at \(index)")
                }
            }
        }
    }
}
