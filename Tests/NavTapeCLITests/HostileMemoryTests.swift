import Foundation
import NavTape
import NavigationCore
import Testing
import NavTapeTestSupport

/// The peak memory of reading a hostile file stays within 32 MiB of a normal run (issue 17, point 3;
/// docs/FileFormat.md, "Limits on hostile input"): each input below is refused before it is held.
@Suite("hostile input: bounded memory", .serialized)
struct HostileMemoryTests {
    /// Runs `navtape arguments…` in `directory`; its exit status and peak resident size in KiB.
    ///
    /// Measured by a small Python process that forks and execs navtape and reads the child's own
    /// `rusage`: a child spawned straight from this large test process would be charged this
    /// process's pages at `exec` (Linux keeps the old address space's high-water mark), so every
    /// figure would be the test's.
    static func peak(_ arguments: [String], in directory: URL) throws -> (status: Int32, kib: Int) {
        let binary = try #require(Navtape.binary)
        let measure = """
            import os, sys
            pid = os.fork()
            if pid == 0:
                fd = os.open(os.devnull, os.O_RDWR)
                for target in (0, 1, 2): os.dup2(fd, target)
                os.execv(sys.argv[1], sys.argv[1:])
            _, status, usage = os.wait4(pid, 0)
            print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", measure, binary.path] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = printed.split(whereSeparator: \.isWhitespace)
        let status = try #require(fields.first.flatMap { Int32($0) }, "\(printed)")
        let kib = try #require(fields.dropFirst().first.flatMap { Int($0) }, "\(printed)")
        return (status, kib)
    }

    @Test("a 24 MiB script line, an oversized intent line and import line, a log with forged sizes: refused within 32 MiB of a normal run")
    func hostileFiles() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        try scratch.recordFixture()
        let normal = try Self.peak(["verify", "t.navtape"], in: scratch.url)
        #expect(normal.status == 0)
        // 24 MiB lines (bytes, not a String: building those in a debug build takes seconds).
        let huge = Data(repeating: UInt8(ascii: "x"), count: 24 << 20)
        func write(_ head: String, _ tail: String, to name: String) throws {
            try (Data(head.utf8) + huge + Data(tail.utf8)).write(to: URL(fileURLWithPath: scratch.path(name)))
        }
        try write("launch\n# ", "\n", to: "line.navscript")
        try write(
            #"{"navtape":"intents","version":1,"device":"ipad","traits":"landscape","startTime":0}"# + "\n"
                + #"{"command":"launch","pad":""#, "\"}\n", to: "line.jsonl")
        try write(#"{"type":"session","pad":""#, "\"}\n", to: "import.jsonl")
        // A log whose first block claims the largest raw length and a payload that is not there, and one
        // whose header claims a 1 MiB body of garbage.
        var log = try Data(contentsOf: URL(fileURLWithPath: scratch.path("t.navtape")))
        let bodyLength = Int(log[12]) | Int(log[13]) << 8 | Int(log[14]) << 16 | Int(log[15]) << 24
        let block = 20 + bodyLength
        log.replaceSubrange((block + 32)..<(block + 40), with: [0, 0, 0x40, 0, 0xFF, 0xFF, 0x40, 0])
        try log.write(to: URL(fileURLWithPath: scratch.path("block.navtape")))
        var header = Data("NAVTAPE\0".utf8) + Data([1, 0, 0, 0, 0, 0, 0x10, 0])
        header += Data(repeating: 0xAB, count: 1 << 20)
        try header.write(to: URL(fileURLWithPath: scratch.path("header.navtape")))
        for arguments in [
            ["run", "line.navscript"], ["record", "--intents", "line.jsonl", "-o", "l.navtape"],
            ["import", "import.jsonl", "-o", "i.navtape"], ["verify", "block.navtape"], ["verify", "header.navtape"],
            ["state", "block.navtape"],
        ] {
            let hostile = try Self.peak(arguments, in: scratch.url)
            #expect(hostile.status == 65, "\(arguments): exit \(hostile.status)")
            print("hostile input \(arguments.joined(separator: " ")): \(hostile.kib) KiB peak (a normal verify: \(normal.kib) KiB)")
            #expect(hostile.kib <= normal.kib + 32 * 1_024, "\(arguments): \(hostile.kib) KiB, a normal run \(normal.kib) KiB")
        }
    }

    /// Writes `events` (commits of up to 4,096, not decided: a forged log) to `path`; the recorder's
    /// state is the fold of them, as a reader's would be.
    static func forge(_ events: [NavigationEvent], to path: String) throws {
        let setup = SessionSetup(device: .iPhone, orientation: .portrait, policy: .noDelegate, primary: "M", secondary: nil)
        let recorder = try Recorder(
            creating: path, setup: setup, sessionID: "forged", startTime: 0,
            options: RecorderOptions(checkpointInterval: 1 << 30))
        for start in stride(from: 0, to: events.count, by: 4_096) {
            let commit = Array(events[start..<min(start + 4_096, events.count)])
            var next = recorder.state
            next.evolve(contentsOf: commit)
            try recorder.append(commit, at: Int64(start), resulting: next)
        }
        try recorder.close()
    }

    @Test("totals (issue 30, point 4): logs of huge distinct names and of 140,000 controllers are refused at the cap, within 64 MiB, under serve too")
    func hostileTotals() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        // 24 distinct names of 1 MiB each (a few KiB each once compressed): 24 MiB of state uncapped.
        let filler = String(repeating: "n", count: (1 << 20) - 8)
        try Self.forge((0..<24).map { .nameInterned(filler + String(1_000_000 + $0)) }, to: scratch.path("names.navtape"))
        // Content controllers past NavigationState.Limits.maximumControllers (131,072).
        let controllers =
            [NavigationEvent.nameInterned("C")]
            + (0..<140_000).map {
                NavigationEvent.controllerCreated(ControllerID(app: $0), kind: .content, name: NameID(rawValue: 0), restorationID: nil)
            }
        try Self.forge(controllers, to: scratch.path("controllers.navtape"))
        for (log, cap) in [("names.navtape", "bytes (the cap)"), ("controllers.navtape", "controllers already (the cap)")] {
            // verify and stats fold every event: refused at the event past the cap. state reads the
            // last checkpoint (written within the caps) and export folds nothing: both bounded.
            for (command, refused) in [("verify", true), ("stats", true), ("state", false), ("export", false)] {
                let result = try Self.peak([command, log], in: scratch.url)
                print("hostile totals \(command) \(log): exit \(result.status), \(result.kib) KiB peak")
                #expect(!refused || result.status == 65, "\(command) \(log): exit \(result.status)")
                #expect(result.kib <= 64 * 1_024, "\(command) \(log): \(result.kib) KiB")
            }
            for command in ["verify", "stats"] {
                let result = try scratch.navtape(command, log)
                #expect(result.stderr.contains("tooLarge") && result.stderr.contains(cap), "\(result)")
            }
        }
        // A library of both under serve: the library page, then eight concurrent state requests deep
        // in the controllers log (session 0), the heavier of the two.
        try FileManager.default.createDirectory(atPath: scratch.path("lib"), withIntermediateDirectories: true)
        for log in ["names.navtape", "controllers.navtape"] {
            try FileManager.default.moveItem(atPath: scratch.path(log), toPath: scratch.path("lib/" + log))
        }
        let (server, port, _) = try ServeTests.startServer(["lib"], in: scratch)
        defer { ServeTests.stop(server) }
        #expect(try ServeTests.get("/", port: port).status == 200)
        let statuses = LockedArray()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let status = (try? ServeTests.get("/api/sessions/0/state?at=\(100_000 + i)", port: port).status) ?? 0
            statuses.append(status)
        }
        #expect(statuses.values == Array(repeating: 200, count: 8), "\(statuses.values)")
        let status = try String(contentsOfFile: "/proc/\(server.processIdentifier)/status", encoding: .utf8)
        let peak = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap { Int($0.split(separator: " ")[1]) })
        print("hostile totals under serve: \(peak) KiB peak, answers \(statuses.values)")
        #expect(peak <= 64 * 1_024, "serve: \(peak) KiB")
    }

    /// Statuses gathered from concurrent requests.
    final class LockedArray: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Int] = []
        func append(_ value: Int) { lock.withLock { storage.append(value) } }
        var values: [Int] { lock.withLock { storage } }
    }
}
