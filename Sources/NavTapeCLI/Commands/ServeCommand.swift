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
import NavigationCore
import NavigationProjections
import Synchronization

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

            Examples:
              navtape serve recordings/
              navtape serve . --port 8080
              navtape serve . --open
            """)

    @OptionGroup var input: LogsArgument

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8_080

    @Option(help: "The address to listen on; anything but loopback exposes the sessions to the network.")
    var host = "127.0.0.1"

    @Option(help: "Requests reading logs at once; more get 503 with Retry-After.")
    var maxRequests = SessionLibrary.defaultMaximumWork

    @Flag(help: "Open the library in the default browser once the server listens (xdg-open on Linux, open on macOS).")
    var open = false

    func validate() throws {
        guard !input.logs.isEmpty else { throw ValidationError("Give at least one log or directory.") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535.") }
        guard maxRequests >= 1 else { throw ValidationError("--max-requests must be at least 1.") }
    }

    func run() throws {
        _ = try ManyLogs.paths(input.logs)  // fail now (66) for a path that does not exist
        let library = SessionLibrary(arguments: input.logs, maximumWork: maxRequests)
        let app = Application(
            router: library.router(BasicRequestContext.self),
            configuration: .init(address: .hostname(host, port: port), serverName: "navtape"),
            onServerRunning: { [host, open] channel in
                let address = "http://\(host):\(channel.localAddress?.port ?? 0)/"
                Output.standard.line("serving \(library.paths().count) sessions at \(address)")
                try? Output.standard.flush()
                if open { Self.openInBrowser(address) }
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

    /// Hands `address` to the desktop's opener; says so on standard error when there is none (a
    /// server without a desktop), and the server goes on.
    static func openInBrowser(_ address: String) {
        #if canImport(Darwin)
        let opener = "open"
        #else
        let opener = "xdg-open"
        #endif
        var pid = pid_t()
        let arguments = [opener, address]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The opener's chatter stays out of the server's output.
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        guard posix_spawnp(&pid, opener, &actions, nil, &argv, environ) == 0 else {
            Diagnostics.line("navtape serve: cannot open a browser (\(opener) not found); open \(address)")
            return
        }
        let child = pid
        DispatchQueue.global().async {
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)  // reaped, never left a zombie
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
    private let summaries: SummaryCache
    private let work = WorkLimit()
    /// Requests that read logs, running at once; more get 503.
    let maximumWork: Int

    init(arguments: [String], maximumWork: Int = Self.defaultMaximumWork) {
        self.arguments = arguments
        self.maximumWork = maximumWork
        summaries = SummaryCache(arguments: arguments)
    }

    /// The default of `--max-requests`.
    static let defaultMaximumWork = 64

    /// Each log's library row, read again only for logs that changed.
    func rows(_ paths: [String]) -> [Result<QuerySummary, CLIError>] {
        summaries.rows(paths)
    }

    /// The row of `path` if it has been read and the file has not changed since; never reads it.
    func cachedRow(_ path: String) -> QuerySummary? {
        summaries.cached(path)
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

    /// The log a `/session/KEY` or `/session/N` path names, or 404: its key (``key(of:)``), which
    /// stays the same as logs come and go, or its number in the library's order, which does not.
    func path(_ text: String?) throws -> String {
        let paths = paths()
        if let text {
            if text.hasPrefix(Self.keyPrefix), let found = paths.first(where: { Self.key(of: $0) == text }) { return found }
            if let number = Int(text), paths.indices.contains(number) { return paths[number] }
        }
        throw HTTPError(.notFound, message: "no such session")
    }

    static let keyPrefix = "s-"

    /// A session's key in URLs and the API: `s-` and 16 hex digits of a 64-bit FNV-1a hash of the
    /// log's path as listed. A page keeps talking to its own log while others are added before it.
    static func key(of path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return keyPrefix + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The point `?at=` names in `machine`'s log (an event index, start or end; default end), or 400.
    static func point(_ text: Substring?, in machine: TimeMachine, parameter: String = "at") throws -> UInt64 {
        guard let text else { return machine.eventCount }
        guard let point = EventPoint(argument: String(text)), let count = try? point.count(in: machine) else {
            throw HTTPError(.badRequest, message: "\(parameter): an event from 0 to \(Int64(machine.eventCount) - 1), start or end")
        }
        return count
    }

    /// The one value of query parameter `name`, or `nil`; given twice it is ambiguous (400).
    static func single(_ name: String, in request: Request) throws -> Substring? {
        let values = request.uri.queryParameters.getAll(name)
        guard values.count <= 1 else { throw HTTPError(.badRequest, message: "\(name): given \(values.count) times; give it once") }
        return values.first.map { Substring($0) }
    }

    /// A 200 answer of `type` holding `text`, never sniffed as another type.
    static func response(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .init("X-Content-Type-Options")!: "nosniff"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The log at `path`, or 422 with the command line's message when it cannot be read.
    static func open(_ path: String) throws -> TimeMachine {
        do {
            return try Logs.open(path)
        } catch {
            throw HTTPError(.unprocessableContent, message: Failure.describe(error).message ?? "cannot read the log")
        }
    }

    /// The routes: the pages and the JSON API (docs/JSON.md, "Serve"), for requests carrying `context`
    /// (the server's `BasicRequestContext`; the fuzz harness calls the routes without a connection).
    func router<Context: RequestContext>(_ context: Context.Type) -> Router<Context> {
        let router = Router(context: Context.self)
        let library = self
        router.get("/") { request, _ in
            let query = try LibraryQuery(request)
            return try await library.offload {
                let paths = library.paths()
                return Self.response(LibraryPage.html(paths, rows: library.rows(paths), query: query), type: "text/html; charset=utf-8")
            }
        }
        router.get("/session/:n") { request, context in
            let number = context.parameters.get("n")
            let at = try Self.single("at", in: request)
            return try await library.offload {
                let path = try library.path(number)
                let machine = try Self.open(path)
                let around = try Self.point(at, in: machine)
                // A served page reads more as it is scrubbed, so it starts small; it names its log by
                // key, so its reads stay with it while the library changes.
                return Self.response(try InspectPage.html(machine, around: around, maxCommits: 400,
                                                          api: "/api/sessions/\(Self.key(of: path))",
                                                          commands: library.cachedRow(path)?.commands),
                                     type: "text/html; charset=utf-8")
            }
        }
        router.get("/api/sessions") { request, _ in
            let query = try LibraryQuery(request)
            return try await library.offload {
                let paths = library.paths()
                let rows = query.apply(library.rows(paths)).map { number, row -> JSONValue in
                    switch row {
                    case .success(let summary):
                        return .object(summary.json.merging(["number": .int(Int64(number)), "key": .string(Self.key(of: paths[number]))]) { $1 })
                    case .failure(let failure):
                        return .object(["number": .int(Int64(number)), "key": .string(Self.key(of: paths[number])),
                                        "log": .string(paths[number]), "error": .string(failure.message)])
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
        router.get("/api/sessions/:n/diff") { request, context in
            let number = context.parameters.get("n")
            let (a, b) = (try Self.single("a", in: request), try Self.single("b", in: request))
            return try await library.offload {
                let machine = try Self.open(try library.path(number))
                let from = try Self.point(a ?? "start", in: machine, parameter: "a")
                let to = try Self.point(b ?? "end", in: machine, parameter: "b")
                let (before, after) = (try machine.state(at: from), try machine.state(at: to))
                // Each point named as given, as `navtape diff LOG A B --json` names it.
                let name = { (text: Substring?, fallback: String) in EventPoint(argument: String(text ?? "")).map(\.description) ?? fallback }
                return Self.response(DiffCommand.json(diff(before, after), from: "\(machine.path) \(name(a, "start"))",
                                                      to: "\(machine.path) \(name(b, "end"))", names: after, earlier: before).text + "\n",
                                     type: "application/json")
            }
        }
        router.get("/api/sessions/:n/blame") { request, context in
            let number = context.parameters.get("n")
            let what = try Self.single("what", in: request)
            let (at, from, limit) = (try Self.single("at", in: request), try Self.single("from", in: request), try Self.single("limit", in: request))
            guard let what, !what.isEmpty else { throw HTTPError(.badRequest, message: "what: displayMode, collapsed, primary, secondary, presented, traits or a navigation controller") }
            guard let count = Int(limit ?? "1000"), (1...2_000).contains(count) else {
                throw HTTPError(.badRequest, message: "limit: 1 to 2000 changes")
            }
            return try await library.offload {
                let machine = try Self.open(try library.path(number))
                let index = try Self.point(at, in: machine)
                let start = try Self.point(from ?? "start", in: machine, parameter: "from")
                guard start <= index else { throw HTTPError(.badRequest, message: "from: after at") }
                let blame: Blame, state: NavigationState
                do {
                    (blame, state) = try BlameCommand.blame(String(what), in: machine, at: index, from: start, limit: count)
                } catch let error as CLIError {
                    throw HTTPError(.badRequest, message: "what: " + error.message)
                }
                return Self.response(BlameCommand.json(blame, what: String(what), in: machine, at: index, from: start, state: state).text + "\n",
                                     type: "application/json")
            }
        }
        router.get("/api/sessions/:n/commits") { request, context in
            let number = context.parameters.get("n")
            let given = try ["from", "to", "around"].compactMap { name in try Self.single(name, in: request).map { (name, $0) } }
            guard let count = Int(try Self.single("count", in: request) ?? "200"), (1...2_000).contains(count) else {
                throw HTTPError(.badRequest, message: "count: 1 to 2000 commits")
            }
            guard given.count == 1, let (name, text) = given.first else {
                throw HTTPError(.badRequest, message: "from, to or around (one of them): the commits from event @N, before it, or around it")
            }
            return try await library.offload {
                let machine = try Self.open(try library.path(number))
                guard let event = UInt64(text), event <= machine.eventCount, name != "around" || event < machine.eventCount else {
                    throw HTTPError(.badRequest, message: "\(name): an event from 0 to \(machine.eventCount)")
                }
                let range: Range<UInt64>
                switch name {
                case "from":
                    range = event..<(try InspectPage.commitEnd(machine, from: event, count: count))
                case "to":
                    range = (try InspectPage.commitStarts(machine, before: event, count: count).first ?? event)..<event
                default:
                    range = try InspectPage.window(machine, holding: event, count: count)
                }
                let commits = range.isEmpty ? [] : try InspectPage.commits(machine, from: range.lowerBound, to: range.upperBound)
                return Self.response(JSONValue.object([
                    "events": .int(Int64(machine.eventCount)), "from": .int(Int64(range.lowerBound)), "to": .int(Int64(range.upperBound)),
                    "commits": .array(commits),
                ]).text + "\n", type: "application/json")
            }
        }
        router.get("/api/sessions/:n/whatif") { request, context in
            let number = context.parameters.get("n")
            let at = try Self.single("at", in: request)
            var device: Device?, policy: SplitPolicy?
            if let text = try Self.single("device", in: request), !text.isEmpty {
                guard let named = Device(rawValue: String(text)) else {
                    throw HTTPError(.badRequest, message: "device: one of \(Device.presetNames)")
                }
                device = named
            }
            if let text = try Self.single("policy", in: request), !text.isEmpty {
                switch Result(catching: { () throws(NotationError) in try SplitPolicy(parsing: String(text)) }) {
                case .success(let parsed): policy = parsed
                case .failure(let error):
                    throw HTTPError(.badRequest, message: "policy: character \(error.offset + 1): \(error.message)")
                }
            }
            let (chosenDevice, chosenPolicy) = (device, policy)
            return try await library.offload {
                let machine = try Self.open(try library.path(number))
                let point = try Self.point(at ?? "start", in: machine)
                guard machine.eventCount - point <= Self.maximumWhatIfEvents else {
                    throw HTTPError(.unprocessableContent, message: "at: \(machine.eventCount - point) events to re-decide, more than "
                        + "\(Self.maximumWhatIfEvents) here; navtape fork re-decides any length")
                }
                return Self.response(try Self.whatIf(machine, at: point, device: chosenDevice, policy: chosenPolicy).text + "\n",
                                     type: "application/json")
            }
        }
        router.get("/api/sessions/:n/live") { request, context in
            let path = try library.path(context.parameters.get("n"))
            let fromText = try Self.single("from", in: request)
            // `from` names the first event to send (@N), a commit's first; default: from the end.
            let start = try await library.offload {
                let machine = try Self.open(path)
                guard let text = fromText else { return machine.eventCount }
                guard let first = UInt64(text), first <= machine.eventCount else {
                    throw HTTPError(.badRequest, message: "from: the first event to send, 0 to \(machine.eventCount)")
                }
                return first
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: .init { writer in try await library.stream(path, from: start, into: &writer) })
        }
        return router
    }

    /// The most events `/whatif` re-decides (a branch is written to a temporary log, read, and removed),
    /// and the most of the branch's commits it answers with (`"complete": false` when there are more).
    static let maximumWhatIfEvents: UInt64 = 200_000
    static let maximumWhatIfCommits = 2_000

    /// Re-decides `machine`'s log from `point` (moved back to the start of its commit) on `device` under
    /// `policy` (each `nil`: unchanged), as `navtape fork` does, into a temporary log that is removed:
    /// `{"fork": EVENT, "device": …, "policy": …, "commands": N, "events": N, "complete": Bool, "commits": […]}`,
    /// the branch's first ``maximumWhatIfCommits`` commits as the page draws them (their event indexes
    /// count from the fork).
    static func whatIf(_ machine: TimeMachine, at point: UInt64, device: Device?, policy: SplitPolicy?) throws -> JSONValue {
        let (report, branch) = try WhatIf.branch(machine, at: point, policy: policy, device: device,
                                                 sessionID: "\(machine.sessionID)-whatif-\(point)")
        let to = try InspectPage.commitEnd(branch, from: 0, count: maximumWhatIfCommits)
        return .object([
            "fork": .int(Int64(report.forkIndex)), "device": .string(branch.sessionDescription.device),
            "policy": .string(branch.sessionDescription.policy.name), "commands": .int(Int64(report.commandsRedecided)),
            "events": .int(Int64(branch.eventCount)), "complete": .bool(to == branch.eventCount),
            "commits": .array(try InspectPage.commits(branch, from: 0, to: to)),
        ])
    }

    /// How often a live stream looks at its log, and how often it says it is still there when nothing changed.
    static let livePoll: Duration = .milliseconds(200)
    static let liveHeartbeat: Duration = .seconds(5)

    /// Writes the commits of `path` from event `from` (a commit's first event) as server-sent events,
    /// then each time the file changes the commits from the last one sent (which may have grown), until
    /// the client goes away or the server shuts down. Each event is `event: commits` with data
    /// `{"events": N, "commits": […]}` (the page's commit objects), at most ``liveBatch`` commits: a
    /// client far behind the end gets the rest batch after batch, never the whole log at once.
    func stream(_ path: String, from start: UInt64, into writer: inout any ResponseBodyWriter) async throws {
        var from = start
        var seen: FileVersion?
        var quiet = Duration.zero
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let version = Files.version(of: path)
            var update: LiveUpdate?
            if version != seen {
                let current = from
                do {
                    update = try await offload { try Self.commits(path, from: current) }
                    // More to send: look again at once, whether or not the file changes.
                    seen = update?.complete == false ? nil : version
                } catch {
                    // Busy (503) or unreadable for the moment: looked at again at the next poll.
                }
            }
            if let update {
                try await writer.write(ByteBuffer(string: "event: commits\ndata: \(update.text)\n\n"))
                from = update.next
                quiet = .zero
                if !update.complete { continue }
            } else if quiet >= Self.liveHeartbeat {
                try await writer.write(ByteBuffer(string: ": still here\n\n"))  // a comment: finds a closed client
                quiet = .zero
            }
            try await Task.sleep(for: Self.livePoll)
            quiet += Self.livePoll
        }
        try await writer.finish(nil)
    }

    /// The most commits one live update holds.
    static let liveBatch = 200

    /// One live update: its JSON text, where the next one starts, and whether it reached the log's end.
    struct LiveUpdate: Sendable {
        var text: String
        /// The first event of the next update: the start of the last commit sent when the update
        /// reached the end (that commit may still grow), else the first commit not sent.
        var next: UInt64
        var complete: Bool
    }

    /// The commits of `path`'s log from event `from`, at most ``liveBatch`` of them, or `nil` when the
    /// log holds no event from there.
    static func commits(_ path: String, from: UInt64) throws -> LiveUpdate? {
        let machine = try Logs.open(path, tornTail: .ignore)
        guard machine.eventCount > from else { return nil }
        let to = try InspectPage.commitEnd(machine, from: from, count: liveBatch)
        let commits = try InspectPage.commits(machine, from: from, to: to)
        let complete = to == machine.eventCount
        let next = complete ? try InspectPage.commitStarts(machine, before: to, count: 1).first ?? from : to
        let update = JSONValue.object(["events": .int(Int64(machine.eventCount)), "commits": .array(commits)])
        return LiveUpdate(text: update.text, next: next, complete: complete)
    }
}

/// What the library page and `/api/sessions` show: the sessions passing a ``QueryFilter``
/// (`bug`, `rejected`, `device`, `screen`, each repeatable, and `diverged=1`), in an order
/// (`sort` = number, log, session, device, policy, style, events, commands, duration, bugs, divergences, parent;
/// `order` = asc or desc). A session keeps its number in the library whatever is shown.
struct LibraryQuery: Sendable, Equatable {
    var filter = QueryFilter()
    var sort = "number"
    var descending = false

    static let sortKeys = ["number", "log", "session", "device", "policy", "style", "events", "commands", "duration", "bugs",
                           "divergences", "parent"]

    init() {}

    /// Reads the request's parameters; an unknown rule, sort key, order or parameter is 400 naming it.
    init(_ request: Request) throws {
        let parameters = request.uri.queryParameters
        func all(_ name: String) -> [String] { parameters.getAll(name).map { String($0) } }
        for (key, _) in parameters where !["bug", "rejected", "device", "screen", "diverged", "sort", "order"].contains(String(key)) {
            throw HTTPError(.badRequest, message: "\(key): not a parameter of the library (bug, rejected, device, screen, diverged, sort, order)")
        }
        filter.bugs = all("bug").filter { !$0.isEmpty }
        filter.rejected = all("rejected").filter { !$0.isEmpty }
        filter.devices = all("device").filter { !$0.isEmpty }
        filter.screens = all("screen").filter { !$0.isEmpty }
        for rule in filter.bugs + filter.rejected where RuleID(parsing: rule) == nil {
            throw HTTPError(.badRequest, message: "bug: '\(rule)' is not a rule ID such as BUG-6 or NV-1")
        }
        switch all("diverged") {
        case [], [""], ["0"]: break
        case ["1"]: filter.diverged = true
        default: throw HTTPError(.badRequest, message: "diverged: 1 or 0, once")
        }
        let sorts = all("sort"), orders = all("order")
        guard sorts.count <= 1, orders.count <= 1 else { throw HTTPError(.badRequest, message: "sort, order: give each once") }
        if let key = sorts.first, !key.isEmpty {
            guard Self.sortKeys.contains(key) else {
                throw HTTPError(.badRequest, message: "sort: one of \(Self.sortKeys.joined(separator: ", "))")
            }
            sort = key
        }
        switch orders.first {
        case nil, "", "asc": descending = false
        case "desc": descending = true
        default: throw HTTPError(.badRequest, message: "order: asc or desc")
        }
    }

    /// The rows shown, each with its number in the library. With a filter, unreadable logs are left out.
    func apply(_ rows: [Result<QuerySummary, CLIError>]) -> [(number: Int, row: Result<QuerySummary, CLIError>)] {
        let kept = rows.enumerated().filter { _, row in
            guard case .success(let summary) = row else { return filter.isEmpty }
            return filter.matches(summary)
        }.map { (number: $0.offset, row: $0.element) }
        guard sort != "number" else { return descending ? kept.reversed() : kept }
        func key(_ summary: QuerySummary) -> SortKey {
            switch sort {
            case "log": .text(summary.path)
            case "session": .text(summary.sessionID)
            case "device": .text(summary.device)
            case "policy": .text(summary.policy)
            case "style": .text(summary.style)
            case "parent": .text(summary.parent ?? "")
            case "events": .number(Int64(summary.events))
            case "commands": .number(Int64(summary.commands))
            case "duration": .number(summary.duration)
            case "bugs": .number(Int64(summary.bugs.values.reduce(0, +)))
            default: .number(Int64(summary.divergences))
            }
        }
        // Unreadable logs last; ties keep the library's order.
        return kept.sorted { a, b in
            switch (a.row, b.row) {
            case (.success(let x), .success(let y)):
                let (kx, ky) = (key(x), key(y))
                if kx == ky { return a.number < b.number }
                return descending ? ky < kx : kx < ky
            case (.success, .failure): return true
            case (.failure, .success): return false
            case (.failure, .failure): return a.number < b.number
            }
        }
    }

    private enum SortKey: Comparable {
        case number(Int64)
        case text(String)
    }

    /// The query string of this query sorted by `key` (the other order when it is already sorted by it).
    func link(sortingBy key: String) -> String {
        var pairs: [(String, String)] = []
        pairs += filter.bugs.map { ("bug", $0) } + filter.rejected.map { ("rejected", $0) }
        pairs += filter.devices.map { ("device", $0) } + filter.screens.map { ("screen", $0) }
        if filter.diverged { pairs.append(("diverged", "1")) }
        pairs.append(("sort", key))
        if key == sort && !descending { pairs.append(("order", "desc")) }
        return "?" + pairs.map { "\($0.0)=\(Self.percentEncoded($0.1))" }.joined(separator: "&")
    }

    private static let hexDigits = Array("0123456789ABCDEF")

    /// `text` percent-encoded for a query value (RFC 3986 unreserved characters kept).
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(Self.hexDigits[Int(byte >> 4)]) + String(Self.hexDigits[Int(byte & 15)])
            }
        }
        return out
    }
}

/// The library page: a filter form (device, bug, screen seen, diverged), one row per session shown,
/// columns sortable by their headers, each session linking to its inspector page. Names are escaped.
enum LibraryPage {
    /// The page for the library `paths` with their `rows`, as `query` shows them.
    static func html(_ paths: [String], rows all: [Result<QuerySummary, CLIError>], query: LibraryQuery = LibraryQuery()) -> String {
        let summaries = all.compactMap { try? $0.get() }
        func options(_ name: String, _ values: Set<String>, selected: [String]) -> String {
            "<select name=\"\(name)\"><option value=\"\">any \(name)</option>"
                + values.sorted().map { value in
                    "<option\(selected.contains(value) ? " selected" : "")>\(InspectPage.escapeHTML(value))</option>"
                }.joined() + "</select>"
        }
        let form = "<form id=\"filter\" method=\"get\" action=\"/\">"
            + options("device", Set(summaries.map(\.device)), selected: query.filter.devices)
            + options("bug", Set(summaries.flatMap(\.bugs.keys)), selected: query.filter.bugs)
            + options("screen", Set(summaries.flatMap(\.screens.keys)), selected: query.filter.screens)
            + "<label><input type=\"checkbox\" name=\"diverged\" value=\"1\"\(query.filter.diverged ? " checked" : "")> diverged</label>"
            + "<input type=\"hidden\" name=\"sort\" value=\"\(query.sort)\"><button>show</button> <a href=\"/\">all</a></form>"
        let shown = query.apply(all)
        let rows = shown.map { number, row -> String in
            switch row {
            case .success(let s):
                let bugs = s.bugs.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
                let cells = [s.path, s.sessionID, s.device, s.policy, s.style, "\(s.events)", "\(s.commands)", duration(s.duration), bugs,
                             s.divergences > 0 ? "\(s.divergences)" : "", s.parent ?? ""]
                return "<tr><td><a href=\"/session/\(SessionLibrary.key(of: s.path))\">\(number)</a></td>"
                    + cells.map { "<td>\(InspectPage.escapeHTML($0))</td>" }.joined() + "</tr>"
            case .failure(let failure):
                return "<tr><td>\(number)</td><td colspan=\"11\">\(InspectPage.escapeHTML(failure.message))</td></tr>"
            }
        }
        return """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>NavTape library</title>
            <style>body{font:14px system-ui,sans-serif;margin:16px}table{border-collapse:collapse}td,th{padding:4px 8px;border-bottom:1px solid #ddd;text-align:left}</style>
            </head><body><h1>NavTape library</h1><p>\(paths.count) sessions</p>
            \(form)<p id="shown">\(shown.count) shown\(query.filter.isEmpty ? "" : ": " + InspectPage.escapeHTML(query.filter.text))</p>
            <table id="sessions"><thead><tr>\(headers(query))</tr></thead>
            <tbody>\(rows.joined(separator: "\n"))</tbody></table></body></html>

            """
    }

    /// The column headers, each a link sorting by it (again: the other order); the sorted one marked.
    static func headers(_ query: LibraryQuery) -> String {
        zip(["#", "log", "session", "device", "policy", "style", "events", "commands", "duration", "bugs", "divergences", "fork of"],
            LibraryQuery.sortKeys)
            .map { title, key in
                let mark = key == query.sort ? (query.descending ? " ▼" : " ▲") : ""
                return "<th><a href=\"\(query.link(sortingBy: key))\">\(title)\(mark)</a></th>"
            }.joined()
    }
}

/// Library rows by log, each valid while its file is unchanged (``FileVersion``), kept across runs
/// in a catalogue file in each served directory (`.navtape-catalogue.jsonl`): read when the server
/// starts, rewritten (whole, atomically) when rows were read; missing, damaged or unwritable, it is
/// rebuilt or simply not kept.
final class SummaryCache: Sendable {
    private let entries = Mutex<[String: (version: FileVersion, row: Result<QuerySummary, CLIError>)]>([:])
    private let directories: [String]

    /// The catalogue's name in a served directory.
    static let catalogueName = ".navtape-catalogue.jsonl"

    /// A cache over the logs of `arguments`, starting from the catalogues of the directories among them.
    init(arguments: [String]) {
        directories = arguments.filter(Files.isDirectory)
        var loaded: [String: (version: FileVersion, row: Result<QuerySummary, CLIError>)] = [:]
        for directory in directories {
            // A catalogue past 64 MiB (a row is ~300 bytes) is not one this server wrote: rebuilt.
            guard let text = try? Files.readText(directory + "/" + Self.catalogueName, limit: 64 << 20) else { continue }
            for line in text.split(separator: "\n") {
                guard let value = try? JSONValue.parse(String(line)), case .int(let size)? = value["size"],
                      case .int(let modified)? = value["modified"], case .int(let inode)? = value["inode"],
                      let row = value["row"].flatMap(QuerySummary.init(catalogue:)) else { continue }
                let version = FileVersion(size: UInt64(bitPattern: size), modified: modified, inode: UInt64(bitPattern: inode))
                loaded[row.path] = (version, .success(row))
            }
        }
        entries.withLock { $0 = loaded }
    }

    /// Rewrites the catalogue of each served directory holding one of `changed`, with the rows of its logs.
    private func save(_ changed: [String]) {
        let rows = entries.withLock { $0 }
        for directory in directories {
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            guard changed.contains(where: { $0.hasPrefix(prefix) }) else { continue }
            var text = ""
            for (path, entry) in rows.sorted(by: { $0.key < $1.key }) where path.hasPrefix(prefix) {
                guard case .success(let row) = entry.row else { continue }
                text += JSONValue.object([
                    "size": .int(Int64(bitPattern: entry.version.size)), "modified": .int(entry.version.modified),
                    "inode": .int(Int64(bitPattern: entry.version.inode)), "row": row.catalogueJSON,
                ]).text + "\n"
            }
            try? Files.writeText(text, to: prefix + Self.catalogueName, force: true)
        }
    }

    /// The row of `path` when it is kept and the file is unchanged.
    func cached(_ path: String) -> QuerySummary? {
        guard let version = Files.version(of: path) else { return nil }
        return entries.withLock { entries in
            guard let entry = entries[path], entry.version == version else { return nil }
            return try? entry.row.get()
        }
    }

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
            save(stale.map { paths[$0] })
        }
        return rows.compactMap { $0 }  // every one is filled above
    }
}

/// How many requests are reading logs right now.
final class WorkLimit: Sendable {
    let running = Atomic<Int>(0)
}
