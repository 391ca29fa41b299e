import NavigationCore
import NavigationProjections
import Testing

/// The documentation's example: pushes onto the primary navigation controller.
struct PrimaryPushCount: Projection {
    var output = 0

    mutating func consume(_ context: EventContext) {
        if case .pushed(_, let navigation) = context.event, navigation == context.state.primary {
            output += 1
        }
    }
}

/// Sessions used by the cross-checks: every kind of hierarchy change the core produces.
func sampleSessions() -> [Session] {
    var ipad = masterDetail(Device.iPad.traits(.landscape))
    ipad.send(.launch(Device.iPad.traits(.landscape)))
    let d2 = ipad.instantiate(.content("D2"))
    ipad.send(.push(d2, onto: MD.dn))
    ipad.send(.tapDisplayModeButton)
    ipad.send(.tapDisplayModeButton)
    ipad.send(.changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3)))
    ipad.send(.pop(MD.dn))
    let sheet = ipad.instantiate(.navigation("SN", [.content("S")]))
    ipad.send(.present(sheet))
    ipad.send(.dismiss)
    ipad.send(.changeTraits(Device.iPad.traits(.portrait)))
    ipad.send(.tapDisplayModeButton)
    let dn2 = ipad.instantiate(.navigation("DN2", [.content("E")]))
    ipad.send(.showDetail(dn2, sender: MD.m))

    var calendar = masterDetail(Device.iPhonePlus.traits(.landscape), policy: .calendarPaste())
    calendar.send(.launch(Device.iPhonePlus.traits(.landscape)))
    calendar.send(.changeTraits(Device.iPhonePlus.traits(.portrait)))
    calendar.send(.changeTraits(Device.iPhonePlus.traits(.landscape)))
    calendar.send(.pop(MD.mn))
    calendar.send(.changeTraits(Device.iPhonePlus.traits(.portrait)))

    var phone = masterDetail(Device.iPhone.traits(.portrait))
    phone.send(.launch(Device.iPhone.traits(.portrait)))
    let d3 = phone.instantiate(.content("D3"))
    phone.send(.showDetail(d3, sender: MD.d))
    phone.send(.popToRoot(MD.mn))
    phone.send(.setViewControllers([MD.m, d3], of: MD.mn))
    phone.send(.setSplitViewControllers([MD.mn, MD.dn]))
    return [ipad, calendar, phone]
}

@Suite("Projection, fold and EventContext")
struct ProjectionTests {
    @Test("a user-defined projection counts pushes onto the primary")
    func userDefinedProjection() {
        var session = masterDetail(Device.iPad.traits(.landscape))
        session.send(.launch(Device.iPad.traits(.landscape)))
        let m2 = session.instantiate(.content("M2"))
        let d2 = session.instantiate(.content("D2"))
        session.send(.push(m2, onto: MD.mn))  // counted
        session.send(.push(d2, onto: MD.dn))  // onto the secondary: not counted
        session.send(.push(m2, onto: MD.mn))  // rejected: not counted
        session.send(.pop(MD.mn))
        session.send(.push(m2, onto: MD.mn))  // counted
        #expect(session.run(PrimaryPushCount()).output == 2)
    }

    @Test("a ViolationReport keeping the first bugs counts the same and reports the same ongoing invariants (flat memory)")
    func limitedViolationReport() {
        var sawBugs = false
        for session in sampleSessions() {
            var full = ViolationReport(), limited = ViolationReport(keepingBugs: 1)
            _ = fold(session.records, from: session.initial, into: &full)
            _ = fold(session.records, from: session.initial, into: &limited)
            #expect(limited.bugCount == full.bugs.count && limited.bugCount == full.bugCount)
            #expect(limited.bugCounts == full.bugCounts)
            #expect(limited.bugs == Array(full.bugs.prefix(1)))
            #expect(limited.ongoingEpisodes == full.ongoingEpisodes)
            #expect(limited.endedEpisodeCounts == full.endedEpisodeCounts)
            #expect(limited.episodes.filter { !$0.isOngoing }.count <= 1)
            sawBugs = sawBugs || full.bugCount > 1
        }
        #expect(sawBugs, "the sample sessions must raise bugs for this test to mean anything")
    }

