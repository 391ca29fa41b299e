import Foundation
import NavTape
import NavigationCore
import NavTapeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("serve")
struct ServeTests {
    /// A TCP connection to 127.0.0.1:`port` (with a receive buffer of `receiveBuffer` bytes when
    /// given): its descriptor.
    static func connection(port: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        if var size = receiveBuffer { setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if connected != 0 { close(descriptor) }
        try #require(connected == 0)
        return descriptor
    }

    /// One raw request to 127.0.0.1:`port`, sent as given: the status line's code (0 when the server
    /// answered nothing before closing), the headers and the body.
    static func request(_ request: [UInt8], port: Int) throws -> (status: Int, headers: String, body: String) {
        let descriptor = try connection(port: port)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }  // the server may close early on a request it refuses
            sent += count
        }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            data += chunk[..<count]
        }
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, head, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// The opening tag's end of a page's JSON data block (the tag is a script element of id `data`).
    static let dataBlock = #"id="data" type="application/json">"#

    /// The JSON data block of a page.
    static func pageData(_ body: String) throws -> [String: Any] {
        let start = try #require(body.range(of: Self.dataBlock))
        let end = try #require(body.range(of: "</script>", range: start.upperBound..<body.endIndex))
        return try #require(try JSONSerialization.jsonObject(with: Data(body[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
    }

    /// One GET of `path` (sent exactly as given).
    static func get(_ path: String, port: Int) throws -> (status: Int, headers: String, body: String) {
        try Self.request(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8), port: port)
    }

    /// `lib/` in `scratch` holding the fixture session as `lib/b.navtape`.
    static func makeLibrary(in scratch: Scratch) throws {
        try FileManager.default.createDirectory(atPath: scratch.path("lib"), withIntermediateDirectories: true)
        try scratch.recordFixture()
        try FileManager.default.moveItem(atPath: scratch.path("t.navtape"), toPath: scratch.path("lib/b.navtape"))
    }

    /// Stops the server as Ctrl-C does; it must exit 0.
    static func stop(_ server: Process) {
        kill(server.processIdentifier, SIGINT)
        server.waitUntilExit()
        #expect(server.terminationStatus == 0)
    }

    /// `navtape serve ARGUMENTS --port 0` in `scratch`, once it listens: the process and its port.
    static func startServer(_ arguments: [String], in scratch: Scratch) throws -> (server: Process, port: Int, line: String) {
        let (server, output) = try Navtape.start(["serve"] + arguments + ["--port", "0"], in: scratch.url)
        var printed = Data()
        #expect(CaptureCLITests.read(output.fileHandleForReading, until: "/\n", into: &printed))
        let line = String(decoding: printed, as: UTF8.self)
        let port = try #require(Int(line.split(separator: ":").last?.dropLast(2) ?? ""), "\(line)")
        return (server, port, line)
    }

    @Test("serves the library, each session's page and the JSON API on loopback; bad requests get 404/400; Ctrl-C stops it (exit 0)")
    func server() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try Self.makeLibrary(in: scratch)
        try scratch.write(
            """
            {"navtape":"intents","version":1,"device":"ipad","traits":"landscape","startTime":0}
            {"command":"setSplitViewControllers","controllers":[{"id":"p","name":"<img src=x onerror=alert(1)>","kind":"navigation","children":[{"id":"m","name":"M"}]}]}
            {"command":"launch"}

            """, to: "hostile.jsonl")
        #expect(try scratch.navtape("record", "--intents", "hostile.jsonl", "-o", "lib/a.navtape").status == 0)
        let (server, port, line) = try Self.startServer(["lib"], in: scratch)
        #expect(line.hasPrefix("serving 2 sessions at http://127.0.0.1:"), "\(line)")

        let library = try Self.get("/", port: port)
        #expect(library.status == 200 && library.headers.contains("text/html"))
        let sessions = try #require(try JSONSerialization.jsonObject(with: Data(Self.get("/api/sessions", port: port).body.utf8)) as? [[String: Any]])
        #expect(sessions.map { $0["log"] as? String } == ["lib/a.navtape", "lib/b.navtape"])
        let keyB = try #require(sessions.last?["key"] as? String)
        #expect(keyB.hasPrefix("s-") && keyB.count == 18 && keyB != sessions.first?["key"] as? String)
        // The library page draws its rows from its data block: the rows of /api/sessions.
        let rows = try #require(try Self.pageData(library.body)["rows"] as? [[String: Any]])
        #expect(
            rows.map { $0["key"] as? String }.last == keyB && rows.last?["log"] as? String == "lib/b.navtape"
                && rows.last?["sessionID"] as? String == "fixture" && rows.last?["number"] as? Int == 1, "\(library.body)")
        // The state API is navtape state --json, byte for byte.
        let api = try Self.get("/api/sessions/1/state?at=12", port: port)
        #expect(api.status == 200 && api.headers.contains("application/json"))
        #expect(api.body == (try scratch.navtape("state", "lib/b.navtape", "--at", "12", "--json").stdout))
        // Diff and blame are the commands' --json, byte for byte.
        #expect(
            try Self.get("/api/sessions/1/diff?a=5&b=end", port: port).body
                == (try scratch.navtape("diff", "lib/b.navtape", "5", "end", "--json").stdout))
        #expect(
            try Self.get("/api/sessions/1/blame?what=secondary&at=12&limit=2", port: port).body
                == (try scratch.navtape("blame", "lib/b.navtape", "secondary", "--at", "12", "--limit", "2", "--json").stdout))
        #expect(try Self.get("/api/sessions/1/blame?what=Nowhere", port: port).status == 400)
        // The page blames a column by its role, the supplementary's too (none in a classic split).
        let supplementary = try Self.get("/api/sessions/1/blame?what=supplementary&limit=1", port: port)
        #expect(supplementary.status == 200 && supplementary.body.contains(#""value":"none""#), "\(supplementary)")
        #expect(try Self.get("/api/sessions/1/diff?a=99", port: port).status == 400)
        // The page's commits, read from a point, before it, or around it.
        func commits(_ query: String) throws -> [[String: Any]] {
            let answer = try Self.get("/api/sessions/1/commits?" + query, port: port)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any], "\(answer)")
            return try #require(object["commits"] as? [[String: Any]])
        }
        let opening = try commits("from=0&count=3")
        #expect(opening.count == 3 && opening.first?["first"] as? Int == 0)
        let third = try #require(opening.last?["first"] as? Int)
        #expect(try commits("to=\(third)&count=5").map { $0["first"] as? Int } == opening.dropLast().map { $0["first"] as? Int })
        let around = try commits("around=\(third)&count=3")
        #expect(around.contains { ($0["first"] as? Int ?? -1) <= third && third <= ($0["last"] as? Int ?? -1) }, "\(around)")
        for query in ["from=0&to=3", "count=5", "from=0&count=0", "from=99", "around=zz"] {
            #expect(try Self.get("/api/sessions/1/commits?" + query, port: port).status == 400, "\(query)")
        }
        // What-if: the branch navtape fork writes, re-decided in a temporary log and drawn as the page draws.
        let branch = try Self.get("/api/sessions/1/whatif?at=5&device=iphone-plus&policy=merge-stacks", port: port)
        #expect(
            try scratch.navtape(
                "fork", "lib/b.navtape", "--at", "5", "--device", "iphone-plus", "--policy", "merge-stacks",
                "-o", "w.navtape"
            ).status == 0)
        let forked = try TimeMachine(path: scratch.path("w.navtape"))
        let whatIf = try #require(try JSONSerialization.jsonObject(with: Data(branch.body.utf8)) as? [String: Any], "\(branch)")
        #expect(whatIf["events"] as? Int == Int(forked.eventCount) && whatIf["device"] as? String == "iphone-plus")
        let drawn = ((whatIf["commits"] as? [[String: Any]])?.last?["state"] as? [String: Any])?["hierarchy"] as? String
        #expect(drawn == (try forked.state(at: forked.eventCount)).hierarchyDescription, "\(whatIf)")
        for query in ["device=toaster", "policy=((", "at=zz"] {
            #expect(try Self.get("/api/sessions/1/whatif?" + query, port: port).status == 400, "\(query)")
        }
        // The library filters as navtape query does, and sorts; a session keeps its number.
        let filtered = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.get("/api/sessions?device=ipad&sort=events&order=desc", port: port).body.utf8)) as? [[String: Any]]
        )
        let ipad = try scratch.navtape("query", "lib", "--device", "ipad", "--json").stdout
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(ipad.utf8)) as? [String: Any])
        #expect(filtered.map { $0["log"] as? String } == (expected["sessions"] as? [[String: Any]])?.map { $0["log"] as? String })
        #expect(filtered.map { $0["events"] as? Int ?? 0 } == filtered.map { $0["events"] as? Int ?? 0 }.sorted(by: >))
        let numbered = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.get("/api/sessions?sort=log&order=desc", port: port).body.utf8)) as? [[String: Any]])
        #expect(numbered.map { $0["number"] as? Int } == [1, 0])
        for query in ["bug=BUG6", "sort=colour", "order=up", "diverged=2", "nope=1"] {
            let answer = try Self.get("/api/sessions?" + query, port: port)
            #expect(answer.status == 400 && answer.body.contains("message"), "\(query): \(answer)")
        }
        let page = try Self.get("/?bug=BUG-6", port: port)
        let shown = try Self.pageData(page.body)
        #expect(
            page.status == 200 && (shown["rows"] as? [Any])?.isEmpty == true
                && (shown["query"] as? [String: Any])?["bug"] as? [String] == ["BUG-6"], "\(page.body)")
        // The session page is the inspector's, with the hostile name kept as data, never markup.
        let session = try Self.get("/session/0", port: port)
        #expect(session.status == 200 && session.body.contains(Self.dataBlock))
        // Outside its JSON data block (raw text to a browser, `</` escaped), the name appears nowhere.
        let start = try #require(session.body.range(of: Self.dataBlock))
        let end = try #require(session.body.range(of: "</script>", range: start.upperBound..<session.body.endIndex))
        #expect(!session.body[start.upperBound..<end.lowerBound].contains("</"))
        #expect(!(String(session.body[..<start.lowerBound]) + String(session.body[end.upperBound...])).contains("<img"))
        for (path, status) in [
            ("/session/2", 404), ("/session/-1", 404), ("/session/x", 404), ("/../../etc/passwd", 404),
            ("/api/sessions/1/state?at=zz", 400), ("/api/sessions/1/state?at=22", 400), ("/nowhere", 404),
        ] {
            #expect(try Self.get(path, port: port).status == status, "\(path)")
        }
        // A log added while the server runs is picked up.
        try FileManager.default.copyItem(atPath: scratch.path("lib/b.navtape"), toPath: scratch.path("lib/c.navtape"))
        #expect(try Self.get("/session/2", port: port).status == 200)
        // A served page names its log by key: a log added before it shifts the numbers, not the key.
        let byKey = try Self.get("/session/\(keyB)", port: port)
        #expect(byKey.status == 200 && byKey.body.contains(#""api":"/api/sessions/\#(keyB)""#), "\(byKey.body.prefix(200))")
        try FileManager.default.copyItem(atPath: scratch.path("lib/a.navtape"), toPath: scratch.path("lib/0.navtape"))
        #expect(
            try Self.get("/api/sessions/\(keyB)/state?at=12", port: port).body
                == (try scratch.navtape("state", "lib/b.navtape", "--at", "12", "--json").stdout))
        #expect(
            try Self.get("/api/sessions/1/state?at=12", port: port).body
                != (try scratch.navtape("state", "lib/b.navtape", "--at", "12", "--json").stdout), "number 1 is now another log")
        try FileManager.default.removeItem(atPath: scratch.path("lib/0.navtape"))
        #expect(try Self.get("/api/sessions/s-0000000000000000/state", port: port).status == 404)
        // A fork names its parent in the library.
        #expect(try scratch.navtape("fork", "lib/b.navtape", "--at", "5", "-o", "lib/d.navtape").status == 0)
        let withFork = try #require(try JSONSerialization.jsonObject(with: Data(Self.get("/api/sessions", port: port).body.utf8)) as? [[String: Any]])
        // --at 5 is the state after @5; the fork moves back to the start of its command, which @4 ends.
        #expect(withFork.last?["parent"] as? String == "fixture @4" && withFork.first?["parent"] is NSNull, "\(withFork)")
        #expect(withFork.last?["style"] as? String == withFork.first?["style"] as? String)
        Self.stop(server)
    }

    @Test("hostile requests (traversal, bad parameters, malformed HTTP, oversized) get 400/404 with a message, never a crash")
    func hostileRequests() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try Self.makeLibrary(in: scratch)
        // A log outside the served directory, which no request may reach.
        try FileManager.default.copyItem(atPath: scratch.path("lib/b.navtape"), toPath: scratch.path("secret.navtape"))
        let (server, port, _) = try Self.startServer(["lib"], in: scratch)
        defer { if server.isRunning { server.terminate() } }
        // Sessions are numbers in the library; no spelling of a path names a file.
        for path in [
            "/../secret.navtape", "/%2e%2e/secret.navtape", "/session/..%2fsecret.navtape", "/session/%2e%2e%2fsecret",
            "/session/0/../../secret.navtape", "/api/sessions/..%2F..%2Fsecret.navtape/state", "/session/%00",
            "/session/99999999999999999999999", "/session/1", "/session/٣", "/session/%zz", "/secret.navtape",
        ] {
            let answer = try Self.get(path, port: port)
            #expect([400, 404].contains(answer.status), "\(path): \(answer.status)")
            #expect(!answer.body.contains("fixture"), "\(path) read a log")
        }
        // Bad parameters: 400 naming the parameter; never a 5xx.
        for query in [
            "at=-1", "at=", "at=zz", "at=1e3", "at=%00", "at=%ff%fe", "at=99999999999999999999999",
            "at=22", "at=1&at=2", "at=" + String(repeating: "9", count: 10_000),
        ] {
            let answer = try Self.get("/api/sessions/0/state?" + query, port: port)
            #expect(answer.status == 400 && answer.body.contains(#""message":"at: "#), "\(query): \(answer.status) \(answer.body)")
        }
        let page = try Self.get("/session/0?at=nope", port: port)
        #expect(page.status == 400 && page.body.contains("at: an event from 0 to"), "\(page)")
        // Malformed or oversized HTTP: refused by the server's HTTP layer, which keeps serving.
        let raw: [(String, [UInt8])] = [
            ("garbage", Array("\u{0}\u{1}garbage\r\n\r\n".utf8)),
            ("no version", Array("GET /\r\n\r\n".utf8)),
            ("a 1 MB path", Array(("GET /" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1\r\nHost: x\r\n\r\n").utf8)),
            ("a 256 KB header", Array(("GET / HTTP/1.1\r\nHost: x\r\nX-A: " + String(repeating: "a", count: 256 << 10) + "\r\n\r\n").utf8)),
            ("bad chunking", Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n".utf8)),
            ("absolute URI", Array("GET http://elsewhere/../secret.navtape HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)),
        ]
        for (name, request) in raw {
            let answer = try Self.request(request, port: port)
            // 403: a Host that is not this server's (the DNS-rebinding defence) comes before the route.
            #expect([0, 400, 403, 404, 413, 431].contains(answer.status), "\(name): \(answer.status)")
            #expect(!answer.body.contains("fixture"), "\(name) read a log")
        }
        for method in ["POST", "PUT", "DELETE", "PATCH", "HEAD"] {
            let answer = try Self.request(
                Array("\(method) /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc".utf8), port: port)
            #expect(answer.status == 405 && answer.headers.contains("Allow: GET"), "\(method): \(answer)")
        }
        // A body is never read past 64 KiB: 413, and the connection is closed.
        let flood = Array("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1048576\r\n\r\n".utf8) + [UInt8](repeating: 97, count: 1 << 20)
        let tooBig = try Self.request(flood, port: port)
        #expect(tooBig.status == 413 && tooBig.body.contains(#""message":"#), "\(tooBig.status) \(tooBig.body)")
        // Two requests on one connection (kept alive): both answered, in order.
        let pipelined = try Self.request(
            Array(
                "GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /api/sessions/0/state?at=3 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8),
            port: port)
        #expect(pipelined.status == 404 && pipelined.body.contains("HTTP/1.1 200 OK"), "\(pipelined)")
        // Still serving, and stopped cleanly.
        #expect(try Self.get("/api/sessions/0/state?at=3", port: port).status == 200)
        Self.stop(server)
    }

    @Test("a flood of requests from 8 clients is served without error while a session is being recorded into the library")
    func floodWhileRecording() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try Self.makeLibrary(in: scratch)
        // An app's capture: set-up, launch, then rotations and details shown, 300 commands in all.
        var lines = [
            #"{"navtape":"intents","version":1,"session":"live","startTime":0,"device":"ipad","traits":"landscape"}"#,
            #"{"time":0,"command":"setSplitViewControllers","controllers":[{"id":"p","name":"MasterNC","kind":"navigation","children":[{"id":"m","name":"Master"}]},{"id":"d","name":"Detail"}]}"#,
            #"{"time":1,"command":"launch"}"#,
        ]
        for i in 0..<297 {
            lines.append(
                i % 3 == 2
                    ? #"{"time":\#(10 * i + 10),"command":"changeTraits","traits":"\#(i % 2 == 0 ? "portrait" : "landscape")"}"#
                    : #"{"time":\#(10 * i + 10),"command":"showDetail","target":{"id":"x\#(i)","name":"Item\#(i % 7)"},"sender":"m"}"#)
        }
        let (recorder, input, output) = try CaptureCLITests.startRecording(try #require(Navtape.binary), in: scratch, to: "lib/live.navtape")
        var printed = Data()
        input.fileHandleForWriting.write(Data((lines[0...2].joined(separator: "\n") + "\n").utf8))
        #expect(CaptureCLITests.read(output.fileHandleForReading, until: "line 3: acknowledged", into: &printed))
        let (server, port, line) = try Self.startServer(["lib"], in: scratch)
        defer { if server.isRunning { server.terminate() } }
        #expect(line.hasPrefix("serving 2 sessions"), "\(line)")

        // The recording goes on, a line every 2 ms, while 8 clients send 50 requests each.
        let stream = lines
        let feeder = Thread {
            for line in stream[3...] {
                input.fileHandleForWriting.write(Data((line + "\n").utf8))
                usleep(2_000)
            }
            try? input.fileHandleForWriting.close()
        }
        feeder.start()
        let paths = [
            "/", "/api/sessions", "/api/sessions/0/state", "/api/sessions/0/state?at=7", "/api/sessions/1/state",
            "/api/sessions/1/state?at=2", "/session/0", "/session/1",
        ]
        let failures = NSLock()
        nonisolated(unsafe) var failed: [String] = []
        nonisolated(unsafe) var served = 0
        DispatchQueue.concurrentPerform(iterations: 8) { client in
            for k in 0..<50 {
                let path = paths[(client + k) % paths.count]
                let answer = try? Self.get(path, port: port)
                failures.lock()
                if answer?.status == 200 { served += 1 } else { failed.append("\(path): \(answer?.status ?? -1) \(answer?.body.prefix(200) ?? "")") }
                failures.unlock()
            }
        }
        #expect(failed.isEmpty, "\(failed.count) failed: \(failed.prefix(5))")
        #expect(served == 400)
        // Every line was recorded and acknowledged, and the library shows the whole session.
        printed += output.fileHandleForReading.readDataToEndOfFile()
        recorder.waitUntilExit()
        #expect(recorder.terminationStatus == 0)
        #expect(String(decoding: printed, as: UTF8.self).contains("line \(lines.count): acknowledged"))
        let live = try TimeMachine(path: scratch.path("lib/live.navtape"))
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(Self.get("/api/sessions", port: port).body.utf8)) as? [[String: Any]])
        #expect(rows.last?["events"] as? Int == Int(live.eventCount), "\(rows)")
        // ... which is the session the same lines make when recorded whole.
        try scratch.write(lines.joined(separator: "\n") + "\n", to: "whole.jsonl")
        #expect(try scratch.navtape("record", "--intents", "whole.jsonl", "-o", "whole.navtape").status == 0)
        let whole = try TimeMachine(path: scratch.path("whole.navtape"))
        #expect(live.eventCount == whole.eventCount)
        #expect(try live.state(at: live.eventCount) == whole.state(at: whole.eventCount))
        Self.stop(server)
    }

    @Test("beyond --max-requests requests reading logs, a request gets 503 with Retry-After; the rest are served")
    func busy() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        #expect(try scratch.navtape("generate", "--events", "20000", "--seed", "3", "-o", "big.navtape").status == 0)
        let (server, port, _) = try Self.startServer(["big.navtape", "--max-requests", "1"], in: scratch)
        defer { if server.isRunning { server.terminate() } }
        let lock = NSLock()
        nonisolated(unsafe) var statuses: [Int] = []
        nonisolated(unsafe) var retryAfter = true
        // Sixteen clients released at once (each on its own thread: concurrentPerform would use one
        // per core, and a release build answers fast enough for two never to overlap).
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for k in 0..<16 {
            done.enter()
            Thread.detachNewThread {
                gate.wait()
                let answer = try? Self.get("/session/0?at=\(k * 1000)", port: port)
                lock.lock()
                statuses.append(answer?.status ?? -1)
                if answer?.status == 503 {
                    retryAfter =
                        retryAfter && answer?.headers.lowercased().contains("retry-after: 1") == true
                        && answer?.body.contains("busy: 1 requests are already reading logs") == true
                }
                lock.unlock()
                done.leave()
            }
        }
        for _ in 0..<16 { gate.signal() }
        done.wait()
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(statuses)")
        #expect(statuses.contains(200) && statuses.contains(503), "\(statuses)")
        #expect(retryAfter)
        // Quick requests that read no log are never refused, and the server is not stuck.
        #expect(try Self.get("/nowhere", port: port).status == 404)
        #expect(try Self.get("/api/sessions/0/state?at=5", port: port).status == 200)
        Self.stop(server)
    }

    @Test("/api/sessions/N/live streams the commits as server-sent events as they are recorded; Ctrl-C ends it")
    func live() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.path("lib"), withIntermediateDirectories: true)
        let (recorder, input, output) = try CaptureCLITests.startRecording(try #require(Navtape.binary), in: scratch, to: "lib/live.navtape")
        var printed = Data()
        input.fileHandleForWriting.write(
            Data(
                """
                {"navtape":"intents","version":1,"session":"live","startTime":0,"device":"ipad","traits":"landscape"}
                {"time":0,"command":"setSplitViewControllers","controllers":[{"id":"p","name":"MasterNC","kind":"navigation","children":[{"id":"m","name":"Master"}]},{"id":"d","name":"Detail"}]}
                {"time":1,"command":"launch"}

                """.utf8))
        #expect(CaptureCLITests.read(output.fileHandleForReading, until: "line 3: acknowledged", into: &printed))
        let (server, port, _) = try Self.startServer(["lib"], in: scratch)
        defer { if server.isRunning { server.terminate() } }
        #expect(try Self.get("/api/sessions/0/live?from=zz", port: port).status == 400)
        #expect(try Self.get("/api/sessions/7/live", port: port).status == 404)

        // A client reads the stream on its own thread, from the start of the log.
        let descriptor = try Self.connection(port: port)
        defer { close(descriptor) }
        let request = Array("GET /api/sessions/0/live?from=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
        let received = NSLock()
        nonisolated(unsafe) var stream = ""
        let reader = Thread {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break }
                received.lock()
                stream += String(decoding: chunk[..<count], as: UTF8.self)
                received.unlock()
            }
        }
        reader.start()
        func streamed(_ text: String) -> Bool {
            for _ in 0..<200 {
                received.lock()
                let found = stream.contains(text)
                received.unlock()
                if found { return true }
                usleep(50_000)
            }
            return false
        }
        #expect(streamed("launch"), "\(stream)")
        #expect(stream.contains("Content-Type: text/event-stream"))
        // A command recorded now arrives as a new event of the stream, the page's commit objects.
        input.fileHandleForWriting.write(Data((#"{"time":50,"command":"showDetail","target":{"id":"x","name":"LiveItem"},"sender":"m"}"# + "\n").utf8))
        #expect(CaptureCLITests.read(output.fileHandleForReading, until: "line 4: acknowledged", into: &printed))
        #expect(streamed("LiveItem"), "\(stream)")
        received.lock()
        let events = stream.components(separatedBy: "event: commits\ndata: ").dropFirst()
        received.unlock()
        #expect(events.count >= 2)
        let last = try #require(events.last?.components(separatedBy: "\n").first)
        let update = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let live = try TimeMachine(path: scratch.path("lib/live.navtape"))
        #expect(update["events"] as? Int == Int(live.eventCount))
        // From event 0 on: the first update begins with the log's first commit.
        let first = try #require(events.first?.components(separatedBy: "\n").first)
        let opening = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect((opening["commits"] as? [[String: Any]])?.first?["first"] as? Int == 0, "\(opening)")
        #expect((update["commits"] as? [[String: Any]])?.last?["command"] as? String == "showDetail LiveItem from Master", "\(update)")
        // Ctrl-C ends the open stream and the server (exit 0), and the client sees the end.
        Self.stop(server)
        #expect(streamed("0\r\n\r\n"), "the chunked stream was not ended")
        try? input.fileHandleForWriting.close()
        recorder.waitUntilExit()
    }

    @Test("the library's rows are kept in a catalogue in the served directory, used after a restart while each log is unchanged")
    func catalogue() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try Self.makeLibrary(in: scratch)
        var (server, port, _) = try Self.startServer(["lib"], in: scratch)
        #expect(try Self.get("/api/sessions", port: port).status == 200)
        Self.stop(server)
        let catalogue = scratch.path("lib/.navtape-catalogue.jsonl")
        let text = try String(contentsOfFile: catalogue, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 1 && text.contains(#""sessionID":"fixture""#), "\(text)")
        // Edited by hand, the row is what a restarted server shows: it was not read again from the log.
        try text.replacingOccurrences(of: #""sessionID":"fixture""#, with: #""sessionID":"from-the-catalogue""#)
            .write(toFile: catalogue, atomically: true, encoding: .utf8)
        (server, port, _) = try Self.startServer(["lib"], in: scratch)
        #expect(try Self.get("/api/sessions", port: port).body.contains(#""sessionID":"from-the-catalogue""#))
        Self.stop(server)
        // Once the log changes (here: its time), its row is read again; a damaged catalogue is rebuilt.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: scratch.path("lib/b.navtape"))
        (server, port, _) = try Self.startServer(["lib"], in: scratch)
        #expect(try Self.get("/api/sessions", port: port).body.contains(#""sessionID":"fixture""#))
        Self.stop(server)
        try "{not json\n".write(toFile: catalogue, atomically: true, encoding: .utf8)
        (server, port, _) = try Self.startServer(["lib"], in: scratch)
        #expect(try Self.get("/api/sessions", port: port).body.contains(#""sessionID":"fixture""#))
        Self.stop(server)
        #expect(try String(contentsOfFile: catalogue, encoding: .utf8).contains(#""sessionID":"fixture""#))
    }

    @Test("a live stream from the start of a long log comes in batches of at most 200 commits, contiguous, up to the end")
    func liveBatches() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        #expect(try scratch.navtape("generate", "--events", "5000", "--seed", "4", "-o", "long.navtape").status == 0)
        let log = try TimeMachine(path: scratch.path("long.navtape"))
        let (server, port, _) = try Self.startServer(["long.navtape"], in: scratch)
        defer { if server.isRunning { server.terminate() } }
        let descriptor = try Self.connection(port: port)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Array("GET /api/sessions/0/live?from=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
        // Read until a batch ends with the log's last event.
        var text = "", batches: [[[String: Any]]] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        reading: while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            text += String(decoding: chunk[..<count], as: UTF8.self)
            while let start = text.range(of: "event: commits\ndata: "), let end = text.range(of: "\n\n", range: start.upperBound..<text.endIndex) {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(text[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
                batches.append(try #require(object["commits"] as? [[String: Any]]))
                text = String(text[end.upperBound...])
                if batches.last?.last?["last"] as? Int == Int(log.eventCount) - 1 { break reading }
            }
        }
        #expect(batches.count >= 2 && batches.allSatisfy { $0.count <= 200 }, "\(batches.map(\.count))")
        // Contiguous: each batch starts where the previous ended, the first at event 0.
        let commits = batches.flatMap { $0 }
        #expect(commits.first?["first"] as? Int == 0)
        for (a, b) in zip(commits, commits.dropFirst()) {
            #expect((a["last"] as? Int).map { $0 + 1 } == b["first"] as? Int)
        }
        #expect(commits.last?["last"] as? Int == Int(log.eventCount) - 1)
        Self.stop(server)
    }
}
