import EventLog
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

    /// The answer of the route `path` names, or `nil` when it names none of this controller's.
    func respond(to request: InspectorServer.Request, path: [String]) async throws -> InspectorServer.Response? {
        switch path.count {
        case 2 where path[0] == "session": return try await page(request, name: path[1])
        case 4 where path[0] == "api" && path[1] == "sessions":
            let name = path[2]
            switch path[3] {
            case "state": return try await state(request, name: name)
            case "diff": return try await diff(request, name: name)
            case "blame": return try await blame(request, name: name)
            case "commits": return try await commits(request, name: name)
            case "whatif": return try await whatIf(request, name: name)
            case "live": return try await live(request, name: name)
            default: return nil
            }
        default: return nil
        }
    }

    /// The inspector page of session `name` (`/session/KEY?at=`).
    func page(_ request: InspectorServer.Request, name: String) async throws -> InspectorServer.Response {
        let at = try request.single("at")
        return try await server.offload {
            let path = try server.path(name)
            return InspectorServer.Response.html(
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

    /// `/api/sessions/KEY/state?at=`: `navtape state --json`.
    func state(_ request: InspectorServer.Request, name: String) async throws -> InspectorServer.Response {
        let at = try request.single("at")
        return try await server.offload {
            try InspectorServer.Response.json(
                encoding: try server.withLog(try server.path(name)) { machine in
                    try StateReport(machine, at: try Self.point(at, in: machine))
                })
        }
    }

    /// `/api/sessions/KEY/diff?a=&b=`: `navtape diff --json`.
    func diff(_ request: InspectorServer.Request, name: String) async throws -> InspectorServer.Response {
        let (a, b) = (try request.single("a"), try request.single("b"))
        return try await server.offload {
            try InspectorServer.Response.json(
                encoding: try server.withLog(try server.path(name)) { machine in
                    // Each point named as given, as `navtape diff LOG A B --json` names it.
                    try DiffReport(
                        machine, from: try Self.logPoint(a ?? "start", in: machine, parameter: "a"),
                        to: try Self.logPoint(b ?? "end", in: machine, parameter: "b"))
                })
        }
    }

    /// `/api/sessions/KEY/blame?what=&at=&from=&limit=`: `navtape blame --json`.
    func blame(_ request: InspectorServer.Request, name: String) async throws -> InspectorServer.Response {
        let what = try request.single("what")
        let (at, from, limit) = (try request.single("at"), try request.single("from"), try request.single("limit"))
        guard let what, !what.isEmpty else {
            throw InspectorServer.Failure(400, "what: displayMode, collapsed, primary, secondary, presented, traits or a navigation controller")
        }
        guard let count = Int(limit ?? "1000"), (1...2_000).contains(count) else { throw InspectorServer.Failure(400, "limit: 1 to 2000 changes") }
        return try await server.offload {
            try InspectorServer.Response.json(
                encoding: try server.withLog(try server.path(name)) { machine in
                    let index = try Self.point(at, in: machine)
                    let start = try Self.point(from ?? "start", in: machine, parameter: "from")
                    guard start <= index else { throw InspectorServer.Failure(400, "from: after at") }
                    do {
                        return try BlameReport(what, in: machine, at: index, from: start, limit: count)
                    } catch let error as NavTapeError where error.code == .invalidArgument {
                        throw InspectorServer.Failure(400, "what: " + error.message)
                    }
                })
        }
    }

    /// `/api/sessions/KEY/commits?from=|to=|around=&count=`: the page's commits.
    func commits(_ request: InspectorServer.Request, name: String) async throws -> InspectorServer.Response {
        let given = try ["from", "to", "around"].compactMap { key in try request.single(key).map { (key, $0) } }
        guard let count = Int(try request.single("count") ?? "200"), (1...2_000).contains(count) else {
            throw InspectorServer.Failure(400, "count: 1 to 2000 commits")
        }
        guard given.count == 1, let (key, text) = given.first else {
            throw InspectorServer.Failure(400, "from, to or around (one of them): the commits from event @N, before it, or around it")
        }
        return try await server.offload {
            try InspectorServer.Response.json(
                encoding: try server.withLog(try server.path(name)) { machine in
                    guard let event = UInt64(text), event <= machine.eventCount, key != "around" || event < machine.eventCount else {
                        throw InspectorServer.Failure(400, "\(key): an event from 0 to \(machine.eventCount)")
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

    /// `/api/sessions/KEY/whatif?at=&device=&policy=`: the branch `navtape fork` writes.
    func whatIf(_ request: InspectorServer.Request, name: String) async throws -> InspectorServer.Response {
        let at = try request.single("at")
        let device = try request.single("device").flatMap { $0.isEmpty ? nil : $0 }.map { text in
            guard let device = Device(rawValue: text) else { throw InspectorServer.Failure(400, "device: one of \(Device.presetNames)") }
            return device
        }
        let policy = try request.single("policy").flatMap { $0.isEmpty ? nil : $0 }.map { text in
            do throws(NotationError) { return try SplitPolicy(parsing: text) } catch {
                throw InspectorServer.Failure(400, "policy: character \(error.offset + 1): \(error.message)")
            }
        }
        return try await server.offload {
            try InspectorServer.Response.json(
                encoding: try server.withLog(try server.path(name)) { machine in
                    let point = try Self.point(at ?? "start", in: machine)
                    guard machine.eventCount - point <= Self.maximumWhatIfEvents else {
                        throw InspectorServer.Failure(
                            422,
                            "at: \(Plural.count(machine.eventCount - point, "event")) to re-decide, more than "
                                + "\(Self.maximumWhatIfEvents) here; navtape fork re-decides any length")
                    }
                    return try WhatIfAnswer(machine, at: point, device: device, policy: policy)
                })
        }
    }

    /// `/api/sessions/KEY/live?from=`: the commits as server-sent events, as they are recorded.
    func live(_ request: InspectorServer.Request, name: String) async throws -> InspectorServer.Response {
        let path = try server.path(name)
        let fromText = try request.single("from")
        // `from` names the first event to send (@N), a commit's first; default: from the end.
        let start = try await server.offload {
            try server.withLog(path) { machine in
                guard let text = fromText else { return machine.eventCount }
                guard let first = UInt64(text), first <= machine.eventCount else {
                    throw InspectorServer.Failure(400, "from: the first event to send, 0 to \(machine.eventCount)")
                }
                return first
            }
        }
        return InspectorServer.Response(
            status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")],
            body: .stream { send in try await stream(path, from: start, to: send) })
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
    func stream(_ path: String, from start: UInt64, to send: @Sendable (String) async throws -> Void) async throws {
        var from = start
        var seen: LogFiles.Version?
        var quiet = Duration.zero
        while !Task.isCancelled {
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
                try await send("event: commits\ndata: \(update.text)\n\n")
                from = update.next
                quiet = .zero
                if !update.complete { continue }
            } else if quiet >= Self.liveHeartbeat {
                try await send(": still here\n\n")  // a comment: finds a closed client
                quiet = .zero
            }
            try? await Task.sleep(for: Self.livePoll)
            quiet += Self.livePoll
        }
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
    static func logPoint(_ text: String?, in machine: TimeMachine, parameter: String = "at") throws -> LogPoint {
        guard let text else { return .end }
        guard let point = LogPoint(parsing: text), (try? point.count(in: machine)) != nil else {
            throw InspectorServer.Failure(400, "\(parameter): an event from 0 to \(Int64(machine.eventCount) - 1), start or end")
        }
        return point
    }

    /// ``logPoint(_:in:parameter:)`` as the number of events applied there.
    static func point(_ text: String?, in machine: TimeMachine, parameter: String = "at") throws -> UInt64 {
        try logPoint(text, in: machine, parameter: parameter).count(in: machine)
    }
}
