import ArgumentParser
import EventLog
import NavTape
import NavTapeFleet
import NavTapeInterchange
import NavTapeServer
import NavigationCore

/// `navtape serve DIR|LOG…`.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a library of sessions to a browser: the library, each session's inspector page, a JSON API.",
        discussion: """
            Listens on loopback (127.0.0.1) unless --host says otherwise. The library is every .navtape \
            under the given directories, read again on each request, so new and growing logs appear; each log's \
            row is kept in .navtape-catalogue.jsonl in its directory until the log changes. \
            Pages: / (the library), /session/KEY (the inspector page of a session, around ?at=EVENT). API \
            (docs/JSON.md, "Serve"): /api/sessions, /api/sessions/KEY/state?at=EVENT, and \
            /api/sessions/KEY/live?from=EVENT, server-sent events as a log grows: a session page at the end \
            of a log being recorded follows it. A session is named by its key (the library lists it; it \
            stays the same while logs are added) or its number in the library, never by a path. Ctrl-C stops the server. The first line \
            printed is the address, once it listens (--port 0 picks a free port).

            With --clickhouse URL, the library lists, filters, sorts and pages the sessions of a fleet's \
            sessions table (navtape facts, navtape ingest; docs/Fleet.md) instead of reading the logs: a \
            session opens when its log, as the facts name it, is one of the served files.

            Examples:
              navtape serve recordings/
              navtape serve . --port 8080
              navtape serve . --open
              navtape serve --clickhouse http://127.0.0.1:8123/ day-12/
            """)

    @OptionGroup var input: LogsArgument

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8_080

    @Option(help: "The address to listen on; anything but loopback exposes the sessions to the network.")
    var host = "127.0.0.1"

    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            "Also answer requests that name this host (a name or address the server is reached by); others get 403.", valueName: "name"))
    var allowHost: [String] = []

    @Option(help: "Requests reading logs at once; more get 503 with Retry-After.")
    var maxRequests = InspectorServer.Configuration().maximumWork

    @Flag(help: "Open the library in the default browser once the server listens (xdg-open on Linux, open on macOS).")
    var open = false

    @Option(help: ArgumentHelp("List the sessions of a fleet's sessions table on this ClickHouse server (HTTP interface).", valueName: "url"))
    var clickhouse: String?

    @Option(name: .customLong("clickhouse-table"), help: ArgumentHelp("The table --clickhouse lists ([database.]name).", valueName: "name"))
    var clickhouseTable = "sessions"

    func validate() throws {
        guard !input.logs.isEmpty || clickhouse != nil else { throw ValidationError("Give at least one log or directory.") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535.") }
        guard maxRequests >= 1 else { throw ValidationError("--max-requests must be at least 1.") }
    }

    func run() throws {
        // A missing path, or a directory with no log, is exit 66 now, not a library of nothing.
        for root in input.logs where LogFiles.kind(of: root) == .missing {
            throw NavTapeError(.notFound, path: root, "no such file or directory")
        }
        _ = try input.paths()
        let library = SessionLibrary(roots: input.logs, catalogue: JSONCatalogue(), jobs: Cores.count)
        let (configuration, count) = try settings(for: library)
        let server = InspectorServer(library: library, configuration: configuration)
        let open = self.open, source = configuration.index.map { " (\($0.source))" } ?? ""
        do {
            try server.runUntilStopped { address in
                Output.standard.line("serving \(Plural.count(count, "session"))\(source) at \(address)")
                try? Output.standard.flush()
                if open && !Browser.open(address) {
                    Diagnostics.line("navtape serve: cannot open a browser (\(Browser.opener) not found); open \(address)")
                }
            }
        } catch {
            throw CLIError(.ioError, "navtape serve: \(host):\(port): \(error)")
        }
    }

    /// The server's settings from the options, and how many sessions it serves (a fleet's table is
    /// checked here, before the server listens).
    func settings(for library: SessionLibrary) throws -> (InspectorServer.Configuration, sessions: Int) {
        var configuration = InspectorServer.Configuration()
        (configuration.host, configuration.port, configuration.maximumWork, configuration.allowedHosts) = (host, port, maxRequests, allowHost)
        guard let clickhouse else { return (configuration, library.logs().paths.count) }
        let fleet = try FleetSessions(url: clickhouse, table: clickhouseTable)
        configuration.index = fleet
        return (configuration, try fleet.sessionCount())
    }
}
