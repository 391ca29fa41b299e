import Foundation
import Testing
import NavTapeTestSupport

/// Issue 13, point 3: `timeline --from/--to` (an event or a time) and `--limit`, so a user can ask
/// about a window of a long log; the window is the whole timeline's part, byte for byte.
@Suite("timeline windows")
struct TimelineWindowTests {
    /// Each JSON line with its text (compared byte for byte: keys are written sorted).
    static func lines(_ result: Navtape.Result) throws -> [(text: String, object: [String: Any])] {
        #expect(result.status == 0, "\(result)")
        return try result.stdout.split(separator: "\n").map {
            (String($0), try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]))
        }
    }

    static func index(_ line: (text: String, object: [String: Any])) -> Int? { line.object["index"] as? Int }

    @Test("--from/--to keep the whole timeline's changes inside the window; the first object is what was visible at --from")
    func window() throws {
        let scratch = Scratch()
        #expect(try scratch.navtape("generate", "--events", "4000", "--seed", "5", "-o", "g.navtape").status == 0)
        let whole = try Self.lines(scratch.navtape("timeline", "g.navtape", "--json"))
        let changes = whole.dropFirst()
        #expect(changes.count > 20)
        let from = try #require(Self.index(changes[changes.startIndex + 5])), to = try #require(Self.index(changes[changes.startIndex + 15]))
        let part = try Self.lines(scratch.navtape("timeline", "g.navtape", "--from", "\(from)", "--to", "\(to)", "--json"))
        // What was visible after @from is what the change at @from made visible.
        #expect(Self.index(part[0]) == from)
        #expect(part[0].object["visible"] as? [String] == changes[changes.startIndex + 5].object["visible"] as? [String])
        #expect(part[0].object["event"] == nil)
        let expected = changes.filter { (Self.index($0) ?? -1) > from && (Self.index($0) ?? .max) <= to }
        #expect(part.dropFirst().map(\.text) == expected.map(\.text))
        #expect(part.count - 1 == 10)

        let limited = try Self.lines(scratch.navtape("timeline", "g.navtape", "--from", "\(from)", "--limit", "3", "--json"))
        #expect(limited.dropFirst().map(\.text) == expected.prefix(3).map(\.text))

        let text = try scratch.navtape("timeline", "g.navtape", "--from", "\(from)", "--limit", "2")
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.split(separator: "\n").count == 4, "title, the starting point, two changes: \(text.stdout)")
        #expect(text.stdout.split(separator: "\n")[1].hasPrefix("after @\(from)"))
    }

    @Test("--from takes a time: +SECONDS from the start reads from the last event at or before it, as state --time")
    func fromATime() throws {
        let scratch = Scratch()
        #expect(try scratch.navtape("generate", "--events", "2000", "--seed", "8", "-o", "g.navtape").status == 0)
        let state = try #require(
            try JSONSerialization.jsonObject(
                with: Data(scratch.navtape("state", "g.navtape", "--time", "+600", "--json").stdout.utf8)) as? [String: Any])
        let after = try #require(state["event"] as? Int)
        let byTime = try Self.lines(scratch.navtape("timeline", "g.navtape", "--from", "+600", "--limit", "5", "--json"))
        let byIndex = try Self.lines(scratch.navtape("timeline", "g.navtape", "--from", "\(after)", "--limit", "5", "--json"))
        #expect(byTime.map(\.text) == byIndex.map(\.text))
        #expect(Self.index(byTime[0]) == after)
    }

    @Test("a window the wrong way round, a limit below 1 and a point past the end are usage errors (64)")
    func badWindows() throws {
        let scratch = Scratch()
        try scratch.recordFixture()
        let backwards = try scratch.navtape("timeline", "t.navtape", "--from", "5", "--to", "2")
        #expect(backwards.status == 64 && backwards.stderr.contains("--from @5 is after --to @2"), "\(backwards)")
        #expect(try scratch.navtape("timeline", "t.navtape", "--limit", "0").status == 64)
        let past = try scratch.navtape("timeline", "t.navtape", "--from", "100000")
        #expect(past.status == 64 && past.stderr.contains("past the end"), "\(past)")
        #expect(try scratch.navtape("timeline", "t.navtape", "--from", "soon").status == 64)
    }
}
