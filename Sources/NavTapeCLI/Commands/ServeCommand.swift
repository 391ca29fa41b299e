import ArgumentParser
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Hummingbird
import Logging
import ServiceLifecycle
import NavTape
import NavTapeInterchange
import Synchronization

/// `navtape serve DIR|LOG…`.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a library of sessions to a browser: the library, each session's inspector page, a JSON API.",
        discussion: """
            Listens on loopback (127.0.0.1) unless --host says otherwise. The library is every .navtape \
            under the given directories, read again on each request, so new and growing logs appear. \
            Pages: / (the library), /session/N (the inspector page of session N, around ?at=EVENT). API \
            (docs/JSON.md, "Serve"): /api/sessions, /api/sessions/N/state?at=EVENT, and \
            /api/sessions/N/live?from=EVENT, server-sent events as a log grows: a session page at the end \
            of a log being recorded follows it. Sessions are named \
            by their number in the library, never by a path. Ctrl-C stops the server. The first line \
            printed is the address, once it listens (--port 0 picks a free port).

            Examples:
              navtape serve recordings/
              navtape serve . --port 8080
            """)

    @OptionGroup var input: LogsArgument

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8_080

    @Option(help: "The address to listen on; anything but loopback exposes the sessions to the network.")
    var host = "127.0.0.1"

    @Option(help: "Requests reading logs at once; more get 503 with Retry-After.")
    var maxRequests = SessionLibrary.defaultMaximumWork

    func validate() throws {
        guard !input.logs.isEmpty else { throw ValidationError("Give at least one log or directory.") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535.") }
        guard maxRequests >= 1 else { throw ValidationError("--max-requests must be at least 1.") }
    }

    func run() throws {
        _ = try ManyLogs.paths(input.logs)  // fail now (66) for a path that does not exist
        let library = SessionLibrary(arguments: input.logs, maximumWork: maxRequests)
        let app = Application(
            router: library.router(),
            configuration: .init(address: .hostname(host, port: port), serverName: "navtape"),
            onServerRunning: { [host] channel in
                Output.standard.line("serving \(library.paths().count) sessions at http://\(host):\(channel.localAddress?.port ?? 0)/")
                try? Output.standard.flush()
            },
            logger: .init(label: "navtape-serve", factory: { _ in SwiftLogNoOpLogHandler() }))
        let failure = Mutex<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await app.runService()
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) {
            throw CLIError(.ioError, "navtape serve: \(host):\(port): \(error)")
        }
    }
}

/// The sessions `serve` offers: the logs the arguments name, listed again on each request.
///
/// Each log's summary (a row of the library) is kept while the file's size, time and inode stay the
/// same, so a library page costs one `stat` per log once read, and a growing log is read again.
/// Every request that reads a log runs off Swift's cooperative pool (which also serves the
/// connections), at most ``maximumWork`` at a time (`--max-requests`): beyond that a request gets 503 with
/// `Retry-After`, so a flood of heavy requests queues no unbounded work and fast ones keep flowing.
struct SessionLibrary: Sendable {
    let arguments: [String]
    private let summaries = SummaryCache()
    private let work = WorkLimit()
    /// Requests that read logs, running at once; more get 503.
    let maximumWork: Int

    init(arguments: [String], maximumWork: Int = Self.defaultMaximumWork) {
        self.arguments = arguments
        self.maximumWork = maximumWork
    }

    /// The default of `--max-requests`.
    static let defaultMaximumWork = 64

    /// Each log's library row, read again only for logs that changed.
    func rows(_ paths: [String]) -> [Result<QuerySummary, CLIError>] {
        summaries.rows(paths)
    }

