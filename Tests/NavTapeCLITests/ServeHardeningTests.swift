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
