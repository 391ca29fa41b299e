import NavigationCore
import NavigationProjections
import Testing

@Suite("AppearanceCallbacks and VisibleTimeline (§9)")
struct AppearanceTests {
    typealias Entry = AppearanceCallbacks.Entry

    @Test("appearanceTransitions: disappearing first, then appearing, each in path order")
    func pureDiff() {
        let (a, b, c, d) = (ControllerID(app: 0), ControllerID(app: 1), ControllerID(app: 2), ControllerID(app: 3))
        #expect(appearanceTransitions(from: [a, b, c], to: [a, d]) == [.disappear(b), .disappear(c), .appear(d)])
        #expect(appearanceTransitions(from: [], to: [c, a]) == [.appear(c), .appear(a)])
        #expect(appearanceTransitions(from: [a, b], to: [b, a]) == [])  // AP-5: moving is not appearing
        #expect(appearanceTransitions(from: [a, b], to: [a, b]) == [])
        #expect(
            appearanceCallbacks(for: [.disappear(b), .appear(d)]) == [
                .viewWillDisappear(b), .viewWillAppear(d), .viewDidDisappear(b), .viewDidAppear(d),
            ])
    }

    @Test("push: the old top disappears, the new top appears; pop: the reverse (AP-4); T01 launch: all appear")
    func pushAndPop() {
        var session = masterDetail(Device.iPad.traits(.landscape))
        session.send(.launch(Device.iPad.traits(.landscape)))  // 11 launched, 12 displayModeChanged(allVisible)
        let d2 = session.instantiate(.content("D2"))  // 13, 14
        session.send(.push(d2, onto: MD.dn))  // 15
        session.send(.push(d2, onto: MD.dn))  // 16 rejected: nothing
        session.send(.pop(MD.dn))  // 17
        let entries = session.run(AppearanceCallbacks()).entries
        #expect(
            entries == [
                // One commit: the launch showed DN[D] (secondaryOnly), then resolved allVisible.
                Entry(
                    index: 12, time: 0, event: .displayModeChanged(.allVisible, cause: .launch),
                    transitions: [.appear(MD.mn), .appear(MD.m), .appear(MD.dn), .appear(MD.d)]),
                Entry(index: 15, time: 0, event: .pushed(d2, onto: MD.dn), transitions: [.disappear(MD.d), .appear(d2)]),
                Entry(index: 17, time: 0, event: .popped(navigation: MD.dn, interactive: false), transitions: [.disappear(d2), .appear(MD.d)]),
            ])
        #expect(entries[1].callbacks == [.viewWillDisappear(MD.d), .viewWillAppear(d2), .viewDidDisappear(MD.d), .viewDidAppear(d2)])
        #expect(entries[2].transitions.map { $0.description(in: session.state) } == ["disappear D2", "appear D"])
        #expect(session.runMarked(AppearanceCallbacks()).entries == entries)
    }

    @Test("T02: launching on iPad in portrait shows only the detail column: DN and D appear, MN and M do not")
    func launchPortrait() {
        var session = masterDetail(Device.iPad.traits(.portrait))
        session.send(.launch(Device.iPad.traits(.portrait)))
        #expect(
            session.run(AppearanceCallbacks()).entries == [
                Entry(index: 11, time: 0, event: .launched(Device.iPad.traits(.portrait)), transitions: [.appear(MD.dn), .appear(MD.d)])
            ])
    }

    @Test("T03: the button opens the overlay (MN and M appear) and closes it (they disappear)")
    func buttonOverlay() {
        var session = masterDetail(Device.iPad.traits(.portrait))
        session.send(.launch(Device.iPad.traits(.portrait)))  // 11
        session.send(.tapDisplayModeButton)  // 12
        session.send(.tapDisplayModeButton)  // 13
        #expect(
            session.run(AppearanceCallbacks()).entries.dropFirst() == [
                Entry(index: 12, time: 0, event: .displayModeChanged(.primaryOverlay, cause: .button), transitions: [.appear(MD.mn), .appear(MD.m)]),
                Entry(index: 13, time: 0, event: .displayModeChanged(.primaryHidden, cause: .button), transitions: [.disappear(MD.mn), .disappear(MD.m)]),
            ])
    }

    @Test("T11/AP-5: a compact launch whose collapse discards DN[D]: MN and M appear, D never does")
    func launchCollapsedDiscarding() {
        var session = masterDetail(Device.iPhone.traits(.portrait), policy: SplitPolicy("collapseSecondary discard"))
        session.send(.launch(Device.iPhone.traits(.portrait)))  // 11 launched (DN[D] on screen), 12 collapsed
        #expect(session.state.hierarchyDescription == "MN[M]")
        let expected = [
            Entry(index: 12, time: 0, event: session.event(12), transitions: [.appear(MD.mn), .appear(MD.m)])
        ]
        #expect(session.run(AppearanceCallbacks()).entries == expected)
        #expect(session.runMarked(AppearanceCallbacks()).entries == expected)
        // Fed one event at a time, the commit in progress is visible, and settles with its last event.
        var live = AppearanceCallbacks()
        live.start(from: session.initial)
        for (record, state) in zip(session.records, session.statesAfterEachEvent).prefix(12) {
            live.consume(EventContext(index: record.0, time: record.1, event: record.2, state: state))
        }
        #expect(live.entries == [Entry(index: 11, time: 0, event: session.event(11), transitions: [.appear(MD.dn), .appear(MD.d)])])
    }

    @Test("AP-5: the default collapse with DN[D] on top makes M disappear and gives D (and DN, MN) nothing")
    func collapse() {
        var session = masterDetail(Device.iPad.traits(.landscape))
        session.send(.launch(Device.iPad.traits(.landscape)))  // 11, 12
        session.send(.changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3)))  // 13, 14
        #expect(session.state.hierarchyDescription == "MN[M, DN[D]]")
        let entries = session.run(AppearanceCallbacks()).entries
        #expect(entries.map(\.index) == [12, 14])
        #expect(entries.last == Entry(index: 14, time: 0, event: session.event(14), transitions: [.disappear(MD.m)]))
        // And back: the separate brings M back; D stays on screen throughout.
        session.send(.changeTraits(Device.iPad.traits(.landscape)))  // 15 traits, 16 separated
        #expect(session.run(AppearanceCallbacks()).entries.last == Entry(index: 16, time: 0, event: session.event(16), transitions: [.appear(MD.m)]))
    }

    @Test("the projection equals the diff across every commit, with recorded or inferred boundaries")
    func matchesBruteForce() {
        var total = 0
        for session in sampleSessions() {
            var expected: [Entry] = []
            let states = session.statesAfterEachEvent
            var commitStart = 0
            while commitStart < states.count {
                var end = commitStart + 1
                while end < states.count && !session.commitStarts[end] { end += 1 }
                let before = commitStart == 0 ? session.initial : states[commitStart - 1]
                let transitions = appearanceTransitions(from: before.visibleControllers, to: states[end - 1].visibleControllers)
                // Attributed to the commit's last event that changed the visible set.
                let last = (commitStart..<end).last { i in
                    (i == 0 ? session.initial : states[i - 1]).visibleControllers != states[i].visibleControllers
                }
                if !transitions.isEmpty, let last {
                    let record = session.records[last]
                    expected.append(Entry(index: record.0, time: record.1, event: record.2, transitions: transitions))
                }
                commitStart = end
            }
            #expect(session.runMarked(AppearanceCallbacks()).entries == expected)
            #expect(session.run(AppearanceCallbacks()).entries == expected)
            total += expected.count
        }
        #expect(total == 20)
    }

    @Test("VisibleTimeline lists the visible content after each event that changed it")
    func visibleTimeline() {
        var session = masterDetail(Device.iPad.traits(.landscape))
        session.send(.launch(Device.iPad.traits(.landscape)), at: 100)  // 11 [D], 12 [M, D]
        let d2 = session.instantiate(.content("D2"), at: 200)  // 13, 14
        session.send(.push(d2, onto: MD.dn), at: 300)  // 15 [M, D2]
        session.send(.tapDisplayModeButton, at: 400)  // 16 [D2]
        session.send(.changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3)), at: 500)  // 17, 18: [D2]
        session.send(.pop(MD.dn), at: 600)  // 19 [D]
        let timeline = session.run(VisibleTimeline())
        typealias E = VisibleTimeline.Entry
        #expect(
            timeline.entries == [
                E(index: 11, time: 100, event: session.event(11), content: [MD.d]),
                E(index: 12, time: 100, event: session.event(12), content: [MD.m, MD.d]),
                E(index: 15, time: 300, event: session.event(15), content: [MD.m, d2]),
                E(index: 16, time: 400, event: session.event(16), content: [d2]),
                E(index: 19, time: 600, event: session.event(19), content: [MD.d]),
            ])
        #expect(timeline.content(at: 10) == [])
        #expect(timeline.content(at: 14) == [MD.m, MD.d])
        #expect(timeline.content(at: 18) == [d2])
        #expect(timeline.content(at: 99) == [MD.d])
    }
}
