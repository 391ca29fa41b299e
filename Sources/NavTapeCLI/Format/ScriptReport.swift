import NavTapeScript
import ArgumentParser
import NavTape

/// What `run` and `record` print: each failed expectation on standard error, one summary line on
/// standard output.
enum ScriptReport {
    /// Prints the failures and the summary; returns whether every expectation held.
    static func summarize(_ result: ScriptRun, recordedTo path: String?) -> Bool {
        for failure in result.failures { Diagnostics.line(failure.description) }
        let commands = result.steps.count
        var line = result.passed
            ? "PASS \(result.file): \(result.expectationsChecked) expectation\(result.expectationsChecked == 1 ? "" : "s")"
            : "FAIL \(result.file): \(result.failures.count) of \(result.expectationsChecked) expectations failed"
        line += ", \(commands) command\(commands == 1 ? "" : "s"), \(result.eventCount) events"
        if let path { line += "; recorded to \(path)" }
        Output.standard.line(line)
        return result.passed
    }

    /// `summarize`, then exit 1 if an expectation failed.
    static func print(_ result: ScriptRun, recordedTo path: String?) throws {
        if !summarize(result, recordedTo: path) { throw ExitCode(ExitStatus.expectationsFailed.rawValue) }
    }
}
