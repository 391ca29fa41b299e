import NavTape
import NavigationCore

extension DemoSession.Recording {
    /// The demo's tour, as `navtape demo` prints it: what was recorded, the main session at its key
    /// events, the diff across a rotation, statistics, the iPad what-if, and the bug the app has
    /// without its delegate.
    /// - Throws: ``NavTape/NavTapeError`` when one of the demo's logs cannot be read back.
    public func tour() throws -> [String] {
        var lines: [String] = []
        let main = try TimeMachine(path: paths.calendarPaste), iPad = try TimeMachine(path: paths.iPad), stale = try TimeMachine(path: paths.staleDetail)
        let mainSummary = try LogSummary(main), iPadSummary = try LogSummary(iPad), staleSummary = try LogSummary(stale)
        let policy = main.sessionDescription.policy

        lines.append("NavTape demo: the Calendar Paste app (seed 001) on an iPhone Plus, on an iPad, and without its delegate")
        lines.append("")
        let width = [paths.calendarPaste, paths.iPad, paths.staleDetail].map(\.count).max() ?? 0
        lines.append(
            "recorded \(paths.calendarPaste.padding(width + 1))\(Plural.count(main.eventCount, "event")) · \(Plural.count(mainSummary.commits, "command")) · "
                + "\(main.sessionDescription.device) · \(policy.name) · \(Self.expectations(calendarPaste))")
        lines.append(
            "recorded \(paths.iPad.padding(width + 1))\(Plural.count(iPad.eventCount, "event")) · the same \(Plural.count(self.iPad.commandsRedecided, "command")) "
                + "re-decided on an \(iPad.sessionDescription.device) (navtape fork --device ipad)")
        lines.append(
            "recorded \(paths.staleDetail.padding(width + 1))\(Plural.count(stale.eventCount, "event")) · \(Plural.count(staleSummary.commits, "command")) · "
                + "\(stale.sessionDescription.device) · \(stale.sessionDescription.policy.name) · \(Self.expectations(staleDetail))")

        lines.append("")
        lines.append("━━ 1. Time travel through \(paths.calendarPaste) ━━")
        for stop in stops {
            let state = try main.state(at: stop.index)
            let time = try main.lastEvent(before: stop.index)?.time ?? main.startTime
            lines.append("")
            lines.append("after \(LogPoint.name(ofCount: stop.index)) (\(SessionTime.offset(time - main.startTime))): \(stop.caption)")
            lines.append(contentsOf: StateText.picture(state, lastEvent: nil, policy: policy))
        }
        lines.append("")
        let (before, after) = rotation
        lines.append(
            contentsOf:
                DiffText.render(
                    try DiffReport(main, from: before == 0 ? .start : .after(before - 1), to: .after(after - 1)),
                    title: "diff across the rotation, after \(LogPoint.name(ofCount: before)) → after \(LogPoint.name(ofCount: after))"))
        lines.append("")
        lines.append(contentsOf: StatsText.render(mainSummary, machine: main))

        lines.append("")
        lines.append("━━ 2. The same commands on an iPad (a what-if fork) ━━")
        lines.append("the iPad never collapses: rotations only re-resolve the display mode (SZ-4, DM-8); Back at the root is ignored (NV-2)")
        lines.append(contentsOf: StateText.picture(iPadSummary.final, lastEvent: nil, policy: iPad.sessionDescription.policy))
        lines.append(
            contentsOf:
                DiffText.render(
                    DiffReport(from: mainSummary.final, to: iPadSummary.final, fromName: "", toName: ""),
                    title: "final states, iPhone Plus → iPad"))
        lines.append(contentsOf: StatsText.bugLines(iPadSummary.violations))

        lines.append("")
        lines.append("━━ 3. Without the delegate: the stale detail (BUG-6) ━━")
        lines.append("select a paste in landscape, rotate to portrait (the collapse pushes it onto MN), Back, rotate again:")
        lines.append(contentsOf: StatsText.bugLines(staleSummary.violations))
        lines.append(contentsOf: StateText.picture(staleSummary.final, lastEvent: nil, policy: stale.sessionDescription.policy))
        var blame = try BlameReport("secondary", in: stale, at: stale.eventCount)
        blame.what = "the secondary column"
        lines.append(contentsOf: Array(BlameText.render(blame, machine: stale).prefix(2)))
        lines.append("Calendar Paste's delegate answers the same rotation with a fresh NoSelectionNC (part 1, last stop).")

        lines.append("")
        lines.append("Explore:")
        for command in [
            "navtape state \(paths.calendarPaste) --at \(stops.dropFirst().first.map { $0.index > 0 ? "\($0.index - 1)" : "start" } ?? "end")",
            "navtape log \(paths.calendarPaste)",
            "navtape timeline \(paths.calendarPaste)",
            "navtape blame \(paths.staleDetail) secondary",
            "navtape fork \(paths.staleDetail) --at start --policy calendar-paste -o fixed.navtape",
        ] {
            lines.append("  " + command)
        }
        lines.append("")
        lines.append("Open these sessions in your browser (the library: filter, scrub, diff, blame, what-if, live while recorded):")
        lines.append("  navtape serve . --open")
        return lines
    }

    /// `12 expectations hold`, or how many of them failed.
    static func expectations(_ run: ScriptRun) -> String {
        run.passed
            ? "\(Plural.count(run.expectationsChecked, "expectation")) hold"
            : "\(run.failures.count) of \(Plural.count(run.expectationsChecked, "expectation")) FAILED"
    }
}
