import Foundation
import Testing

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
}
