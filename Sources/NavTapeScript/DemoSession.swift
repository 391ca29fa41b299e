import NavTape
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavigationCore

/// The built-in demo: the seeds' Calendar Paste app (`seeds/001`) recorded three ways.
///
/// 1. On an iPhone Plus under the Calendar Paste delegate (``calendarPasteScript``): launch in
///    portrait, select pastes, drill down, rotate to landscape and back, the display-mode button.
/// 2. The same recorded commands re-decided on an iPad (a ``WhatIf`` fork at event 0).
/// 3. The same app without its delegate (``staleDetailScript``): a detail pushed by a collapse,
///    left with Back, comes back stale on the next rotation (BUG-6).
///
/// Everything is deterministic (fixed start time and session IDs), so the logs, the tour and the
/// generated tests are the same on every machine.
public enum DemoSession {
    /// The main session, as a scenario script.
    public static let calendarPasteScript = """
        # Calendar Paste on an iPhone Plus (seeds/001). The delegate discards the empty
        # "no selection" detail on collapse and replaces a stale detail on separate.
        session demo-iphone-plus
        device iphone-plus portrait
        policy calendar-paste
        primary MN[M]
        secondary NoSelectionNC@NoSelectionNC[NoSelection]

        launch                                           # compact: collapses; NoSelectionNC discarded (CO-2)
        expect hierarchy MN[M]
        expect violations none
        showDetail PasteNC1[PasteDetail] from M at +2.5s  # select a paste: pushed onto MN (SH-9)
        expect hierarchy MN[M, PasteNC1[PasteDetail]]
        show Shift from PasteDetail at +3s                # drill down inside the paste (SH-2)
        expect visible Shift
        pop PasteNC1 at +2s                               # Back to the paste
        rotate landscape at +4s                           # regular: separates, keeps the paste (EX-1, SEED-CP)
        expect hierarchy MN[M] | PasteNC1[PasteDetail]
        expect displayMode allVisible
        tapDisplayModeButton at +3s                       # hide the list (BTN-3)
        expect displayMode primaryHidden
        tapDisplayModeButton at +2s                       # show it again
        expect displayMode allVisible
        showDetail PasteNC2[PasteDetail] from M at +5s    # select another paste: replaces the detail (SH-11)
        expect hierarchy MN[M] | PasteNC2[PasteDetail]
        rotate portrait at +6s                            # compact: the paste is pushed onto MN (CO-4)
        expect hierarchy MN[M, PasteNC2[PasteDetail]]
        pop MN at +3s                                     # Back to the list: the user leaves the paste
        rotate landscape at +2s                           # the delegate installs a fresh NoSelectionNC (EX-1.3)
        expect hierarchy MN[M] | NoSelectionNC[NoSelection]
        expect violations none

        """

    /// The same app without its delegate: the stale detail of BUG-6.
    public static let staleDetailScript = """
        # Calendar Paste without its delegate (policy none): a detail pushed onto the list's stack by a
        # collapse, left with Back, is restored by the next expand (EX-1.5, BUG-6).
        session demo-stale-detail
        device iphone-plus landscape
        policy none
        primary MN[M]
        secondary NoSelectionNC@NoSelectionNC[NoSelection]

        launch                                           # landscape: both columns (DM-5)
        showDetail PasteNC1[PasteDetail] from M at +2s    # select a paste (SH-11)
        rotate portrait at +4s                            # compact: the paste is pushed onto MN (CO-4)
        expect hierarchy MN[M, PasteNC1[PasteDetail]]
        pop MN at +3s                                     # Back to the list: the user leaves the paste
        expect hierarchy MN[M]
        rotate landscape at +2s                           # no delegate: the remembered paste comes back
        expect hierarchy MN[M] | PasteNC1[PasteDetail]
        expect violation BUG-6

        """

    /// A stop of the time-travel tour: a point of the main session and what happened there.
    public struct Stop: Hashable, Sendable {
        /// The event count after the command (the point to show).
        public var index: UInt64
        /// One line saying what the user did and what UIKit made of it.
        public var caption: String
    }

