import EventLog
import Hummingbird
import NavTape
import NavTapeInterchange
import NavigationCore

/// One session: its inspector page (`/session/KEY`) and its API (`/api/sessions/KEY/…`: `state`,
/// `diff`, `blame`, `commits`, `whatif`, `live`). A session is named by its key (it stays the same
/// while logs are added) or its number in the library, never by a path. Each route parses its
/// parameters, calls the session layer, and encodes the report value the command line prints too.
struct SessionController: Sendable {
    let server: InspectorServer

    /// The most commits a served page starts with (it reads more as it is scrubbed).
    static let pageCommits = 400
    /// The most events `/whatif` re-decides, and the most of the branch's commits it answers with.
    static let maximumWhatIfEvents: UInt64 = 200_000
    static let maximumWhatIfCommits = 2_000
    /// How often a live stream looks at its log, and how often it says it is still there.
    static let livePoll: Duration = .milliseconds(200)
    static let liveHeartbeat: Duration = .seconds(5)
    /// The most commits one live update holds.
    static let liveBatch = 200

    func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/session/:n") { request, context in
            let (name, at) = (context.parameters.get("n"), try Self.single("at", in: request))
            return try await server.offload {
                let path = try server.path(name)
                return Answer.html(
                    try server.withLog(path) { machine in
                        let point = try Self.point(at, in: machine)
                        let data = try InspectorData(
                            machine, around: point, maxCommits: Self.pageCommits,
                            api: "/api/sessions/\(SessionLibrary.key(of: path))",
                            commands: server.library.cachedRow(path)?.commands, point: at == nil ? nil : point)
                        return try InspectorPage.html(data)
                    })
            }
        }
        router.get("/api/sessions/:n/state") { request, context in
            let (name, at) = (context.parameters.get("n"), try Self.single("at", in: request))
            return try await server.offload {
                try Answer.json(
                    encoding: try server.withLog(try server.path(name)) { machine in
                        try StateReport(machine, at: try Self.point(at, in: machine))
                    })
            }
        }
        router.get("/api/sessions/:n/diff") { request, context in
            let name = context.parameters.get("n")
            let (a, b) = (try Self.single("a", in: request), try Self.single("b", in: request))
            return try await server.offload {
                try Answer.json(
                    encoding: try server.withLog(try server.path(name)) { machine in
                        // Each point named as given, as `navtape diff LOG A B --json` names it.
                        try DiffReport(
                            machine, from: try Self.logPoint(a ?? "start", in: machine, parameter: "a"),
                            to: try Self.logPoint(b ?? "end", in: machine, parameter: "b"))
                    })
            }
        }
        router.get("/api/sessions/:n/blame") { request, context in
            let name = context.parameters.get("n")
            let what = try Self.single("what", in: request)
            let (at, from, limit) = (try Self.single("at", in: request), try Self.single("from", in: request), try Self.single("limit", in: request))
            guard let what, !what.isEmpty else {
                throw HTTPError(.badRequest, message: "what: displayMode, collapsed, primary, secondary, presented, traits or a navigation controller")
            }
            guard let count = Int(limit ?? "1000"), (1...2_000).contains(count) else { throw HTTPError(.badRequest, message: "limit: 1 to 2000 changes") }
            return try await server.offload {
                try Answer.json(
                    encoding: try server.withLog(try server.path(name)) { machine in
                        let index = try Self.point(at, in: machine)
                        let start = try Self.point(from ?? "start", in: machine, parameter: "from")
                        guard start <= index else { throw HTTPError(.badRequest, message: "from: after at") }
                        do {
                            return try BlameReport(String(what), in: machine, at: index, from: start, limit: count)
                        } catch let error as NavTapeError where error.code == .invalidArgument {
                            throw HTTPError(.badRequest, message: "what: " + error.message)
                        }
                    })
            }
        }
        router.get("/api/sessions/:n/commits") { request, context in
            let name = context.parameters.get("n")
            let given = try ["from", "to", "around"].compactMap { key in try Self.single(key, in: request).map { (key, $0) } }
            guard let count = Int(try Self.single("count", in: request) ?? "200"), (1...2_000).contains(count) else {
                throw HTTPError(.badRequest, message: "count: 1 to 2000 commits")
            }
            guard given.count == 1, let (key, text) = given.first else {
                throw HTTPError(.badRequest, message: "from, to or around (one of them): the commits from event @N, before it, or around it")
            }
            return try await server.offload {
                try Answer.json(
                    encoding: try server.withLog(try server.path(name)) { machine in
                        guard let event = UInt64(text), event <= machine.eventCount, key != "around" || event < machine.eventCount else {
                            throw HTTPError(.badRequest, message: "\(key): an event from 0 to \(machine.eventCount)")
                        }
                        let range: Range<UInt64>
                        switch key {
                        case "from": range = event..<(try machine.commitEnd(from: event, count: count))
                        case "to": range = (try machine.commitStarts(before: event, count: count).first ?? event)..<event
                        default: range = try machine.commitWindow(holding: event, count: count)
                        }
                        return CommitsAnswer(
                            events: machine.eventCount, from: range.lowerBound, to: range.upperBound,
                            commits: range.isEmpty ? [] : try InspectorCommit.commits(of: machine, from: range.lowerBound, to: range.upperBound))
                    })
            }
        }
        router.get("/api/sessions/:n/whatif") { request, context in
            let name = context.parameters.get("n")
            let at = try Self.single("at", in: request)
            let device = try Self.single("device", in: request).flatMap { $0.isEmpty ? nil : $0 }.map { text in
                guard let device = Device(rawValue: String(text)) else { throw HTTPError(.badRequest, message: "device: one of \(Device.presetNames)") }
                return device
            }
            let policy = try Self.single("policy", in: request).flatMap { $0.isEmpty ? nil : $0 }.map { text in
                do throws(NotationError) { return try SplitPolicy(parsing: String(text)) } catch {
                    throw HTTPError(.badRequest, message: "policy: character \(error.offset + 1): \(error.message)")
                }
            }
            return try await server.offload {
                try Answer.json(
                    encoding: try server.withLog(try server.path(name)) { machine in
                        let point = try Self.point(at ?? "start", in: machine)
                        guard machine.eventCount - point <= Self.maximumWhatIfEvents else {
                            throw HTTPError(
                                .unprocessableContent,
                                message: "at: \(Plural.count(machine.eventCount - point, "event")) to re-decide, more than "
                                    + "\(Self.maximumWhatIfEvents) here; navtape fork re-decides any length")
                        }
                        return try WhatIfAnswer(machine, at: point, device: device, policy: policy)
                    })
            }
        }
        router.get("/api/sessions/:n/live") { request, context in
            let path = try server.path(context.parameters.get("n"))
            let fromText = try Self.single("from", in: request)
            // `from` names the first event to send (@N), a commit's first; default: from the end.
            let start = try await server.offload {
                try server.withLog(path) { machine in
                    guard let text = fromText else { return machine.eventCount }
                    guard let first = UInt64(text), first <= machine.eventCount else {
                        throw HTTPError(.badRequest, message: "from: the first event to send, 0 to \(machine.eventCount)")
                    }
                    return first
                }
            }
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: .init { writer in try await stream(path, from: start, into: &writer) })
        }
    }

    /// `/commits`' answer: the log's length, the events answered, and their commits.
    struct CommitsAnswer: Encodable {
        var events: UInt64
        var from: UInt64
        var to: UInt64
        var commits: [InspectorCommit]
    }

    /// `/whatif`'s answer: the log re-decided from `fork` (the start of the commit holding the point)
    /// on `device` under `policy`, as `navtape fork` does, into a scratch log that is removed; its
    /// first ``maximumWhatIfCommits`` commits as the page draws them (event indexes from the fork).
    struct WhatIfAnswer: Encodable {
        var fork: UInt64
        var device: String
        var policy: String
        var commands: Int
        var events: UInt64
        var complete: Bool
        var commits: [InspectorCommit]

        init(_ machine: TimeMachine, at point: UInt64, device: Device?, policy: SplitPolicy?) throws {
            let (report, branch) = try WhatIf.branch(
                machine, at: point, policy: policy, device: device,
                sessionID: "\(machine.sessionID)-whatif-\(point)")
            let to = try branch.commitEnd(from: 0, count: SessionController.maximumWhatIfCommits)
            fork = report.forkIndex
            self.device = branch.sessionDescription.device
            self.policy = branch.sessionDescription.policy.name
            commands = report.commandsRedecided
            events = branch.eventCount
            complete = to == branch.eventCount
            commits = try InspectorCommit.commits(of: branch, from: 0, to: to)
        }
    }

    /// One live update: its JSON text, where the next one starts, and whether it reached the log's end.
    struct LiveUpdate: Sendable {
        var text: String
        /// The first event of the next update: the start of the last commit sent when the update
        /// reached the end (that commit may still grow), else the first commit not sent.
        var next: UInt64
        var complete: Bool
    }

    /// Writes the commits of `path` from event `start` (a commit's first event) as server-sent
    /// events, then each time the file changes the commits from the last one sent (which may have
    /// grown), until the client goes away or the server shuts down. Each event is `event: commits`
    /// with data `{"events": N, "commits": […]}`, at most ``liveBatch`` commits: a client far behind
    /// the end gets the rest batch after batch, never the whole log at once.
    func stream(_ path: String, from start: UInt64, into writer: inout any ResponseBodyWriter) async throws {
        var from = start
        var seen: LogFiles.Version?
        var quiet = Duration.zero
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let version = LogFiles.version(of: path)
            var update: LiveUpdate?
            if version != seen {
                let current = from
                do {
                    update = try await server.offload { try Self.update(path, from: current) }
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

    /// The commits of `path`'s log from event `from`, at most ``liveBatch`` of them, or `nil` when the
    /// log holds no event from there.
    static func update(_ path: String, from: UInt64) throws -> LiveUpdate? {
        let machine = try TimeMachine.open(path, tornTail: .ignore).machine
        guard machine.eventCount > from else { return nil }
        let to = try machine.commitEnd(from: from, count: liveBatch)
        let commits = try InspectorCommit.commits(of: machine, from: from, to: to)
        let complete = to == machine.eventCount
        let next = complete ? try machine.commitStarts(before: to, count: 1).first ?? from : to
        let text = try JSONValue(encoding: CommitsAnswer(events: machine.eventCount, from: from, to: to, commits: commits)).text
        return LiveUpdate(text: text, next: next, complete: complete)
    }

    /// The point `?at=` (or another parameter) names in `machine`'s log: an event `N` (the state
    /// after it), `start`, `end`, or a time as `--at` takes it; absent, the end. Else 400.
    static func logPoint(_ text: Substring?, in machine: TimeMachine, parameter: String = "at") throws -> LogPoint {
        guard let text else { return .end }
        guard let point = LogPoint(parsing: String(text)), (try? point.count(in: machine)) != nil else {
            throw HTTPError(.badRequest, message: "\(parameter): an event from 0 to \(Int64(machine.eventCount) - 1), start or end")
        }
        return point
    }

    /// ``logPoint(_:in:parameter:)`` as the number of events applied there.
    static func point(_ text: Substring?, in machine: TimeMachine, parameter: String = "at") throws -> UInt64 {
        try logPoint(text, in: machine, parameter: parameter).count(in: machine)
    }

    /// The one value of query parameter `name`, or `nil`; given twice it is ambiguous (400).
    static func single(_ name: String, in request: Request) throws -> Substring? {
        let values = request.uri.queryParameters.getAll(name)
        guard values.count <= 1 else { throw HTTPError(.badRequest, message: "\(name): given \(values.count) times; give it once") }
        return values.first.map { Substring($0) }
    }
}
