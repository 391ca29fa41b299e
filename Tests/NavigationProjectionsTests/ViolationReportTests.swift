import NavigationCore
import NavigationProjections
import Testing

/// A bug without its message (messages belong to NavigationCore and are not pinned here).
private struct Found: Hashable, CustomStringConvertible {
    var index: UInt64
    var rule: RuleID
    var subject: ControllerID?

    init(_ index: UInt64, _ rule: RuleID, _ subject: ControllerID?) {
        self.index = index
        self.rule = rule
        self.subject = subject
    }

    init(_ occurrence: ViolationReport.BugOccurrence) {
        self.init(occurrence.index, occurrence.violation.rule, occurrence.violation.subject)
    }

    var description: String { "@\(index) \(rule) \(subject.map { "\($0)" } ?? "-")" }
}

private func bug(_ n: UInt8) -> RuleID { RuleID(.BUG, n) }

@Suite("ViolationReport")
struct ViolationReportTests {
    @Test("T10: an iPhone launch with no delegate lands on the detail: BUG-5 at the launch collapse")
    func launchOnDetail() {
        var session = masterDetail(Device.iPhone.traits(.portrait))
        session.send(.launch(Device.iPhone.traits(.portrait)), at: 500)  // 11 launched, 12 collapsed
        #expect(session.event(12) == .collapsed(CollapseResolution(newPrimary: MD.mn, outcome: .secondaryPushed, atLaunch: true)))
        let report = session.run(ViolationReport())
        #expect(report.bugs.map(Found.init) == [Found(12, bug(5), MD.mn)])
        #expect(report.bugs[0].time == 500)
        #expect(report.bugs[0].violation == session.state.bugs(after: session.event(12))[0])
        #expect(report.episodes == [])
    }

    @Test("BUG-6: the user popped the detail while collapsed, the expand restores it anyway")
    func staleDetail() {
        var session = masterDetail(Device.iPhonePlus.traits(.landscape))
        session.send(.launch(Device.iPhonePlus.traits(.landscape)))  // 11, 12
        session.send(.changeTraits(Device.iPhonePlus.traits(.portrait)))  // 13, 14: MN[M, DN[D]]
        session.send(.pop(MD.mn))  // 15: MN[M]
        session.send(.changeTraits(Device.iPhonePlus.traits(.landscape)))  // 16, 17: DN[D] restored
        #expect(session.event(17) == .separated(SeparateResolution(newPrimary: MD.mn, secondary: MD.dn, source: .rememberedStale)))
        let report = session.run(ViolationReport())
        #expect(report.bugs.map(Found.init) == [Found(17, bug(6), MD.dn)])
        #expect(report.episodes == [])
    }

    @Test("T20: a plain detail pushed while collapsed separates without a navigation controller: BUG-1 (and BUG-3)")
    func barlessDetail() {
        var session = masterDetail(Device.iPhonePlus.traits(.portrait), policy: SplitPolicy("collapseSecondary discard"))
        session.send(.launch(Device.iPhonePlus.traits(.portrait)))  // 11, 12: MN[M], DN discarded
        let p = session.instantiate(.content("P"))  // 13, 14
        session.send(.showDetail(p, sender: MD.m))  // 15: MN[M, P]
        session.send(.changeTraits(Device.iPhonePlus.traits(.landscape)))  // 16, 17 separated, 18
        #expect(session.event(17) == .separated(SeparateResolution(newPrimary: MD.mn, secondary: p, source: .poppedFromPrimary)))
        let report = session.run(ViolationReport())
        #expect(report.bugs.map(Found.init) == [Found(17, bug(1), p), Found(17, bug(3), p)])
        #expect(report.episodes == [])
    }

