import NavTape
import NavTapeApps
import NavigationCore
import NavigationProjections
import NavTapeTestSupport
import Testing

/// `ViolationReport` checks the invariants after every hierarchy event by comparing the broken
/// (rule, subject) pairs with the previous check's and does nothing while they stay the same
/// (issue 13: `navtape stats` at speed). This checks that shortcut against the truth at every step:
/// the report's ongoing episodes are exactly the invariants the state breaks (INV-1..INV-6).
@Suite("ViolationReport step by step")
struct ViolationReportStepTests {
    /// Runs a report and compares its ongoing episodes with the state after every event.
    struct Checked: Projection {
        var report = ViolationReport(keepingBugs: 10)
        var mismatches: [String] = []
        var episodesSeen = 0

        mutating func start(from state: NavigationState) { report.start(from: state) }

        mutating func consume(_ context: EventContext) {
            report.consume(context)
            guard context.mayChangeHierarchy else { return }
            let ongoing = Set(report.ongoingEpisodes.map { "\($0.rule) \($0.subject.map { "\($0)" } ?? "-")" })
            let truth = Set(context.state.invariantViolations().map { "\($0.rule) \($0.subject.map { "\($0)" } ?? "-")" })
            episodesSeen = max(episodesSeen, ongoing.count)
            if ongoing != truth && mismatches.count < 5 {
                mismatches.append("@\(context.index) \(context.event.kind.name): report \(ongoing.sorted()), state \(truth.sorted())")
            }
        }

        var output: [String] { mismatches }
    }

    @Test(
        "INV-1..INV-6: the report's ongoing episodes are the state's broken invariants after every event",
        arguments: [(UInt64(7), "calendar-paste"), (11, "calendar-paste"), (5, "none"), (9, "merge-stacks")])
    func ongoingMatchesTheState(seed: UInt64, preset: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("s.navtape")
        let policy = try #require(SplitPolicy.preset(named: preset))
        try recordGenerated(events: 20_000, seed: seed, device: .iPhonePlus, policy: policy, to: path)
        let machine = try TimeMachine(path: path)
        var checked = Checked()
        try machine.run(&checked)
        #expect(checked.mismatches == [])
        if preset == "calendar-paste" {
            // Calendar Paste leaves a navigation controller nested after expand (INV-4): the shortcut is exercised.
            #expect(checked.episodesSeen > 0)
        }
    }
}
