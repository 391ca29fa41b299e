import NavigationCore
import NavigationProjections
import Testing

/// A timed iPad session (times in ms):
///
/// ```
/// 0–10   @0      MN[M], DN[D], setSplitViewControllers
/// 11–12  @1000   launched; displayModeChanged(allVisible)     content [M, D]
/// 13     @4000   button → primaryHidden                       content [D]
/// 14–15  @5000   instantiate D2
/// 16     @6000   showDetail(D2) pushed onto DN                content [D2]
/// 17     @7000   rejected: push D2 again (alreadyInStack)
/// 18–20  @8000   instantiate D3; push D3 onto DN              content [D3]   DN[D, D2, D3]
/// 21     @9000   pop DN                                       content [D2]
/// 22–23  @10000  ⅓ slice: traitsChanged; collapsed            content [D2]   MN[M, DN[D, D2]]
/// 24     @12000  ignored: button while collapsed
/// 25     @15000  pop DN                                       content [D]
/// 26     @16000  rejected: pop M (not a navigation controller)
/// ```
private func timedSession() -> Session {
    var session = masterDetail(Device.iPad.traits(.landscape))
    session.send(.launch(Device.iPad.traits(.landscape)), at: 1_000)
    session.send(.tapDisplayModeButton, at: 4_000)
    let d2 = session.instantiate(.content("D2"), at: 5_000)
    session.send(.showDetail(d2, sender: MD.d), at: 6_000)
    session.send(.push(d2, onto: MD.dn), at: 7_000)
    let d3 = session.instantiate(.content("D3"), at: 8_000)
    session.send(.push(d3, onto: MD.dn))
    session.send(.pop(MD.dn), at: 9_000)
    session.send(.changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3)), at: 10_000)
    session.send(.tapDisplayModeButton, at: 12_000)
    session.send(.pop(MD.dn), at: 15_000)
    session.send(.pop(MD.m), at: 16_000)
    return session
}

@Suite("SessionStatistics")
struct SessionStatisticsTests {
    @Test("the session is the one the expectations describe")
    func sessionShape() {
        let session = timedSession()
        #expect(
            session.records.map(\.1) == [Int64](repeating: 0, count: 11)
                + [1_000, 1_000, 4_000, 5_000, 5_000, 6_000, 7_000, 8_000, 8_000, 8_000, 9_000, 10_000, 10_000, 12_000, 15_000, 16_000])
        #expect(session.state.hierarchyDescription == "MN[M, DN[D]]")
    }

    @Test("counts per kind, collapses, rejections and no-ops by reason and by rule, deepest stack")
    func counts() {
        let stats = timedSession().run(SessionStatistics())
        #expect(stats.eventCount == 27)
        #expect(
            stats.eventCounts == [
                .nameInterned: 6, .controllerCreated: 6, .stackInitialized: 2, .splitViewControllersSet: 1,
                .launched: 1, .displayModeChanged: 2, .detailShown: 1, .rejected: 2, .pushed: 1, .popped: 2,
                .traitsChanged: 1, .collapsed: 1, .ignored: 1,
            ])
        #expect(stats.count(of: .separated) == 0)
        #expect(stats.collapses == 1 && stats.collapsesAtLaunch == 0 && stats.separates == 0)
        #expect(stats.rejections == [.alreadyInStack: 1, .notNavigationController: 1])
        #expect(stats.rejectionsByRule == [RuleID(.NV, 1): 2])
        #expect(stats.ignores == [.collapsed: 1])
        #expect(stats.ignoresByRule == [RuleID(.BTN, 3): 1])
        // DN[D, D2, D3] at event 20; the final state's deepest stack is only 2.
        #expect(stats.maximumStackDepth == 3)
        #expect(timedSession().state.maximumStackDepth == 2)
        #expect(stats.firstTime == 0 && stats.lastTime == 16_000)
    }

    @Test("dwell per screen name and per display mode, the open interval counted to the last event")
    func dwell() {
        let stats = timedSession().run(SessionStatistics())
        // M: 1000–4000. D: 1000–6000 and 15000–16000. D2: 6000–8000 and 9000–15000 (also while
        // collapsed: the collapse did not change the visible content). D3: 8000–9000.
        #expect(stats.screenDwell == ["M": 3_000, "D": 6_000, "D2": 8_000, "D3": 1_000])
        #expect(stats.visibleScreenNames == ["D"])
        #expect(stats.displayModeDwell == [.expanded(.allVisible): 3_000, .expanded(.primaryHidden): 6_000, .collapsed: 6_000])
        #expect(stats.screenDwell(until: 20_000) == ["M": 3_000, "D": 10_000, "D2": 8_000, "D3": 1_000])
        #expect(stats.displayModeDwell(until: 20_000)[.collapsed] == 10_000)
        #expect(stats.displayModeDwell.keys.map(\.description).sorted() == ["allVisible", "collapsed", "primaryHidden"])
    }

    @Test("a damaged log's times (backwards, extreme) add nothing and do not trap")
    func damagedTimes() {
        let session = timedSession()
        let times: [Int64] = [.max, .min, 5, .max, .min]
        let records = session.records.enumerated().map { offset, record in (record.0, times[offset % times.count], record.2) }
        var stats = SessionStatistics()
        fold(records, from: session.initial, into: &stats)
        #expect(stats.eventCount == 27)
        #expect(stats.lastTime == Int64.min)  // 26 % 5 == 1
        #expect(stats.screenDwell.values.allSatisfy { $0 >= 0 })
        #expect(stats.displayModeDwell.values.allSatisfy { $0 >= 0 })
    }

    @Test("past a forged gap, screens are spelled with the new state's table, even one of the same size")
    func nameTableOfTheSameSize() {
        func split(_ order: [String]) -> NavigationState {
            var session = Session(traits: Device.iPad.traits(.landscape))
            var roots: [String: ControllerID] = [:]
            for name in order { roots[name] = session.instantiate(.navigation(name + "N", [.content(name)])) }
            session.send(.setSplitViewControllers([roots["A"]!, roots["B"]!]))
            session.send(.launch(Device.iPad.traits(.landscape)))
            return session.state
        }
        // The same four names interned in the other order: the same count, other IDs.
        let before = split(["A", "B"])
        let after = split(["B", "A"])
        #expect(before.names.count == after.names.count && before.names.strings != after.names.strings)
        var stats = SessionStatistics()
        stats.start(from: before)
        stats.consume(EventContext(index: 0, time: 1_000, event: .displayModeChanged(.oneBesideSecondary, cause: .launch), state: after))
        #expect(stats.visibleScreenNames == ["A", "B"])
        stats.consume(EventContext(index: 1, time: 3_000, event: .traitsChanged(after.traits), state: after))
        #expect(stats.screenDwell == ["A": 2_000, "B": 2_000])
    }

    @Test("two columns showing the same screen name count it once")
    func sameNameInBothColumns() {
        var session = Session(traits: Device.iPad.traits(.landscape))
        let left = session.instantiate(.navigation("LN", [.content("Note")]))
        let right = session.instantiate(.navigation("RN", [.content("Note")]))
        session.send(.setSplitViewControllers([left, right]))
        session.send(.launch(Device.iPad.traits(.landscape)), at: 1_000)
        session.send(.tapDisplayModeButton, at: 3_000)
        #expect(session.run(SessionStatistics()).screenDwell == ["Note": 2_000])
    }
}
