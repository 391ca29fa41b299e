import Dispatch
import EventLog
import Hummingbird
import HummingbirdCore
import Logging
import NavTape
import NavTapeInterchange
import ServiceLifecycle
import Synchronization

/// `navtape serve`: a library of sessions to a browser, on loopback unless told otherwise. The
/// library page, each session's inspector page, and a JSON API over the session layer
/// (docs/JSON.md, "Serve"); routes are grouped as controllers (``LibraryController``,
/// ``SessionController``).
///
/// Every request that reads a log runs off Swift's cooperative pool (which also serves the
/// connections), at most ``Configuration/maximumWork`` at a time and ``Configuration/maximumReaders``
/// of them at once (the rest wait their turn): beyond that a request gets 503
/// with `Retry-After`, so a flood of heavy requests queues no unbounded work and fast ones keep
/// flowing. A request whose `Host` (or, when sent, `Origin`) is not this server's is refused with
/// 403: a page of another site that rebinds its name to this address cannot read the library.
/// Nothing is written to standard error on a request.
public struct InspectorServer: Sendable {
    /// How the server listens and what it accepts.
    public struct Configuration: Sendable {
        /// The address to listen on (`127.0.0.1`).
        public var host = "127.0.0.1"
        /// The port (0: any free port).
        public var port = 8_080
        /// Requests reading logs at once, running or waiting their turn; more get 503.
        public var maximumWork = 64
        /// Of those, the ones that run at the same moment (the rest wait): the server's memory is
        /// bounded by this many requests' states, each within `NavigationState.Limits`.
        public var maximumReaders = 2
        /// Host names besides the bound address and the loopback names that requests may name.
        public var allowedHosts: [String] = []
        /// How long a connection may stay idle, between requests or before its first.
        public var idleTimeout: Duration = .seconds(10)
        /// The most connections open at once (further connections wait to be accepted).
        public var maximumConnections = 512
        /// Where the library's rows come from instead of the served logs (a fleet's `sessions`
        /// table); a session still opens from its log, when it is one of the served files.
        public var index: (any SessionIndex)?

        /// The defaults: loopback, port 8080.
        public init() {}
    }

    /// The sessions served.
    public let library: SessionLibrary
    /// How it listens.
    public let configuration: Configuration
    let work: WorkLimit
    let logs: LogCache

    /// A server of `library`.
    public init(library: SessionLibrary, configuration: Configuration = Configuration()) {
        self.library = library
        self.configuration = configuration
        work = WorkLimit(maximum: configuration.maximumWork, readers: configuration.maximumReaders)
        logs = LogCache()
    }

    /// The routes, for requests carrying `context` (the running server's, or the fuzz harness's,
    /// which calls the routes without a connection).
    public func router<Context: RequestContext>(_ context: Context.Type) -> Router<Context> {
        let router = Router(context: Context.self)
        router.add(middleware: HostGuard(allowed: allowedHosts))
        LibraryController(server: self).addRoutes(to: router)
        SessionController(server: self).addRoutes(to: router)
        return router
    }

    /// The host names a request may name: the bound address, the loopback names, and the allowed ones.
    var allowedHosts: Set<String> {
        Set((["localhost", "127.0.0.1", "::1", configuration.host] + configuration.allowedHosts).map { $0.lowercased() })
    }

    /// Listens and serves until the process is told to stop (SIGINT, SIGTERM), calling `listening`
    /// with the address once it listens.
    public func run(listening: @escaping @Sendable (String) -> Void) async throws {
        let host = configuration.host
        var http = HTTP1Channel.Configuration()
        http.idleTimeout = .milliseconds(
            Int64(configuration.idleTimeout.components.seconds) * 1_000
                + configuration.idleTimeout.components.attoseconds / 1_000_000_000_000_000)
        let app = Application(
            router: router(BasicRequestContext.self),
            server: .http1(configuration: http),
            configuration: .init(
                address: .hostname(host, port: configuration.port), serverName: "navtape",
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.maximumConnections)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                listening("http://\(host.contains(":") ? "[\(host)]" : host):\(port)/")
            },
            logger: Logger(label: "navtape-serve", factory: { _ in SwiftLogNoOpLogHandler() }))
        try await app.runService()
    }

    /// ``run(listening:)`` for a caller that is not async (a command's `run`): blocks the calling
    /// thread until the server stops, and throws what stopped it.
    public func runUntilStopped(listening: @escaping @Sendable (String) -> Void) throws {
        let failure = Mutex<(any Error)?>(nil), done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await run(listening: listening)
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Runs `body` on a thread of its own (not the cooperative pool), or throws 503 when
    /// ``Configuration/maximumWork`` requests are already running.
    func offload<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        guard work.running.wrappingAdd(1, ordering: .relaxed).newValue <= work.maximum else {
            work.running.wrappingSubtract(1, ordering: .relaxed)
            throw HTTPError(
                .serviceUnavailable, headers: [.retryAfter: "1"],
                message: "busy: \(work.maximum) requests are already reading logs; try again")
        }
        defer { work.running.wrappingSubtract(1, ordering: .relaxed) }
        let readers = work.readers
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                readers.wait()
                defer { readers.signal() }
                continuation.resume(with: Result { try body() })
            }
        }
    }

    /// The log a `/session/KEY` path names among the library's logs, or 404.
    func path(_ text: String?) throws -> String {
        guard let text, let path = SessionLibrary.path(named: text, among: library.logs().paths) else {
            throw HTTPError(.notFound, message: "no such session")
        }
        return path
    }

    /// Runs `body` with the log at `path` (opened, or taken from the cache while unchanged); a log
    /// that cannot be read is 422 with the reason.
    func withLog<T>(_ path: String, _ body: (TimeMachine) throws -> T) throws -> T {
        do {
            return try logs.withLog(path, body)
        } catch let error as NavTapeError {
            throw HTTPError(Self.status(of: error), message: error.description)
        }
    }

    /// The HTTP status of a library error: 400 for a bad argument, 404 for a log gone, 503 for a
    /// locked one, 422 for one that cannot be read.
    static func status(of error: NavTapeError) -> HTTPResponse.Status {
        switch error.code {
        case .invalidArgument: .badRequest
        case .notFound: .notFound
        case .locked: .serviceUnavailable
        default: .unprocessableContent
        }
    }
}

