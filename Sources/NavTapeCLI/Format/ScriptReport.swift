import NavTapeScript
import ArgumentParser
import NavTape
import NavigationCore

/// What `run` and `record` print: each failed expectation on standard error, one summary line on
/// standard output.
enum ScriptReport {
    /// Prints the failures and the summary; returns whether every expectation held.
    static func summarize(_ result: ScriptRun, session: String? = nil, recordedTo path: String?) -> Bool {
        for failure in result.failures { Diagnostics.line(failure.description) }
        let commands = result.commandCount
        let name = label(file: result.file, session: session)
        var line = result.passed
            ? "PASS \(name): \(result.expectationsChecked) expectation\(result.expectationsChecked == 1 ? "" : "s")"
            : "FAIL \(name): \(result.failures.count) of \(result.expectationsChecked) expectations failed"
        line += ", \(commands) command\(commands == 1 ? "" : "s"), \(result.eventCount) events"
        if let path { line += "; recorded to \(path)" }
        Output.standard.line(line)
        return result.passed
    }

    /// Each session of a script and the log it records to: `output` itself for a script of one
    /// session, else `output` with the session's name before its extension (`run.ipad.navtape`).
    static func outputs(for sessions: [Script], output: String?) -> [(Script, String?)] {
        sessions.map { session in
            guard let output, sessions.count > 1 else { return (session, output) }
            let slash = output.lastIndex(of: "/").map { output.index(after: $0) } ?? output.startIndex
            let name = session.sessionName
            if let dot = output[slash...].lastIndex(of: "."), dot != slash {
                return (session, String(output[..<dot]) + "." + name + String(output[dot...]))
            }
            return (session, output + "." + name)
        }
    }

    /// `T10.navscript`, or `two.navscript [session phone]` for one session of several.
    static func label(file: String, session: String?) -> String { file + (session.map { " [session \($0)]" } ?? "") }

    /// `summarize`, then exit 1 if an expectation failed.
    static func print(_ result: ScriptRun, recordedTo path: String?) throws {
        if !summarize(result, recordedTo: path) { throw ExitCode(ExitStatus.expectationsFailed.rawValue) }
    }
}
