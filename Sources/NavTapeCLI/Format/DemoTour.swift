import NavTapeScript
import NavTape
import NavigationCore

/// The demo's printed tour: what was recorded, the main session at its key events, the diff across
/// a rotation, statistics, the iPad what-if and the bug the app has without its delegate.
enum DemoTour {
    static func print(_ recording: DemoSession.Recording, to out: Output) throws {
        let paths = recording.paths
        let main = try Logs.open(paths.calendarPaste), iPad = try Logs.open(paths.iPad), stale = try Logs.open(paths.staleDetail)
        let mainSummary = try LogSummary(main), iPadSummary = try LogSummary(iPad), staleSummary = try LogSummary(stale)
        let policy = main.sessionDescription.policy

        out.line("NavTape demo: the Calendar Paste app (seed 001) on an iPhone Plus, on an iPad, and without its delegate")
        out.line()
        let width = [paths.calendarPaste, paths.iPad, paths.staleDetail].map(\.count).max() ?? 0
        out.line(
            "recorded \(paths.calendarPaste.padding(width + 1))\(Plural.count(main.eventCount, "event")) · \(Plural.count(mainSummary.commits, "command")) · "
                + "\(main.sessionDescription.device) · \(policy.name) · \(expectations(recording.calendarPaste))")
        out.line(
            "recorded \(paths.iPad.padding(width + 1))\(Plural.count(iPad.eventCount, "event")) · the same \(Plural.count(recording.iPad.commandsRedecided, "command")) "
                + "re-decided on an \(iPad.sessionDescription.device) (navtape fork --device ipad)")
        out.line(
            "recorded \(paths.staleDetail.padding(width + 1))\(Plural.count(stale.eventCount, "event")) · \(Plural.count(staleSummary.commits, "command")) · "
                + "\(stale.sessionDescription.device) · \(stale.sessionDescription.policy.name) · \(expectations(recording.staleDetail))")

        out.line()
        out.line("━━ 1. Time travel through \(paths.calendarPaste) ━━")
        for stop in recording.stops {
            let state = try main.state(at: stop.index)
            let time = try main.lastEvent(before: stop.index)?.time ?? main.startTime
            out.line()
            out.line("after \(LogPoint.name(ofCount: stop.index)) (\(SessionTime.offset(time - main.startTime))): \(stop.caption)")
            out.lines(StateText.picture(state, lastEvent: nil, policy: policy))
        }
        out.line()
        let (before, after) = recording.rotation
        out.lines(
            DiffText.render(
                try DiffReport(main, from: before == 0 ? .start : .after(before - 1), to: .after(after - 1)),
                title: "diff across the rotation, after \(LogPoint.name(ofCount: before)) → after \(LogPoint.name(ofCount: after))"))
        out.line()
        out.lines(StatsText.render(mainSummary, machine: main))

        out.line()
        out.line("━━ 2. The same commands on an iPad (a what-if fork) ━━")
        out.line("the iPad never collapses: rotations only re-resolve the display mode (SZ-4, DM-8); Back at the root is ignored (NV-2)")
        out.lines(StateText.picture(iPadSummary.final, lastEvent: nil, policy: iPad.sessionDescription.policy))
        out.lines(
            DiffText.render(
                DiffReport(from: mainSummary.final, to: iPadSummary.final, fromName: "", toName: ""),
                title: "final states, iPhone Plus → iPad"))
        out.lines(StatsText.bugLines(iPadSummary.violations))

        out.line()
        out.line("━━ 3. Without the delegate: the stale detail (BUG-6) ━━")
        out.line("select a paste in landscape, rotate to portrait (the collapse pushes it onto MN), Back, rotate again:")
        out.lines(StatsText.bugLines(staleSummary.violations))
        out.lines(StateText.picture(staleSummary.final, lastEvent: nil, policy: stale.sessionDescription.policy))
        var blame = try BlameReport("secondary", in: stale, at: stale.eventCount)
        blame.what = "the secondary column"
        out.lines(Array(BlameText.render(blame, machine: stale).prefix(2)))
        out.line("Calendar Paste's delegate answers the same rotation with a fresh NoSelectionNC (part 1, last stop).")

        out.line()
        out.line("Explore:")
        for command in [
            "navtape state \(paths.calendarPaste) --at \(recording.stops.dropFirst().first.map { $0.index > 0 ? "\($0.index - 1)" : "start" } ?? "end")",
            "navtape log \(paths.calendarPaste)",
            "navtape timeline \(paths.calendarPaste)",
            "navtape blame \(paths.staleDetail) secondary",
            "navtape fork \(paths.staleDetail) --at start --policy calendar-paste -o fixed.navtape",
        ] {
            out.line("  " + command)
        }
        out.line()
        out.line("Open these sessions in your browser (the library: filter, scrub, diff, blame, what-if, live while recorded):")
        out.line("  navtape serve . --open")
    }

    static func expectations(_ run: ScriptRun) -> String {
        run.passed
            ? "\(Plural.count(run.expectationsChecked, "expectation")) hold"
            : "\(run.failures.count) of \(Plural.count(run.expectationsChecked, "expectation")) FAILED"
    }
}
