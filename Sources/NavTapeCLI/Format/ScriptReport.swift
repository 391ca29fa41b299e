import NavTapeScript
import NavigationCore

/// What `run` and `record` print: each failed expectation on standard error, one summary line on
/// standard output.
enum ScriptReport {
    /// Prints the failures and the summary; returns whether every expectation held.
    static func summarize(_ result: ScriptRun, session: String? = nil, recordedTo path: String?) -> Bool {
        for failure in result.failures { Diagnostics.line(failure.description) }
        let commands = result.commandCount
        let name = ScriptOutcome.label(file: result.file, session: session)
        var line =
            result.passed
            ? "PASS \(name): \(Plural.count(result.expectationsChecked, "expectation"))"
            : "FAIL \(name): \(result.failures.count) of \(Plural.count(result.expectationsChecked, "expectation")) failed"
        line += ", \(Plural.count(commands, "command")), \(Plural.count(result.eventCount, "event"))"
        if let path { line += "; recorded to \(path)" }
        Output.standard.line(line)
        return result.passed
    }
}