/// How many requests are reading logs right now, and how many may.
final class WorkLimit: Sendable {
    let running = Atomic<Int>(0)
    let maximum: Int
    /// Lets ``InspectorServer/Configuration/maximumReaders`` bodies run at once.
    let readers: DispatchSemaphore

    init(maximum: Int, readers: Int) {
        self.maximum = maximum
        self.readers = DispatchSemaphore(value: Swift.max(1, readers))
    }
}

/// Opened logs kept between requests while their files are unchanged (size, modification time,
/// inode): a page scrubbing through a log reads it without opening it again each time. A log is
/// lent to one request at a time (a second request on it opens its own); at most ``capacity`` are
/// kept.
final class LogCache: Sendable {
    /// A reader lent out or kept; only ever used by one request at a time.
    private final class Entry: @unchecked Sendable {
        let machine: TimeMachine
        let version: LogFiles.Version
        init(machine: TimeMachine, version: LogFiles.Version) {
            self.machine = machine
            self.version = version
        }
    }

    private let idle = Mutex<[(path: String, entry: Entry)]>([])
    static let capacity = 16

    func withLog<T>(_ path: String, _ body: (TimeMachine) throws -> T) throws -> T {
        let version = LogFiles.version(of: path)
        let kept: Entry? = idle.withLock { idle in
            guard let version, let i = idle.firstIndex(where: { $0.path == path && $0.entry.version == version }) else { return nil }
            return idle.remove(at: i).entry
        }
        let entry: Entry
        if let kept {
            entry = kept
        } else {
            let machine = try TimeMachine.open(path, tornTail: .warn).machine
            guard let version else { return try body(machine) }
            entry = Entry(machine: machine, version: version)
        }
        let result = try body(entry.machine)
        idle.withLock { idle in
            idle.removeAll { $0.path == path && $0.entry.version != entry.version }
            idle.append((path, entry))
            if idle.count > Self.capacity { idle.removeFirst(idle.count - Self.capacity) }
        }
        return result
    }
}

/// Refuses a request naming another host (`Host`, and `Origin` when sent) with 403: the defence
/// against DNS rebinding that Jupyter and webpack-dev-server use. A request without `Host` (not
/// HTTP/1.1) is refused too.
struct HostGuard<Context: RequestContext>: RouterMiddleware {
    let allowed: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, Self.isAllowed(authority, allowed: allowed) else {
            throw HTTPError(
                .forbidden,
                message: "Host \(request.head.authority.map { "'\($0)'" } ?? "missing"): not this server's "
                    + "(navtape serve --allow-host NAME serves a name)")
        }
        if let origin = request.headers[.origin], origin != "null" {
            let host = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? ""
            guard origin.hasPrefix("http://") || origin.hasPrefix("https://"), Self.isAllowed(host, allowed: allowed) else {
                throw HTTPError(.forbidden, message: "Origin '\(origin)': another site's page may not read this server")
            }
        }
        return try await next(request, context)
    }

    /// Whether `authority` (`host[:port]`, `[v6]:port`) names an allowed host.
    static func isAllowed(_ authority: String, allowed: Set<String>) -> Bool {
        var host = Substring(authority.lowercased())
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy(\.isNumber) else { return false }
            host = host[..<colon]
        }
        return allowed.contains(String(host))
    }
}
