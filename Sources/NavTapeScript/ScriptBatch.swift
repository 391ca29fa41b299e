import EventLog
import NavTape

/// Running many scenario scripts, as `navtape run` does: every script runs to its end, a malformed
/// or unreadable one is that script's outcome (the others still run), and each session of a script
/// of several runs on its own.
public enum ScriptBatch {
    /// The scripts `arguments` name: files as they are, directories expanded to the `.navscript`
    /// files under them, in name order; and the directories that hold none.
    public static func files(_ arguments: [String]) -> (scripts: [String], empty: [String]) {
        var result: [String] = [], empty: [String] = []
        for argument in arguments {
            guard LogFiles.kind(of: argument) == .directory else {
                result.append(argument)
                continue
            }
            let found = LogFiles.files(under: argument, suffix: ".navscript").files
            if found.isEmpty { empty.append(argument) }
            result += found
        }
        return (result, empty)
    }

    /// Each session of a script and the log it records to: `output` itself for a script of one
    /// session, else `output` with the session's name before its extension (`run.ipad.navtape`).
    public static func outputs(for sessions: [Script], output: String?) -> [(Script, String?)] {
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

    /// Runs the scripts `arguments` name, calling `report` with each outcome as it is known, and
    /// returns them all. With `output`, each session is recorded to its log (see
    /// ``outputs(for:output:)``) as `options` say, after `prepare` has checked the path.
    public static func run(
        _ arguments: [String], output: String? = nil, options: RecorderOptions = RecorderOptions(),
        prepare: (String) throws -> Void = { _ in }, report: (ScriptOutcome) -> Void = { _ in }
    ) throws -> [ScriptOutcome] {
        var outcomes: [ScriptOutcome] = []
        func record(_ outcome: ScriptOutcome) {
            outcomes.append(outcome)
            report(outcome)
        }
        let (paths, empty) = files(arguments)
        for directory in empty {
            var outcome = ScriptOutcome(file: directory, error: ScriptError(file: directory, line: 0, column: 0, "no .navscript scripts in this directory"))
            outcome.unreadable = true
            record(outcome)
        }
        for path in paths {
            let clock = ContinuousClock.now
            let sessions: [Script]
            do {
                let bytes = try LogFiles.read(path, limit: ScriptParser.maximumScriptBytes)
                sessions = try ScriptParser.sessions(String(decoding: bytes, as: UTF8.self), file: path)
            } catch let error as ScriptError {
                record(ScriptOutcome(file: path, error: error, seconds: seconds(since: clock)))
                continue
            } catch let error as EventLogError {
                // A script that cannot be read is this script's error; the others still run.
                var outcome = ScriptOutcome(file: path, error: ScriptError(file: path, line: 0, column: 0, error.detail), seconds: seconds(since: clock))
                outcome.unreadable = error.code == .notFound
                record(outcome)
                continue
            }
            for (script, log) in outputs(for: sessions, output: output) {
                let clock = ContinuousClock.now
                let session = sessions.count > 1 ? script.sessionName : nil
                if let log { try prepare(log) }
                do {
                    let result = try ScriptRunner.run(script, recordingTo: log, options: options)
                    record(ScriptOutcome(file: path, session: session, run: result, seconds: seconds(since: clock), log: log))
                } catch let error as ScriptError {
                    record(ScriptOutcome(file: path, session: session, error: error, seconds: seconds(since: clock), log: log))
                }
            }
        }
        return outcomes
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