    /// Runs `body` on a thread of its own (not the cooperative pool), or throws 503 when
    /// ``maximumWork`` requests are already running.
    func offload<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        guard work.running.wrappingAdd(1, ordering: .relaxed).newValue <= maximumWork else {
            work.running.wrappingSubtract(1, ordering: .relaxed)
            throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "1"],
                            message: "busy: \(maximumWork) requests are already reading logs; try again")
        }
        defer { work.running.wrappingSubtract(1, ordering: .relaxed) }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    /// The logs, in the order `ManyLogs` lists them (a directory that has become empty lists none).
    func paths() -> [String] {
        (try? ManyLogs.paths(arguments)) ?? arguments.flatMap { Files.isDirectory($0) ? ManyLogs.logs(under: $0) : [$0] }
    }

    /// The log a `/session/N` path names, or 404.
    func path(_ text: String?) throws -> String {
        let paths = paths()
        guard let text, let number = Int(text), paths.indices.contains(number) else {
            throw HTTPError(.notFound, message: "no such session")
        }
        return paths[number]
    }

    /// The point `?at=` names in `machine`'s log (an event index, start or end; default end), or 400.
    static func point(_ text: Substring?, in machine: TimeMachine) throws -> UInt64 {
        guard let text else { return machine.eventCount }
        guard let point = EventPoint(argument: String(text)), let count = try? point.count(in: machine) else {
            throw HTTPError(.badRequest, message: "at: an event from 0 to \(Int64(machine.eventCount) - 1), start or end")
        }
        return count
    }

    /// The one value of query parameter `name`, or `nil`; given twice it is ambiguous (400).
    static func single(_ name: String, in request: Request) throws -> Substring? {
        let values = request.uri.queryParameters.getAll(name)
        guard values.count <= 1 else { throw HTTPError(.badRequest, message: "\(name): given \(values.count) times; give it once") }
        return values.first.map { Substring($0) }
    }

    static func response(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .init("X-Content-Type-Options")!: "nosniff"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func open(_ path: String) throws -> TimeMachine {
        do {
            return try Logs.open(path)
        } catch {
            throw HTTPError(.unprocessableContent, message: Failure.describe(error).message ?? "cannot read the log")
        }
    }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        let library = self
        router.get("/") { _, _ in
            try await library.offload {
                let paths = library.paths()
                return Self.response(LibraryPage.html(paths, rows: library.rows(paths)), type: "text/html; charset=utf-8")
            }
        }
        router.get("/session/:n") { request, context in
            let number = context.parameters.get("n")
            let at = try Self.single("at", in: request)
            return try await library.offload {
                let machine = try Self.open(try library.path(number))
                let around = try Self.point(at, in: machine)
                return Self.response(try InspectPage.html(machine, around: around, maxCommits: 2_000,
                                                          live: "/api/sessions/\(number ?? "")/live"),
                                     type: "text/html; charset=utf-8")
            }
        }
        router.get("/api/sessions") { _, _ in
            try await library.offload {
            let paths = library.paths()
            let rows = library.rows(paths).enumerated().map { number, row -> JSONValue in
                switch row {
                case .success(let summary):
                    return .object(summary.json.merging(["number": .int(Int64(number))]) { $1 })
                case .failure(let failure):
                    return .object(["number": .int(Int64(number)), "log": .string(paths[number]), "error": .string(failure.message)])
                }
            }
            return Self.response(JSONValue.array(rows).text + "\n", type: "application/json")
            }
        }
        router.get("/api/sessions/:n/state") { request, context in
            let number = context.parameters.get("n")
            let at = try Self.single("at", in: request)
            return try await library.offload {
                let machine = try Self.open(try library.path(number))
                let count = try Self.point(at, in: machine)
                let state = try machine.state(at: count)
                let last = count == 0 ? nil : try Logs.lastEvent(before: count, in: machine)
                return Self.response(JSONState.encode(state, index: count, time: last?.time ?? machine.startTime, lastEvent: last?.event,
                                                      policy: machine.sessionDescription.policy).text + "\n", type: "application/json")
            }
        }
        router.get("/api/sessions/:n/live") { request, context in
            let path = try library.path(context.parameters.get("n"))
            let fromText = try Self.single("from", in: request)
            let start = try await library.offload {
                try Self.point(fromText ?? "end", in: try Self.open(path))
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: .init { writer in try await library.stream(path, from: start, into: &writer) })
        }
        return router
    }

    /// How often a live stream looks at its log, and how often it says it is still there when nothing changed.
    static let livePoll: Duration = .milliseconds(200)
    static let liveHeartbeat: Duration = .seconds(5)

    /// Writes the commits of `path` from event `from` (a commit's first event) as server-sent events,
    /// then each time the file changes the commits from the last one sent (which may have grown), until
    /// the client goes away or the server shuts down. Each event is
    /// `event: commits` with data `{"events": N, "commits": […]}` (the page's commit objects).
    func stream(_ path: String, from start: UInt64, into writer: inout any ResponseBodyWriter) async throws {
        var from = start
        var seen: FileVersion?
        var quiet = Duration.zero
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let version = Files.version(of: path)
            var update: (text: String, last: UInt64)?
            if version != seen {
                let current = from
                do {
                    update = try await offload { try Self.commits(path, from: current) }
                    seen = version
                } catch {
                    // Busy (503) or unreadable for the moment: looked at again at the next poll.
                }
            }
            if let update {
                try await writer.write(ByteBuffer(string: "event: commits\ndata: \(update.text)\n\n"))
                from = update.last
                quiet = .zero
            } else if quiet >= Self.liveHeartbeat {
                try await writer.write(ByteBuffer(string: ": still here\n\n"))  // a comment: finds a closed client
                quiet = .zero
            }
            try await Task.sleep(for: Self.livePoll)
            quiet += Self.livePoll
        }
        try await writer.finish(nil)
    }

    /// The commits of `path`'s log from event `from`, with the first event of the last one, or `nil`
    /// when the log holds no event from there.
    static func commits(_ path: String, from: UInt64) throws -> (text: String, last: UInt64)? {
        let machine = try Logs.open(path, tornTail: .ignore)
        guard machine.eventCount > from else { return nil }
        let commits = try InspectPage.commits(machine, from: from, to: machine.eventCount)
        guard case .object(let last)? = commits.last, case .int(let first)? = last["first"] else { return nil }
        let update = JSONValue.object(["events": .int(Int64(machine.eventCount)), "commits": .array(commits)])
        return (update.text, UInt64(first))
    }
}

