import Dispatch
import EventLog
import NavTape
import NavTapeInterchange
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

    /// The answer to `request`: a refusal (403 for another host's request, 405 for a method other
    /// than GET, 404 for a path no route has, 4xx or 503 from a route) or a route's answer; an error
    /// a route did not expect is 500. Called by each connection, and by the fuzz harness without one.
    public func respond(to request: Request) async -> Response {
        do {
            try HostGuard(allowed: allowedHosts).check(request)
            guard request.method == "GET" else {
                throw Failure(405, "\(request.method): this server answers GET only", headers: [("Allow", "GET")])
            }
            if let path = request.path {
                if let response = try await LibraryController(server: self).respond(to: request, path: path) { return response }
                if let response = try await SessionController(server: self).respond(to: request, path: path) { return response }
            }
            throw Failure(404, "no such page")
        } catch let failure as Failure {
            return failure.response
        } catch {
            return Failure(500, "internal error: \(error)").response
        }
    }

    /// The host names a request may name: the bound address, the loopback names, and the allowed ones.
    var allowedHosts: Set<String> {
        Set((["localhost", "127.0.0.1", "::1", configuration.host] + configuration.allowedHosts).map { $0.lowercased() })
    }

    /// Runs `body` on a thread of its own (not the cooperative pool), or throws 503 when
    /// ``Configuration/maximumWork`` requests are already running.
    func offload<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        guard work.running.wrappingAdd(1, ordering: .relaxed).newValue <= work.maximum else {
            work.running.wrappingSubtract(1, ordering: .relaxed)
            throw Failure(503, "busy: \(work.maximum) requests are already reading logs; try again", headers: [("Retry-After", "1")])
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
            throw Failure(404, "no such session")
        }
        return path
    }

    /// Runs `body` with the log at `path` (opened, or taken from the cache while unchanged); a log
    /// that cannot be read is 422 with the reason.
    func withLog<T>(_ path: String, _ body: (TimeMachine) throws -> T) throws -> T {
        do {
            return try logs.withLog(path, body)
        } catch let error as NavTapeError {
            throw Failure(Self.status(of: error), error.description)
        }
    }

    /// The HTTP status of a library error: 400 for a bad argument, 404 for a log gone, 503 for a
    /// locked one, 422 for one that cannot be read.
    static func status(of error: NavTapeError) -> Int {
        switch error.code {
        case .invalidArgument: 400
        case .notFound: 404
        case .locked: 503
        default: 422
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
struct HostGuard {
    let allowed: Set<String>

    func check(_ request: InspectorServer.Request) throws(InspectorServer.Failure) {
        guard let authority = request.host, Self.isAllowed(authority, allowed: allowed) else {
            throw InspectorServer.Failure(
                403,
                "Host \(request.host.map { "'\($0)'" } ?? "missing"): not this server's (navtape serve --allow-host NAME serves a name)")
        }
        if let origin = request.origin, origin != "null" {
            let host = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? ""
            guard origin.hasPrefix("http://") || origin.hasPrefix("https://"), Self.isAllowed(host, allowed: allowed) else {
                throw InspectorServer.Failure(403, "Origin '\(origin)': another site's page may not read this server")
            }
        }
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
