import NavigationCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JUnit XML report of script runs: the layout CI servers read (Jenkins, GitLab, GitHub
/// actions' reporters), valid against the common `JUnit.xsd` (Apache Ant's, as Windy Road
/// publishes it): one `testsuite` with `properties`, a `testcase` per script session, and
/// `system-out`/`system-err`. A failed expectation is a `failure` whose text lists every failed
/// line as `FILE:LINE: expected X, got Y`; a script that cannot be parsed or run is an `error`.
public enum JUnitReport {
    /// The report of `outcomes`, run at `timestamp` (milliseconds since the epoch).
    public static func render(_ outcomes: [ScriptOutcome], timestamp: Int64) -> String {
        let failures = outcomes.filter { $0.run.map { !$0.passed } ?? false }.count
        let errors = outcomes.filter { $0.error != nil }.count
        let total = outcomes.reduce(0) { $0 + $1.seconds }
        // The schema's timestamp has no fraction and no zone (UTC here).
        let date = String(SessionTime.iso8601(timestamp).prefix(19))
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites>"# + "\n"
        xml +=
            #"  <testsuite package="navtape" id="0" name="navtape run" timestamp="\#(date)" hostname="\#(escape(hostname()))" "#
            + #"tests="\#(outcomes.count)" failures="\#(failures)" errors="\#(errors)" skipped="0" time="\#(seconds(total))">"# + "\n"
        xml += "    <properties/>\n"
        for outcome in outcomes {
            let open = #"    <testcase name="\#(escape(outcome.name))" classname="\#(escape(className(outcome.file)))" time="\#(seconds(outcome.seconds))""#
            if let error = outcome.error {
                xml += open + ">\n"
                xml += #"      <error message="\#(escape(error.message))" type="script">\#(escape(error.description))</error>"# + "\n"
                xml += "    </testcase>\n"
            } else if let run = outcome.run, !run.passed {
                let lines = run.failures.map(\.description)
                let message = "\(run.failures.count) of \(run.expectationsChecked) expectations failed"
                xml += open + ">\n"
                xml += #"      <failure message="\#(escape(message))" type="expectation">\#(escape(lines.joined(separator: "\n")))</failure>"# + "\n"
                xml += "    </testcase>\n"
            } else {
                xml += open + "/>\n"
            }
        }
        xml += "    <system-out/>\n    <system-err/>\n  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// `Tests.Scenarios.T10` for `Tests/Scenarios/T10.navscript`: the directory as a package, the
    /// file's base name as the class.
    static func className(_ file: String) -> String {
        var parts = file.split(separator: "/").map(String.init).filter { $0 != "." && $0 != ".." && !$0.isEmpty }
        if let last = parts.last, let dot = last.lastIndex(of: "."), dot != last.startIndex { parts[parts.count - 1] = String(last[..<dot]) }
        let name = parts.joined(separator: ".")
        return name.isEmpty ? "script" : name
    }

    static func seconds(_ value: Double) -> String {
        let milliseconds = Int64((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text for an XML attribute or element: the five markup characters as entities, and characters
    /// XML 1.0 cannot hold (controls other than tab, newline and return) as `\u{…}` text.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}