    /// The three logs the demo writes.
    public struct Paths: Hashable, Sendable {
        /// The main session (`--output`).
        public var calendarPaste: String
        /// The iPad what-if (`NAME-ipad.navtape`).
        public var iPad: String
        /// The session without a delegate (`NAME-stale.navtape`).
        public var staleDetail: String
    }

    /// What the demo recorded.
    public struct Recording: Sendable {
        /// Where the logs are.
        public var paths: Paths
        /// The main session's run.
        public var calendarPaste: ScriptRun
        /// The iPad fork's report.
        public var iPad: WhatIf.Report
        /// The run without a delegate.
        public var staleDetail: ScriptRun
        /// The tour's stops in the main session.
        public var stops: [Stop]
        /// The points just before and after the first rotation to landscape in the main session.
        public var rotation: (before: UInt64, after: UInt64)
    }

    /// The three log paths for `output`: `demo.navtape`, `demo-ipad.navtape`, `demo-stale.navtape`.
    public static func paths(for output: String) -> Paths {
        let stem = output.hasSuffix(".navtape") ? String(output.dropLast(".navtape".count)) : output
        return Paths(calendarPaste: output, iPad: stem + "-ipad.navtape", staleDetail: stem + "-stale.navtape")
    }

    /// The session IDs of the three logs.
    public static let sessionIDs: Set<String> = ["demo-iphone-plus", "demo-ipad", "demo-stale-detail"]

    /// Whether the file at `path` is a log an earlier demo wrote (so the demo may replace it without
    /// being told to): a readable log whose session is one of ``sessionIDs``.
    public static func isDemoLog(at path: String) -> Bool {
        guard let log = try? TimeMachine(path: path) else { return false }
        return sessionIDs.contains(log.sessionID)
    }

    /// Records the three logs, replacing a file at a path only where `replacing(path)` says so (the
    /// command asks it of earlier demo logs and of any file with `--force`).
    /// - Throws: ``NavTapeError`` when a log cannot be written; ``ScriptError`` only if the
    ///   built-in scripts were broken.
    ///
    /// Each log is written whole and then replaces the earlier one, unless another process is
    /// recording at that path (``NavTapeError/Code/locked``) or something other than a regular file
    /// is there (``NavTapeError/Code/cannotCreate``).
    public static func record(to output: String, replacing: (String) -> Bool = { _ in true }) throws -> Recording {
        let paths = paths(for: output)
        func options(_ path: String) -> RecorderOptions { RecorderOptions(publication: .whole, replacesExisting: replacing(path)) }
        let main = try ScriptRunner.run(
            ScriptParser.parse(calendarPasteScript, file: "calendar-paste.navscript"),
            recordingTo: paths.calendarPaste, options: options(paths.calendarPaste))
        let source = try TimeMachine(path: paths.calendarPaste)
        let iPad = try WhatIf.fork(source, at: 0, into: paths.iPad, device: .iPad, sessionID: "demo-ipad", options: options(paths.iPad))
        let stale = try ScriptRunner.run(
            ScriptParser.parse(staleDetailScript, file: "stale-detail.navscript"),
            recordingTo: paths.staleDetail, options: options(paths.staleDetail))
        let captions = [
            (0, "launch in portrait: compact, so the split collapses; the delegate discards the empty detail"),
            (1, "select a paste: showDetail is pushed onto the list's stack (SH-9)"),
            (4, "rotate to landscape: the split separates and keeps the paste (EX-1, SEED-CP)"),
            (10, "rotate to landscape after Back: the delegate installs a fresh NoSelectionNC (EX-1.3)"),
        ]
        let stops = captions.compactMap { step, caption in
            step < main.steps.count ? Stop(index: main.steps[step].endIndex, caption: caption) : nil
        }
        let rotation = main.steps.count > 4 ? (main.steps[4].firstEvent, main.steps[4].endIndex) : (0, 0)
        return Recording(paths: paths, calendarPaste: main, iPad: iPad, staleDetail: stale, stops: stops, rotation: rotation)
    }
}