    @Test("an INV-4 episode opens when a delegate leaves DN nested after expand, and closes with the pop")
    func invariantEpisode() {
        var session = masterDetail(Device.iPhonePlus.traits(.landscape), policy: .calendarPaste())
        session.send(.launch(Device.iPhonePlus.traits(.landscape)), at: 1_000)  // 11, 12
        session.send(.changeTraits(Device.iPhonePlus.traits(.portrait)), at: 2_000)  // 13, 14: MN[M, DN[D]]
        session.send(.changeTraits(Device.iPhonePlus.traits(.landscape)), at: 3_000)  // 15–21: fresh NoSelectionNC
        session.send(.pop(MD.mn), at: 4_000)  // 22: MN[M]
        #expect(session.event(21).kind == .separated && session.event(22).kind == .popped)
        let report = session.run(ViolationReport())
        let message = session.statesAfterEachEvent[21].invariantViolations()[0].message
        #expect(
            report.episodes == [
                ViolationReport.Episode(
                    rule: RuleID(.INV, 4), subject: MD.dn, message: message,
                    startIndex: 21, startTime: 3_000, endIndex: 22, endTime: 4_000)
            ])
        #expect(report.ongoingEpisodes == [])
        // EX-3 leaves the detail in the primary column and nested (BUG-2, BUG-8).
        #expect(Set(report.bugs.map(Found.init)) == [Found(21, bug(2), MD.dn), Found(21, bug(8), MD.dn)])
    }

    @Test("episodes already open at a checkpoint start with no index; ongoing ones have no end")
    func checkpointEpisode() {
        var session = masterDetail(Device.iPhonePlus.traits(.landscape), policy: .calendarPaste())
        session.send(.launch(Device.iPhonePlus.traits(.landscape)))
        session.send(.changeTraits(Device.iPhonePlus.traits(.portrait)))
        session.send(.changeTraits(Device.iPhonePlus.traits(.landscape)))  // INV-4 from 21
        let checkpoint = session.state
        let m2 = session.instantiate(.content("M2"))  // 23, 24 — nothing changes the violation
        session.send(.push(m2, onto: MD.dn))  // 25
        var report = ViolationReport()
        fold(session.records[23...], from: checkpoint, into: &report)
        #expect(report.episodes.map(\.startIndex) == [nil])
        #expect(report.ongoingEpisodes.map(\.rule) == [RuleID(.INV, 4)])
        #expect(session.run(ViolationReport()).ongoingEpisodes.map(\.startIndex) == [21])
    }

    @Test("episodes agree with invariantViolations() evaluated after every event")
    func matchesBruteForce() {
        for session in sampleSessions() {
            let report = session.run(ViolationReport())
            var expectedBugs: [ViolationReport.BugOccurrence] = []
            for (record, state) in zip(session.records, session.statesAfterEachEvent) {
                let open = report.episodes.filter { episode in
                    (episode.startIndex ?? 0) <= record.0 && (episode.endIndex.map { record.0 < $0 } ?? true)
                }
                let violated = state.invariantViolations()
                #expect(
                    Set(open.map { "\($0.rule) \($0.subject.map { "\($0)" } ?? "-")" })
                        == Set(violated.map { "\($0.rule) \($0.subject.map { "\($0)" } ?? "-")" }), "after \(record.0)")
                for violation in state.bugs(after: record.2) {
                    expectedBugs.append(.init(index: record.0, time: record.1, violation: violation))
                }
            }
            #expect(report.bugs == expectedBugs)
        }
        // The sample sessions do hit bugs and invariants.
        let reports = sampleSessions().map { $0.run(ViolationReport()) }
        #expect(Set(reports[0].bugs.map(Found.init)) == [])
        #expect(Set(reports[1].bugs.map(Found.init)) == [Found(21, bug(2), MD.dn), Found(21, bug(8), MD.dn)])
        #expect(Set(reports[2].bugs.map(Found.init)) == [Found(12, bug(5), MD.mn), Found(18, bug(4), MD.dn)])
        #expect(reports.map { $0.episodes.map(\.startIndex) } == [[], [21], []])
        #expect(reports.map { $0.episodes.map(\.endIndex) } == [[], [22], []])
    }
}