/// The library page: one row per session, linking to its inspector page. Names are escaped.
enum LibraryPage {
    static func html(_ paths: [String], rows: [Result<QuerySummary, CLIError>]) -> String {
        let rows = rows.enumerated().map { number, row -> String in
            switch row {
            case .success(let s):
                let bugs = s.bugs.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
                let cells = [s.path, s.sessionID, s.device, s.policy, "\(s.events)", "\(s.commands)", duration(s.duration), bugs,
                             s.divergences > 0 ? "\(s.divergences)" : ""]
                return "<tr><td><a href=\"/session/\(number)\">\(number)</a></td>"
                    + cells.map { "<td>\(InspectPage.escapeHTML($0))</td>" }.joined() + "</tr>"
            case .failure(let failure):
                return "<tr><td>\(number)</td><td colspan=\"9\">\(InspectPage.escapeHTML(failure.message))</td></tr>"
            }
        }
        return """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>NavTape library</title>
            <style>body{font:14px system-ui,sans-serif;margin:16px}table{border-collapse:collapse}td,th{padding:4px 8px;border-bottom:1px solid #ddd;text-align:left}</style>
            </head><body><h1>NavTape library</h1><p>\(paths.count) sessions</p>
            <table id="sessions"><thead><tr><th>#</th><th>log</th><th>session</th><th>device</th><th>policy</th><th>events</th><th>commands</th><th>duration</th><th>bugs</th><th>divergences</th></tr></thead>
            <tbody>\(rows.joined(separator: "\n"))</tbody></table></body></html>

            """
    }
}

/// Library rows by log, each valid while its file is unchanged (``FileVersion``).
final class SummaryCache: Sendable {
    private let entries = Mutex<[String: (version: FileVersion, row: Result<QuerySummary, CLIError>)]>([:])

    /// The rows of `paths`, reading (all cores at once) only those new or changed since last asked.
    func rows(_ paths: [String]) -> [Result<QuerySummary, CLIError>] {
        let versions = paths.map(Files.version(of:))
        var rows: [Result<QuerySummary, CLIError>?] = entries.withLock { entries in
            paths.indices.map { i in
                guard let version = versions[i], let entry = entries[paths[i]], entry.version == version else { return nil }
                return entry.row
            }
        }
        let stale = rows.indices.filter { rows[$0] == nil }
        if !stale.isEmpty {
            let read = QuerySummary.read(stale.map { paths[$0] }, jobs: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), strict: false)
            entries.withLock { entries in
                for (k, i) in stale.enumerated() {
                    rows[i] = read[k]
                    // A file that changed while it was read is read again next time.
                    if let version = versions[i], Files.version(of: paths[i]) == version { entries[paths[i]] = (version, read[k]) }
                }
                // Logs no longer listed are forgotten.
                if entries.count > paths.count * 2 + 16 {
                    let listed = Set(paths)
                    entries = entries.filter { listed.contains($0.key) }
                }
            }
        }
        return rows.compactMap { $0 }  // every one is filled above
    }
}

/// How many requests are reading logs right now.
final class WorkLimit: Sendable {
    let running = Atomic<Int>(0)
}
