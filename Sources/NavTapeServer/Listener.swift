import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The server's connections: swift-nio's HTTP/1.1 framing (its parser refuses malformed and
/// oversized requests with 400 and closes), one task per connection answering its requests in
/// turn, at most ``InspectorServer/Configuration/maximumConnections`` at once (the rest wait to be
/// accepted), each closed after ``InspectorServer/Configuration/idleTimeout`` without a request.
extension InspectorServer {
    /// The most bytes of a request's body read (the routes take none) before 413 and a close.
    static let maximumBody = 64 << 10

    /// Listens, and serves until the calling task is cancelled: then it stops accepting, lets each
    /// request being answered finish (a live stream ends), closes every connection, and returns once
    /// all are closed. Calls `listening` with the address once it listens.
    public func run(listening: @escaping @Sendable (String) -> Void) async throws {
        let idle = TimeAmount.nanoseconds(
            configuration.idleTimeout.components.seconds * 1_000_000_000 + configuration.idleTimeout.components.attoseconds / 1_000_000_000)
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: configuration.host, port: configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(IdleCloser(timeout: idle))
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel)
                }
            }
        let host = configuration.host
        listening("http://\(host.contains(":") ? "[\(host)]" : host):\(listener.channel.localAddress?.port ?? 0)/")
        // Connections are tasks of their own, not children of this one: cancelling it stops the
        // accepting, and a response being written is not cut off.
        let connections = Connections(maximum: configuration.maximumConnections)
        var failure: (any Error)?
        await withTaskCancellationHandler {
            do {
                try await listener.executeThenClose { accepted in
                    for try await connection in accepted {
                        await connections.take()
                        guard connections.register(connection.channel) else {
                            connection.channel.close(promise: nil)
                            connections.give()
                            continue
                        }
                        Task {
                            await serve(connection, stopping: connections)
                            connections.unregister(connection.channel)
                        }
                    }
                }
            } catch {
                // Stopping ends the accepting with a cancellation; anything else stops the server.
                if !Task.isCancelled { failure = error }
            }
        } onCancel: {
            connections.quiesce()
        }
        connections.quiesce()
        await connections.drained()
        if let failure { throw failure }
    }

    /// ``run(listening:)`` for a caller that is not async (a command's `run`): blocks the calling
    /// thread until SIGINT or SIGTERM stops the server, and throws what stopped it otherwise.
    public func runUntilStopped(listening: @escaping @Sendable (String) -> Void) throws {
        let failure = Mutex<(any Error)?>(nil), done = DispatchSemaphore(value: 0)
        let task = Task {
            do {
                try await run(listening: listening)
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        let stops = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
        done.wait()
        for source in stops { source.cancel() }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Answers a connection's requests in turn until it closes, asks to, or the server stops.
    func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, stopping: Connections) async {
        try? await connection.executeThenClose { requests, responses in
            var head: HTTPRequestHead?
            var bodyBytes = 0
            for try await part in requests {
                switch part {
                case .head(let next):
                    (head, bodyBytes) = (next, 0)
                case .body(let bytes):
                    bodyBytes += bytes.readableBytes
                    guard bodyBytes <= Self.maximumBody else {
                        let refusal = Failure(413, "a request here has no body; this one is over \(Self.maximumBody) bytes").response
                        try await Self.write(refusal, version: head?.version ?? .http1_1, keepAlive: false, to: responses, stopping: stopping)
                        return
                    }
                case .end:
                    guard let current = head else { continue }
                    head = nil
                    let hosts = current.headers["host"], origins = current.headers["origin"]
                    let request = Request(
                        method: current.method.rawValue, target: current.uri, host: hosts.count == 1 ? hosts[0] : nil, origin: origins.first)
                    let response = await respond(to: request)
                    let keepAlive = current.isKeepAlive && !stopping.stopping
                    try await Self.write(response, version: current.version, keepAlive: keepAlive, to: responses, stopping: stopping)
                    if !keepAlive || stopping.stopping { return }
                }
            }
        }
    }

    /// Sends `response`: its head, then the body whole (with its length) or as it is written
    /// (chunked; an HTTP/1.0 client's stream ends with the connection). A streamed body runs until
    /// it returns, the client goes, or the server stops (its task is then cancelled).
    static func write(
        _ response: Response, version: HTTPVersion, keepAlive: Bool, to responses: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>,
        stopping: Connections
    ) async throws {
        var headers = HTTPHeaders(response.headers.map { ($0.name, $0.value) })
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let status = HTTPResponseStatus(statusCode: response.status)
        switch response.body {
        case .bytes(let bytes):
            headers.add(name: "Content-Length", value: String(bytes.count))
            try await responses.write(.head(HTTPResponseHead(version: version, status: status, headers: headers)))
            try await responses.write(.body(.byteBuffer(ByteBuffer(bytes: bytes))))
        case .stream(let body):
            try await responses.write(.head(HTTPResponseHead(version: version, status: status, headers: headers)))
            let gone = await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    try await body { text in try await responses.write(.body(.byteBuffer(ByteBuffer(string: text)))) }
                    return false
                }
                group.addTask {
                    while !stopping.stopping { try await Task.sleep(for: .milliseconds(100)) }
                    return false
                }
                defer { group.cancelAll() }
                do {
                    return try await group.next() ?? false
                } catch is CancellationError {
                    return false
                } catch {
                    return true  // the client went away
                }
            }
            if gone { return }
        }
        try await responses.write(.end(nil))
    }
}

