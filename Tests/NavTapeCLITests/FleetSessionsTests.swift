import NavTape
import Testing
@testable import NavTapeFleet

/// `navtape serve --clickhouse` (issue 31, point 6): the SQL a library view becomes. Its answers are
/// checked against `navtape serve` over the same logs by the engine test (scripts/engine-test,
/// two real ClickHouse servers); here, what no answer shows: nothing a user types can leave its
/// string literal, and the table name is refused unless it is a name.
@Suite("Fleet sessions: a library view as SQL")
struct FleetSessionsTests {
    @Test("values are string literals nothing can end: quotes, backslashes and every byte outside printable ASCII escaped")
    func literals() {
        #expect(FleetSessions.literal("ipad") == "'ipad'")
        #expect(FleetSessions.literal("x' OR 1=1 --") == "'x\\' OR 1=1 --'")
        #expect(FleetSessions.literal("a\\') FORMAT TSV") == "'a\\\\\\') FORMAT TSV'")
        #expect(FleetSessions.literal("é\n\u{0}") == "'\\xC3\\xA9\\x0A\\x00'")
    }

    @Test("the filter: every filter must pass, a filter of several values when any does")
    func conditions() {
        #expect(FleetSessions.condition(SessionFilter()) == "1")
        let filter = SessionFilter(bugs: ["BUG-6", "BUG-3"], rejected: ["NV-1"], devices: ["ipad"], screens: ["Paste'Detail"], diverged: true)
        #expect(
            FleetSessions.condition(filter)
                == "hasAny(bugRules, ['BUG-6', 'BUG-3']) AND hasAny(rejectedRules, ['NV-1']) AND device IN ('ipad') "
                + "AND hasAny(screens, ['Paste\\'Detail']) AND divergences > 0")
    }

    @Test("the order: every sort key, ties by log path as the library breaks them; number is the path order")
    func orders() {
        func order(_ key: String, _ descending: Bool = false) -> String {
            FleetSessions.order(LibraryView(filter: SessionFilter(), sort: key, descending: descending))
        }
        #expect(order("number") == "log" && order("number", true) == "log DESC" && order("log", true) == "log DESC")
        #expect(order("bugs", true) == "arraySum(bugCounts) DESC, log" && order("events") == "events, log")
        for key in LibraryView.sortKeys where !["number", "log", "bugs"].contains(key) {
            #expect(order(key) == "\(key), log" && order(key, true) == "\(key) DESC, log", "\(key)")
        }
    }

    @Test("a table is [database.]name of letters, digits and _; the URL is checked as ingest checks it")
    func tables() throws {
        #expect(try FleetSessions(url: "http://127.0.0.1:8123/", table: "fleet.sessions_all").table == "fleet.sessions_all")
        for bad in ["", "sessions; DROP TABLE x", "a.b.c", "s`x", ".sessions", "sessions "] {
            #expect(throws: FleetError.self, "\(bad)") { try FleetSessions(url: "http://127.0.0.1:8123/", table: bad) }
        }
        #expect(throws: FleetError.self) { try FleetSessions(url: "ftp://x/") }
    }
}
