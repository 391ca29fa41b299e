import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavTape
import NavigationCore
import Testing
import NavTapeTestSupport

/// No output path loses data (hardening issue, point 0), end to end through the built binary: every
/// command that writes a file refuses to replace a non-regular file or a log another process is
/// recording, writes whole or not at all, and names the user's path.
@Suite("output safety", .serialized)
struct OutputSafetyTests {
    /// Every command that writes a file, writing to `target` with `--force`.
    static func writers(_ target: String) -> [[String]] {
        [
            ["record", "t.navscript", "-o", target, "--force"],
            ["run", "t.navscript", "-o", target, "--force"],
            ["generate", "--events", "200", "--seed", "1", "-o", target, "--force"],
            ["fork", "t.navtape", "--at", "13", "--device", "ipad", "-o", target, "--force"],
            ["import", "t.jsonl", "-o", target, "--force"],
            ["export", "t.navtape", "-o", target, "--force"],
            ["testgen", "t.navtape", "-o", target, "--force"],
        ]
    }

    static func scratch() throws -> Scratch {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        try scratch.write(try scratch.navtape("export", "t.navtape").stdout, to: "t.jsonl")
        return scratch
    }

    static func staged(_ scratch: Scratch) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scratch.url.path)) ?? []).filter { $0.hasSuffix(".partial") }
    }

    @Test("--force never replaces a FIFO or a symbolic link: exit 73, both intact", arguments: [0, 1, 2, 3, 4, 5, 6])
    func nonRegular(command: Int) throws {
        let scratch = try Self.scratch()
        #expect(mkfifo(scratch.path("fifo"), 0o644) == 0)
        #expect(symlink(scratch.path("t.navtape"), scratch.path("link")) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.path("t.navtape")))
        for target in ["fifo", "link"] {
            let result = try Navtape.run(Self.writers(target)[command], in: scratch.url)
            #expect(result == .init(status: 73, stdout: "", stderr: "\(target): not a regular file: it is never replaced\n"))
        }
        var info = stat()
        #expect(lstat(scratch.path("fifo"), &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect(lstat(scratch.path("link"), &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("t.navtape"))) == before)
        #expect(Self.staged(scratch).isEmpty)
    }

    @Test(
        "--force never replaces a log another process is recording: exit 75, the recording goes on whole",
        arguments: [0, 1, 2, 3, 4, 5, 6])
    func recordingInProgress(command: Int) throws {
        let scratch = try Self.scratch()
        let recorder = try Recorder(
            creating: scratch.path("live.navtape"),
            setup: SessionSetup(
                device: .iPhonePlus, orientation: .portrait, policy: .calendarPaste(), primary: "MN[M]", secondary: nil),
            sessionID: "live", startTime: 0)
        try recorder.send(.launch(Device.iPhonePlus.traits(.portrait)), at: 1)
        try recorder.sync()
        let result = try Navtape.run(Self.writers("live.navtape")[command], in: scratch.url)
        #expect(
            result
                == .init(
                    status: 75, stdout: "",
                    stderr: "live.navtape: a writer (another navtape process?) holds it: not replaced\n"))
        try recorder.send(.changeTraits(Device.iPhonePlus.traits(.landscape)), at: 2)
        let count = recorder.eventCount
        try recorder.close()
        let log = try TimeMachine(path: scratch.path("live.navtape"))
        #expect(log.eventCount == count && log.sessionID == "live")
        #expect(Self.staged(scratch).isEmpty)
    }

    @Test("a regular file is replaced with --force, atomically, and its stale index goes", arguments: [0, 1, 2, 3, 4, 5, 6])
    func replaces(command: Int) throws {
        let scratch = try Self.scratch()
        let arguments = Self.writers("out")[command]
        #expect(try scratch.navtape("generate", "--events", "50", "--seed", "9", "-o", "out").status == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.path("out.idx")))
        let refused = try Navtape.run(Array(arguments.dropLast()), in: scratch.url)
        #expect(refused == .init(status: 73, stdout: "", stderr: "out: already exists (use --force to replace it)\n"))
        let result = try Navtape.run(arguments, in: scratch.url)
        #expect(result.status == 0, "\(result)")
        let isLog = !["export", "testgen"].contains(arguments[0])
        #expect(FileManager.default.fileExists(atPath: scratch.path("out.idx")) == isLog)
        if isLog { #expect(try scratch.navtape("verify", "out").status == 0) }
        #expect(Self.staged(scratch).isEmpty)
    }

    /// Starts `navtape arguments…` in `scratch`, waits until it is staging its output beside the
    /// target, and stops it there (SIGSTOP), so a second command runs while it is mid-way.
    static func startAndHold(_ arguments: [String], in scratch: Scratch) throws -> (Process, Pipe) {
        let stderr = Pipe()
        let (process, _) = try Navtape.start(arguments, in: scratch.url, errors: stderr)
        var waited = 0
        while staged(scratch).isEmpty && process.isRunning && waited < 2_000 {
            usleep(5_000)
            waited += 1
        }
        #expect(staged(scratch).count == 1, "the first writer stages its log beside the target")
        kill(process.processIdentifier, SIGSTOP)
        return (process, stderr)
    }

    @Test(
        "a concurrent --force while a first writer works on the path: the second is refused (exit 75), the first completes",
        arguments: [false, true])
    func concurrentForce(existing: Bool) throws {
        let scratch = try Self.scratch()
        if existing {
            #expect(try scratch.navtape("generate", "--events", "50", "--seed", "9", "-o", "lk.navtape").status == 0)
        }
        // The first writer may itself replace an existing file (--force) or create the path.
        let firstArguments = ["generate", "--events", "200000", "--seed", "1", "-o", "lk.navtape"] + (existing ? ["--force"] : [])
        let (first, firstErr) = try Self.startAndHold(firstArguments, in: scratch)
        var seconds: [Navtape.Result] = []
        for arguments in [
            ["generate", "--events", "1000", "--seed", "2", "-o", "lk.navtape", "--force"],
            ["export", "t.navtape", "-o", "lk.navtape", "--force"],
            ["record", "t.navscript", "-o", "lk.navtape", "--force"],
        ] {
            seconds.append(try Navtape.run(arguments, in: scratch.url))
        }
        kill(first.processIdentifier, SIGCONT)
        first.waitUntilExit()
        let firstStderr = String(decoding: firstErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        for second in seconds {
            #expect(
                second
                    == .init(
                        status: 75, stdout: "",
                        stderr: "lk.navtape: another process (navtape?) is writing it now: not replaced\n"))
        }
        #expect(first.terminationStatus == 0, "\(firstStderr)")
        let verify = try scratch.navtape("verify", "lk.navtape")
        // The first writer's log, whole: its 200,000 events (to the end of the commit that reaches them).
        let kept = try TimeMachine(path: scratch.path("lk.navtape")).eventCount
        #expect(verify.status == 0 && kept >= 200_000 && kept < 200_100, "\(verify)")
        #expect(Self.staged(scratch).isEmpty)
    }

    @Test("record --intents never replaces a file: --force is refused (exit 64) and the file is kept")
    func liveRecordingNeverReplaces() throws {
        let scratch = try Self.scratch()
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.path("t.navtape")))
        let result = try scratch.navtape("record", "--intents", "-", "-o", "t.navtape", "--force", input: "")
        #expect(result.status == 64 && result.stderr.contains("--force cannot be used with --intents"), "\(result)")
        let plain = try scratch.navtape("record", "--intents", "-", "-o", "t.navtape", input: "")
        #expect(plain.status == 73, "\(plain)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("t.navtape"))) == before)
    }

    @Test("demo replaces its own earlier logs, and any other file only with --force")
    func demoKeepsOtherFiles() throws {
        let scratch = try Self.scratch()
        #expect(try scratch.navtape("demo", "-o", "d.navtape").status == 0)
        #expect(try scratch.navtape("demo", "-o", "d.navtape").status == 0, "a second demo replaces the first one's logs")
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.path("t.navtape")))
        let refused = try scratch.navtape("demo", "-o", "t.navtape")
        #expect(refused == .init(status: 73, stdout: "", stderr: "t.navtape: already exists (use --force to replace it)\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("t.navtape"))) == before)
        #expect(try scratch.navtape("demo", "-o", "t.navtape", "--force").status == 0)
        #expect(try scratch.navtape("stats", "t.navtape").stdout.contains("(demo-iphone-plus · iphone-plus"))
    }

    // Linux only: mount(2) of a tmpfs (Darwin's mount takes other arguments and has no tmpfs).
    #if os(Linux)
    @Test(
        "a full disk leaves no partial output, and the retry is not refused as 'already exists'",
        .enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func fullDisk() throws {
        let scratch = try Self.scratch()
        let small = scratch.path("small")
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        let mounted = mount("tmpfs", small, "tmpfs", 0, "size=64k") == 0
        #expect(mounted, "mount a 64 KiB tmpfs: \(String(cString: strerror(errno)))")
        guard mounted else { return }
        defer { umount(small) }
        #expect(try scratch.navtape("generate", "--events", "30000", "--seed", "1", "-o", "big.navtape").status == 0)
        for arguments in [
            ["export", "big.navtape", "-o", "small/x.jsonl"], ["testgen", "big.navtape", "-o", "small/x.swift"],
            ["generate", "--events", "100000", "--seed", "1", "-o", "small/x.navtape"],
            ["fork", "big.navtape", "--at", "5", "--policy", "none", "-o", "small/x.navtape"],
        ] {
            for _ in 0..<2 {
                let result = try Navtape.run(arguments, in: scratch.url)
                #expect(result.status == 74, "\(arguments): \(result)")
                #expect(
                    result.stderr.hasPrefix(arguments[arguments.count - 1] + ": ") && result.stderr.contains("No space left"),
                    "\(result)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: small).isEmpty, "\(arguments)")
            }
        }
    }
    #endif
}
