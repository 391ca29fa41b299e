import Foundation
import NavTapeScript
import NavTapeTestSupport
import NavigationCore
import Synchronization
import Testing
@testable import NavTape
@testable import NavTapeInterchange

/// The facts' rows (docs/JSON.md, "Facts"; issue 31): the byte writer `navtape facts` uses for
/// moments spells exactly what ``FactsRows/momentValue(_:session:origin:device:day:)`` says, and
/// every row has exactly the documented columns.
@Suite("Facts rows")
struct FactsRowsTests {
    /// The demo's three logs (a recording, an iPad fork of it, the stale-detail BUG-6 session), two
    /// capture samples recorded (divergences), and an iPad session that says who recorded it (quotes
    /// and a backslash in the app's name), in `scratch`.
    static func logs(in scratch: TemporaryDirectory) throws -> [String] {
        let demo = try DemoSession.record(to: scratch.path("demo.navtape"))
        var paths = [demo.paths.calendarPaste, demo.paths.iPad, demo.paths.staleDetail]
        for sample in ["calendar-paste.intents.jsonl", "fields.intents.jsonl"] {
            let text = try String(contentsOf: CaptureTests.samples.appendingPathComponent(sample), encoding: .utf8)
            let path = scratch.path(sample.replacingOccurrences(of: ".intents.jsonl", with: ".navtape"))
            _ = try CaptureTests.ingest(text, file: sample, into: path)
            paths.append(path)
        }
        let origin = """
            session origin-1
            device ipad landscape
            policy calendar-paste
            primary MN[M]
            secondary NoSelectionNC@NoSelectionNC[NoSelection]
            app Calendar "Paste" \\ é
            appVersion 3.1
            build 88
            os iOS 17.4
            deviceModel iPhone15,5

            launch
            showDetail PasteNC[PasteDetail] from M at +2s
            rotate portrait

            """
        let script = try ScriptParser.parse(origin, file: "origin.navscript")
        _ = try ScriptRunner.run(script, recordingTo: scratch.path("origin.navtape"))
        paths.append(scratch.path("origin.navtape"))
        return paths
    }

    /// Each moment of `machine`'s log with the session's row.
    static func moments(_ machine: TimeMachine, path: String) throws -> ([MomentFacts], SessionFacts) {
        var moments: [MomentFacts] = []
        let session = try Facts.read(path: path, machine: machine) { moments.append($0) }
        return (moments, session)
    }

