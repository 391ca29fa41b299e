import Foundation
import NavigationCore

/// Progress on standard error for a command that works through many events (issue 13): drawn only
/// when standard error is a terminal and only once the work has taken about a second, as the
/// events done, the rate and the time left; erased at the end, so what the command prints stays as
/// it would be piped. Nothing at all is written when standard error is not a terminal.
///
/// `NAVTAPE_PROGRESS_DELAY` (seconds, default 1) sets how long a command runs before the line
/// appears.
final class Progress {
    /// What the line starts with, e.g. `stats two-m.navtape`.
    let label: String
    /// The events the work will go through (at least 1).
    let total: UInt64
    /// What is counted: `events`, or `bytes` for an input read as text (`import`).
    var unit = "events"
    /// Whether anything is drawn (standard error is a terminal).
    let enabled: Bool
    /// Whether a line is on the terminal now.
    private(set) var drawn = false
    private let started = ContinuousClock.now
    private let delay: Duration
    private var lastDraw: ContinuousClock.Instant?
    private var nextCheck: UInt64 = 0

    /// Reads the clock at most once per this many events: the update costs a compare otherwise.
    private static let stride: UInt64 = 8_192

    /// Progress through `total` events, drawn if standard error is a terminal; with `streaming`
    /// (the command prints as it goes: `log`, `export`, `timeline`) only if standard output is not
    /// that terminal too, so the line never cuts through the output.
    convenience init(_ label: String, total: UInt64, streaming: Bool = false) {
        self.init(label, total: total, enabled: Diagnostics.isTerminal && !(streaming && isatty(1) == 1))
    }

    /// Progress through `total` events, drawn if `enabled`.
    init(_ label: String, total: UInt64, enabled: Bool) {
        self.label = label
        self.total = Swift.max(1, total)
        self.enabled = enabled
        // Anything but a finite number (nan, inf, text) is the default: the conversion below must not trap.
        let seconds = ProcessInfo.processInfo.environment["NAVTAPE_PROGRESS_DELAY"].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } ?? 1
        delay = .milliseconds(Int64((Swift.max(0, Swift.min(seconds, 3_600)) * 1_000).rounded()))
    }

    /// `done` events of ``total`` are behind; redraws at most ten times a second.
    @inline(__always)
    func update(_ done: UInt64) {
        guard enabled, done >= nextCheck else { return }
        nextCheck = done + Self.stride
        draw(done)
    }

    /// Writes a line of its own instead of the event count (`shrink`'s trials), under the same rules.
    func note(_ text: String) {
        guard enabled, let now = due() else { return }
        lastDraw = now
        drawn = true
        Diagnostics.raw("\r\u{1B}[K" + DisplaySafety.escaped(label + ": " + text))
    }

    /// Erases the line, if one was drawn.
    func finish() {
        guard drawn else { return }
        Diagnostics.raw("\r\u{1B}[K")
        drawn = false
    }

    private func draw(_ done: UInt64) {
        guard let now = due() else { return }
        lastDraw = now
        drawn = true
        Diagnostics.raw("\r\u{1B}[K" + DisplaySafety.escaped(label + ": " + Self.line(done: done, total: total, elapsed: now - started, unit: unit)))
    }

    /// The instant to draw at, or nil before the delay or within 100 ms of the last line.
    private func due() -> ContinuousClock.Instant? {
        let now = ContinuousClock.now
        guard now - started >= delay else { return nil }
        if let lastDraw, now - lastDraw < .milliseconds(100) { return nil }
        return now
    }

    /// `1,200,000/10,000,000 events (12%), 0.59 M events/s, 15 s left`.
    static func line(done: UInt64, total: UInt64, elapsed: Duration, unit: String = "events") -> String {
        let done = Swift.min(done, total)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(done) / seconds : 0
        var text = "\(grouped(done))/\(grouped(total)) \(unit) (\(done * 100 / total)%)"
        guard rate > 0, done >= stride else { return text }
        text += rate >= 1e6 ? ", \(String(format: "%.2f", rate / 1e6)) M \(unit)/s" : ", \(grouped(UInt64(rate))) \(unit)/s"
        let left = Double(total - done) / rate
        text += left < 60 ? ", \(Int(left.rounded(.up))) s left" : ", \(Int(left / 60)) min \(Int(left) % 60) s left"
        return text
    }

    /// The file name of `path`, for a label that fits on one line.
    static func file(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: UInt64) -> String {
        let digits = Array(String(value))
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}

/// Logs done out of many (`facts: 16/200 logs`, `query: 16/200 sessions`), drawn on a terminal for
/// more than one log.
enum ProgressLine {
    /// What to call with the number of logs done, or `nil` when nothing is drawn.
    static func counter(_ label: String, total: Int, of noun: String = "log") -> (@Sendable (Int) -> Void)? {
        guard Diagnostics.isTerminal && total > 1 else { return nil }
        return { done in if done % 16 == 0 || done == total { Diagnostics.raw("\r\(label): \(done)/\(Plural.count(total, noun))") } }
    }

    /// Erases the line `counter` drew.
    static func erase(_ total: Int) { if Diagnostics.isTerminal && total > 1 { Diagnostics.raw("\r\u{1B}[K") } }
}

/// The processors online: what `--jobs` defaults to.
enum Cores {
    static let count = Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}
