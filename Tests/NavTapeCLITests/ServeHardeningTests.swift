import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import NavTapeTestSupport
#endif

/// A server only its user's browser can reach, and a library its contents cannot wedge (issue 30,
/// points 3 and 4), through the built binary: a foreign Host is refused before any route, idle
/// connections do not keep a well-formed request waiting, and a FIFO or symbolic-link loops in the
/// library change nothing for the server or for `verify`.
@Suite("serve and the library under hostile neighbours")
struct ServeHardeningTests {
    @Test("a foreign Host gets 403 and no library; the bound address and --allow-host names are answered")
    func foreignHost() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try ServeTests.makeLibrary(in: scratch)
        let (server, port, _) = try ServeTests.startServer(["lib", "--allow-host", "navtape.test"], in: scratch)
        defer { ServeTests.stop(server) }
        func get(host: String) throws -> (status: Int, headers: String, body: String) {
            try ServeTests.request(Array("GET /api/sessions HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8), port: port)
        }
        let rebinding = try get(host: "evil.example.com")
        #expect(rebinding.status == 403, "\(rebinding.headers)")
        #expect(!rebinding.body.contains("b.navtape"), "a refused request shows nothing of the library")
        #expect(try get(host: "evil.example.com:\(port)").status == 403)
        #expect(try get(host: "127.0.0.1:\(port)").status == 200)
        #expect(try get(host: "localhost:\(port)").status == 200)
        #expect(try get(host: "navtape.test").status == 200)
    }

    @Test("200 idle connections: a well-formed request is answered within a second")
    func idleConnections() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try ServeTests.makeLibrary(in: scratch)
        let (server, port, _) = try ServeTests.startServer(["lib"], in: scratch)
        defer { ServeTests.stop(server) }
        // Connections that send half a request line and then nothing.
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        for _ in 0..<200 {
            let descriptor = try ServeTests.connection(port: port)
            _ = "GET / HT".withCString { send(descriptor, $0, 8, Int32(MSG_NOSIGNAL)) }
            idle.append(descriptor)
        }
        let started = Date()
        let answer = try ServeTests.get("/api/sessions", port: port)
        #expect(answer.status == 200 && answer.body.contains("b.navtape"))
        #expect(Date().timeIntervalSince(started) < 1, "answered after \(Date().timeIntervalSince(started)) s")
    }

    @Test("a client that stops reading a live stream is cut off after the idle timeout; Ctrl-C with one stalled stops the server")
    func stalledReaders() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.path("lib"), withIntermediateDirectories: true)
        // Enough commits that the stream from event 0 outgrows both sockets' buffers (~2.8 MB here).
        #expect(try scratch.navtape("generate", "--events", "200000", "--seed", "2", "-o", "lib/g.navtape").status == 0)
        let (server, port, _) = try ServeTests.startServer(["lib"], in: scratch)
        defer { if server.isRunning { server.terminate() } }
        /// A connection with a small receive buffer that asks for the whole log as a live stream
        /// and then reads nothing.
        func stalled() throws -> Int32 {
            let descriptor = try ServeTests.connection(port: port, receiveBuffer: 4_096)
            _ = "GET /api/sessions/0/live?from=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".withCString { send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            return descriptor
        }
        /// Whether the server has closed `descriptor`: what it had sent is read, then the end.
        func closedByServer(_ descriptor: Int32) -> Bool {
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count == 0 { return true }
                if count < 0 { return false }  // nothing within 5 s: still open
            }
        }
        let first = try stalled()
        defer { close(first) }
        sleep(14)  // the idle timeout (10 s) after the buffers filled
        #expect(closedByServer(first), "a client that read nothing for the idle timeout still holds its stream")
        // Stopping does not wait for a client that reads nothing either.
        let second = try stalled()
        defer { close(second) }
        sleep(2)
        let stopped = Date()
        ServeTests.stop(server)
        #expect(Date().timeIntervalSince(stopped) < 12, "Ctrl-C took \(Date().timeIntervalSince(stopped)) s with a stalled client")
    }

    @Test("a FIFO and symbolic-link loops in the library: the page, the API and verify answer, the FIFO never opened")
    func wedgingContents() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try ServeTests.makeLibrary(in: scratch)
        #expect(mkfifo(scratch.path("lib/f.navtape"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("lib/loop1"), withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("lib/loop2"), withDestinationPath: "..")
        // A log outside the library, reached through a link: not the library's.
        try FileManager.default.createDirectory(atPath: scratch.path("outside"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: scratch.path("lib/b.navtape"), toPath: scratch.path("outside/secret.navtape"))
        try FileManager.default.createSymbolicLink(atPath: scratch.path("lib/out"), withDestinationPath: scratch.path("outside"))

        let verified = try scratch.navtape("verify", "lib")
        #expect(verified.status == 0, "\(verified)")
        #expect(verified.stdout.hasPrefix("lib/b.navtape: ok: ") && verified.stdout.split(separator: "\n").count == 1, "\(verified)")

        let (server, port, line) = try ServeTests.startServer(["lib"], in: scratch)
        defer { ServeTests.stop(server) }
        #expect(line.hasPrefix("serving 1 session"), "\(line)")
        let started = Date()
        let page = try ServeTests.get("/", port: port)
        let api = try ServeTests.get("/api/sessions", port: port)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(page.status == 200 && api.status == 200)
        #expect(api.body.contains("b.navtape") && !api.body.contains("secret"), "\(api.body)")
        #expect(!api.body.contains("f.navtape"), "\(api.body)")
    }
}