/// Closes a connection that has had no request in progress for `timeout`: between requests, or
/// before its first is whole (a client that sends a head byte by byte is cut off too); one whose
/// client has read nothing of an answer for `timeout` (its writes waiting all that time); and at
/// once, when the server stops (``Stop``), unless a request is in progress.
final class IdleCloser: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The server is stopping.
    struct Stop {}

    let timeout: TimeAmount
    private var answering = false
    private var timer: Scheduled<Void>?
    private var stalled: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        stalled?.cancel()
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        stalled?.cancel()
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        stalled?.cancel()
        stalled = nil
        if !context.channel.isWritable {
            stalled = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
                if !context.channel.isWritable { context.close(promise: nil) }
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            answering = true
            timer?.cancel()
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is Stop {
            if !answering { context.close(promise: nil) }
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            answering = false
            arm(context)
        }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        timer?.cancel()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            if !answering { context.close(promise: nil) }
        }
    }
}

/// The server's open connections: at most a number at once (``take()`` waits for a free place),
/// and, once the server stops, told to close when their request is answered.
final class Connections: Sendable {
    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
        var open: [ObjectIdentifier: any Channel] = [:]
        var stopping = false
        var drained: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(maximum: Int) {
        state = Mutex(State(free: Swift.max(1, maximum)))
    }

    /// Whether the server is stopping.
    var stopping: Bool { state.withLock { $0.stopping } }

    /// Waits for a place for one more connection.
    func take() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if now { continuation.resume() }
        }
    }

    /// Gives a place back.
    func give() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }

    /// Counts `channel` as open; `false` once the server is stopping.
    func register(_ channel: any Channel) -> Bool {
        state.withLock { state in
            guard !state.stopping else { return false }
            state.open[ObjectIdentifier(channel)] = channel
            return true
        }
    }

    /// `channel` has closed: its place is given back.
    func unregister(_ channel: any Channel) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open[ObjectIdentifier(channel)] = nil
            guard state.stopping, state.open.isEmpty else { return [] }
            defer { state.drained = [] }
            return state.drained
        }
        give()
        for waiter in waiters { waiter.resume() }
    }

    /// Stops: each open connection closes now if it has no request in progress (``IdleCloser``),
    /// else once its response is sent (``InspectorServer/serve(_:stopping:)``).
    func quiesce() {
        let channels = state.withLock { state -> [any Channel] in
            guard !state.stopping else { return [] }
            state.stopping = true
            return Array(state.open.values)
        }
        for channel in channels {
            channel.eventLoop.execute { channel.pipeline.fireUserInboundEventTriggered(IdleCloser.Stop()) }
        }
    }

    /// Returns once every connection has closed.
    func drained() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                guard state.open.isEmpty else {
                    state.drained.append(continuation)
                    return false
                }
                return true
            }
            if now { continuation.resume() }
        }
    }
}