    @Test("fold returns the final state; CurrentState tracks it with and without start")
    func currentState() {
        for session in sampleSessions() {
            var current = CurrentState()
            let final = fold(session.records, from: session.initial, into: &current)
            #expect(final == session.state)
            #expect(current.output == session.state)
            #expect(current.index == UInt64(session.records.count - 1))

            // Live use: a recorder builds a context per event and never calls start.
            var live = CurrentState()
            for (record, state) in zip(session.records, session.statesAfterEachEvent) {
                live.consume(EventContext(index: record.0, time: record.1, event: record.2, state: state))
                #expect(live.state == state)
            }
        }
    }

    @Test("fold over no events returns the initial state and still starts the projection")
    func emptyFold() {
        var session = masterDetail(Device.iPad.traits(.landscape))
        session.send(.launch(Device.iPad.traits(.landscape)))
        var current = CurrentState()
        let final = fold([], from: session.state, into: &current)
        #expect(final == session.state)
        #expect(current.output == session.state)
        #expect(current.index == nil)
    }

    @Test("folding from a checkpoint gives the tail of the full fold")
    func checkpoint() {
        for session in sampleSessions() {
            // Checkpoints are written between commits.
            let middle = (session.records.count / 2..<session.records.count).first { session.commitStarts[$0] }!
            let checkpoint = session.statesAfterEachEvent[middle - 1]
            let tail = Array(session.records[middle...])
            let from = UInt64(middle)

            var appearance = AppearanceCallbacks()
            fold(tail, from: checkpoint, into: &appearance)
            #expect(appearance.entries == session.run(AppearanceCallbacks()).entries.filter { $0.index >= from })

            var stack = StackHistory(navigation: MD.mn)
            fold(tail, from: checkpoint, into: &stack)
            #expect(stack.changes == session.run(StackHistory(navigation: MD.mn)).changes.filter { $0.index >= from })

            var blame = Blame(.column(.secondary))
            fold(tail, from: checkpoint, into: &blame)
            #expect(blame.history == session.run(Blame(.column(.secondary))).history.filter { $0.index >= from })
        }
    }

    @Test("a pair feeds both projections exactly as two folds do")
    func pair() {
        for session in sampleSessions() {
            let pair = session.run(ProjectionPair(StackHistory(navigation: MD.dn), ProjectionPair(SplitHistory(), ViolationReport())))
            #expect(pair.first.changes == session.run(StackHistory(navigation: MD.dn)).changes)
            #expect(pair.second.first.changes == session.run(SplitHistory()).changes)
            #expect(pair.second.second.bugs == session.run(ViolationReport()).bugs)
            #expect(pair.second.second.episodes == session.run(ViolationReport()).episodes)
        }
    }

    @Test("inferred commit starts match the recorded ones, except creation events (never on screen)")
    func inferredCommitStarts() {
        var creations = 0
        for session in sampleSessions() {
            for (record, startsCommit) in zip(session.records, session.commitStarts) {
                let inferred = EventContext.inferredCommitStart(for: record.2)
                switch record.2.kind {
                case .nameInterned, .controllerCreated, .stackInitialized:
                    #expect(!inferred)
                    creations += 1
                default:
                    #expect(inferred == startsCommit, "\(record.0): \(record.2)")
                }
            }
        }
        #expect(creations > 30)
    }

    @Test("mayChangeHierarchy and mayChangeVisibility are never false when something changed")
    func predicatesAreConservative() {
        var checked = (hierarchy: 0, visibility: 0)
        for session in sampleSessions() {
            var before = session.initial
            for (record, after) in zip(session.records, session.statesAfterEachEvent) {
                let context = EventContext(index: record.0, time: record.1, event: record.2, state: after)
                if !context.mayChangeVisibility {
                    #expect(before.visibleControllers == after.visibleControllers, "\(record.2)")
                    #expect(before.visibleContent == after.visibleContent, "\(record.2)")
                    checked.visibility += 1
                }
                if !context.mayChangeHierarchy {
                    #expect(before.navigationControllersInHierarchy == after.navigationControllersInHierarchy, "\(record.2)")
                    #expect(before.navigationControllersInHierarchy.map(before.stack) == after.navigationControllersInHierarchy.map(after.stack))
                    #expect(before.invariantViolations() == after.invariantViolations(), "\(record.2)")
                    #expect(before.maximumStackDepth == after.maximumStackDepth, "\(record.2)")
                    #expect(before.presented == after.presented && before.viewControllers == after.viewControllers)
                    checked.hierarchy += 1
                }
                before = after
            }
        }
        // The sessions do exercise the skipped kinds (names, creations, traits, display modes, no-ops).
        #expect(checked.hierarchy > 40 && checked.visibility > 30)
    }
}