    /// What the byte writer appends for `moment`, as text.
    static func written(_ moment: MomentFacts, session: String, origin: SessionOrigin, device: String, day: String) -> String {
        var bytes: [UInt8] = []
        let prefix = FactsRows.SessionPrefix(session: session, origin: origin, device: device, day: day)
        FactsRows.appendMoment(moment, prefix: prefix, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("the columns are sorted (the writer's order) and the sets the tables have")
    func columns() {
        #expect(FactsRows.sessionColumns == FactsRows.sessionColumns.sorted())
        #expect(FactsRows.momentColumns == FactsRows.momentColumns.sorted())
        #expect(Set(FactsRows.sessionColumns).count == 34 && Set(FactsRows.momentColumns).count == 28)
        #expect(Facts.schemaVersion == 2)
    }

    @Test("every moment of real logs: the byte writer's line is momentValue's text; the keys are momentColumns")
    func bytesEqualValues() throws {
        let scratch = TemporaryDirectory()
        var seen = (rows: 0, bugs: 0, diverged: 0, pad: 0, rotations: 0, presented: 0)
        for path in try Self.logs(in: scratch) {
            let machine = try TimeMachine(path: path)
            let (moments, session) = try Self.moments(machine, path: path)
            #expect(moments.count == session.summary.commands, "\(path)")
            let origin = machine.sessionDescription.origin, device = machine.sessionDescription.device
            let encode = FactsRows.momentEncoder(machine)
            for moment in moments {
                let value = FactsRows.momentValue(moment, session: machine.sessionID, origin: origin, device: device, day: session.day)
                let text = Self.written(moment, session: machine.sessionID, origin: origin, device: device, day: session.day)
                #expect(text == value.text + "\n", "\(path) @\(moment.first)")
                var encoded: [UInt8] = []
                encode(moment, &encoded)
                #expect(String(decoding: encoded, as: UTF8.self) == text)
                guard case .object(let members) = value else {
                    Issue.record("not an object")
                    continue
                }
                #expect(members.keys.sorted() == FactsRows.momentColumns)
                #expect(try JSONValue.parse(String(text.dropLast())) == value)
                seen.rows += 1
                if !moment.bugs.isEmpty { seen.bugs += 1 }
                if !moment.diverged.isEmpty { seen.diverged += 1 }
                if moment.traits.idiom == .pad { seen.pad += 1 }
                if moment.rotation { seen.rotations += 1 }
                if !moment.tops.presented.isEmpty { seen.presented += 1 }
            }
        }
        // The logs exercise the columns that are usually empty.
        #expect(seen.rows > 50 && seen.bugs > 0 && seen.diverged > 0 && seen.pad > 0 && seen.rotations > 0, "\(seen)")
    }

    @Test("made-up moments: every rule family, every display mode, hostile strings, extreme numbers")
    func bytesEqualValuesEverywhere() throws {
        let rules = RuleID.Family.allCases.flatMap { [RuleID($0, 0), RuleID($0, 9), RuleID($0, 10), RuleID($0, 255)] }
        let names = [
            "", "M", "Paste \"Detail\" \\ é", "tab\tnew\nline\u{1B}[31m", "\u{202E}bidi\u{200B}", "日本語 😀", "\u{7F}\u{85}",
        ]
        var rows = 0
        for (i, mode) in DisplayMode.allCases.enumerated() {
            for (j, name) in names.enumerated() {
                let traits = Traits(
                    horizontalSizeClass: j % 2 == 0 ? .compact : .regular, width: j == 3 ? Int32.max : Int32(320 + j),
                    height: j == 4 ? Int32.min : 480, idiom: i % 2 == 0 ? .phone : .pad)
                var moment = MomentFacts(
                    first: j == 5 ? UInt64(Int64.max) : UInt64(i * 10 + j), last: UInt64(i * 10 + j + 3),
                    time: j == 6 ? Int64.min : 1_795_356_000_000 + Int64(j), command: name,
                    rules: Array((rules + rules).dropFirst(i * 5).prefix(j * 3)),
                    bugs: Array(rules.prefix(j)), divergences: j, rotation: j % 3 == 0, traits: traits, collapsed: j % 2 == 1,
                    displayMode: mode, depths: (j, i, Int(UInt32.max)), tops: (name, names[(j + 1) % names.count], "", name))
                moment.diverged = Array(repeating: name.isEmpty ? "stack" : name, count: j)
                let origins = [
                    SessionOrigin.unknown,
                    SessionOrigin(
                        app: name.isEmpty ? nil : name, appVersion: "3.1", build: "\"88\"", os: "iOS 17.4", deviceModel: "iPhone15,5"),
                ]
                for origin in origins {
                    let session = "s\(j) \(name)", device = names[(j + 2) % names.count]
                    let value = FactsRows.momentValue(moment, session: session, origin: origin, device: device, day: "2026-11-22")
                    let text = Self.written(moment, session: session, origin: origin, device: device, day: "2026-11-22")
                    #expect(text == value.text + "\n", "\(mode) \(name.debugDescription)")
                    #expect(try JSONValue.parse(String(text.dropLast())) == value)
                    rows += 1
                }
            }
        }
        #expect(rows == DisplayMode.allCases.count * names.count * 2)
    }

    @Test("the sessions row: the documented columns, unknown strings \"\", maps as two arrays, the fork's parent")
    func sessionRows() throws {
        let scratch = TemporaryDirectory()
        let paths = try Self.logs(in: scratch)
        for path in paths {
            let machine = try TimeMachine(path: path)
            let (moments, facts) = try Self.moments(machine, path: path)
            guard case .object(let row) = FactsRows.sessionValue(facts) else {
                Issue.record("not an object")
                continue
            }
            #expect(row.keys.sorted() == FactsRows.sessionColumns, "\(path)")
            #expect(row["schema"] == .int(Int64(Facts.schemaVersion)) && row["log"] == .string(path))
            #expect(row["events"] == .int(Int64(machine.eventCount)) && row["commands"] == .int(Int64(moments.count)))
            #expect(row["start"] == .int(machine.startTime) && row["day"] == .string(SessionFacts.day(machine.startTime)))
            guard case .string(let hash)? = row["hash"] else {
                Issue.record("no hash")
                continue
            }
            #expect(hash.count == 16 && hash.allSatisfy { $0.isHexDigit && !$0.isUppercase })
            for name in SessionOrigin.fieldNames {
                #expect(row[name] == .string(machine.sessionDescription.origin[field: name] ?? ""), "\(path) \(name)")
            }
            // Maps as two arrays of the same length, the keys sorted.
            for (keys, values) in [
                ("bugRules", "bugCounts"), ("rejectedRules", "rejectedCounts"), ("screens", "screenTimes"),
                ("displayModes", "displayModeTimes"),
            ] {
                guard case .array(let k)? = row[keys], case .array(let v)? = row[values] else {
                    Issue.record("\(keys), \(values) are not arrays")
                    continue
                }
                #expect(k.count == v.count && k.map(\.text) == k.map(\.text).sorted(), "\(path) \(keys)")
            }
            // The moments add up to the session's row.
            let bugs = facts.summary.bugs.values.reduce(0, +)
            #expect(moments.reduce(0) { $0 + $1.bugs.count } == bugs, "\(path)")
            #expect(moments.reduce(0) { $0 + $1.divergences } == facts.summary.divergences, "\(path)")
            #expect(moments.first?.first == 0 && moments.last?.last == machine.eventCount - 1, "\(path)")
            for (a, b) in zip(moments, moments.dropFirst()) { #expect(b.first == a.last + 1, "\(path) @\(b.first)") }
        }
        let fork = try TimeMachine(path: paths[1])
        let (_, forkFacts) = try Self.moments(fork, path: paths[1])
        let forkRow = FactsRows.sessionValue(forkFacts)
        #expect(forkRow["parentSession"] == .string("demo-iphone-plus") && forkRow["forkIndex"] == .int(0))
        #expect(forkRow["parent"] == .string(fork.parentDescription ?? "?"))
        let stale = try TimeMachine(path: paths[2])
        let staleRow = FactsRows.sessionValue(try Self.moments(stale, path: paths[2]).1)
        #expect(staleRow["bugRules"] == .array([.string("BUG-6")]) && staleRow["bugCounts"] == .array([.int(1)]))
        #expect(staleRow["parentSession"] == .string("") && staleRow["parent"] == .string("") && staleRow["app"] == .string(""))
    }

    @Test("a sessions row read back (serve --clickhouse) is the library's row, 64-bit integers quoted or not; a wrong row names its column")
    func sessionRowsReadBack() throws {
        let scratch = TemporaryDirectory()
        let paths = try Self.logs(in: scratch)
        for path in paths {
            let machine = try TimeMachine(path: path)
            let facts = try Self.moments(machine, path: path).1
            let row = FactsRows.sessionValue(facts)
            #expect(try FactsRows.summary(ofSessionRow: row) == facts.summary, "\(path)")
            // ClickHouse 18.16 writes 64-bit integers as strings in JSON.
            func quoted(_ value: JSONValue) -> JSONValue {
                switch value {
                case .int(let n): .string(String(n))
                case .array(let items): .array(items.map(quoted))
                case .object(let fields): .object(fields.mapValues(quoted))
                default: value
                }
            }
            #expect(try FactsRows.summary(ofSessionRow: quoted(row)) == facts.summary, "\(path)")
        }
        let row = FactsRows.sessionValue(try Self.moments(try TimeMachine(path: paths[2]), path: "x").1)
        guard case .object(var fields) = row else { return }
        fields["bugCounts"] = .array([])
        #expect(throws: JSONError("bugRules, bugCounts: not two arrays of one length")) {
            try FactsRows.summary(ofSessionRow: .object(fields))
        }
        fields["events"] = .string("many")
        fields["bugCounts"] = row["bugCounts"]
        #expect(throws: JSONError("events: not a number")) { try FactsRows.summary(ofSessionRow: .object(fields)) }
        fields["session"] = nil
        #expect(throws: JSONError("session: not a string")) { try FactsRows.summary(ofSessionRow: .object(fields)) }
    }

    @Test("FactsWriter over several logs and jobs: the rows in the logs' order, the same bytes as the values")
    func writerOrder() throws {
        let scratch = TemporaryDirectory()
        let paths = try Self.logs(in: scratch)
        var expectedMoments = "", expectedSessions = ""
        for path in paths {
            let machine = try TimeMachine(path: path)
            let (moments, facts) = try Self.moments(machine, path: path)
            let origin = machine.sessionDescription.origin, device = machine.sessionDescription.device
            for moment in moments {
                let value = FactsRows.momentValue(moment, session: machine.sessionID, origin: origin, device: device, day: facts.day)
                expectedMoments += value.text + "\n"
            }
            expectedSessions += FactsRows.sessionValue(facts).text + "\n"
        }
        for jobs in [1, 3] {
            let sessions = Mutex<[UInt8]>([]), moments = Mutex<[UInt8]>([])
            let writer = FactsWriter(
                sessions: { bytes in sessions.withLock { $0 += bytes } }, moments: { bytes in moments.withLock { $0 += bytes } },
                failed: { index, error in Issue.record("log \(index): \(error)") })
            // A small buffer: later logs wait for the head rather than keep their rows.
            Facts.read(paths, jobs: jobs, tornTail: .refuse, bufferBytes: 256, encoder: writer.encoder, sink: writer)
            #expect(sessions.withLock { String(decoding: $0, as: UTF8.self) } == expectedSessions, "jobs \(jobs)")
            #expect(moments.withLock { String(decoding: $0, as: UTF8.self) } == expectedMoments, "jobs \(jobs)")
            let counts = writer.counts
            #expect(counts.sessions == paths.count && counts.failures == 0)
            #expect(counts.moments == expectedMoments.split(separator: "\n").count)
        }
    }
}
