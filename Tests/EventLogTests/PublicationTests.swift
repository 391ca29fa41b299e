import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavTapeApps
import NavTapeTestSupport
import Testing
@testable import EventLog

/// No output path loses data (hardening issue, point 0): outputs are staged beside their path and
/// moved there whole; `replacing` never takes a non-regular file nor a log another writer holds.
@Suite("Publication: whole outputs, safe replacement")
struct PublicationTests {
    func staged(in directory: TemporaryDirectory) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".partial") }
    }

    @Test("a log published whole appears only when closed, with its index; abandoning leaves nothing")
    func wholeLog() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("whole.navtape")
        let records = makeRecords(count: 500, seed: 3)
        let writer = try EventLogWriter.create(at: path, header: testHeader, options: testOptions(), publication: .whole)
        for record in records { try writer.append(timestamp: record.timestamp, record: record.bytes) }
        try writer.sync()
        #expect(!FileManager.default.fileExists(atPath: path), "a whole log is not visible before close")
        #expect(staged(in: directory).count == 1)
        try writer.close()
        #expect(staged(in: directory).isEmpty)
        #expect(FileManager.default.fileExists(atPath: LogIndex.path(for: path)))
        #expect(readRecords(try EventLogReader(path: path)).records == records)

        let gone = directory.path("gone.navtape")
        let abandoned = try EventLogWriter.create(at: gone, header: testHeader, options: testOptions(), publication: .whole)
        try abandoned.append(timestamp: 1, record: [1, 2, 3])
        abandoned.abandon()
        #expect(!FileManager.default.fileExists(atPath: gone))
        #expect(staged(in: directory).isEmpty)
        do {
            let dropped = try EventLogWriter.create(at: gone, header: testHeader, options: testOptions(), publication: .whole)
            try dropped.append(timestamp: 1, record: [1])
        }
        #expect(!FileManager.default.fileExists(atPath: gone) && staged(in: directory).isEmpty, "a dropped writer leaves nothing")
    }

    @Test("replacing keeps the old log whole until the new one is complete, and only with replacing")
    func replaceRegularFile() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("log.navtape")
        let old = makeRecords(count: 50, seed: 1), new = makeRecords(count: 80, seed: 2)
        try writeLog(old, to: path, options: testOptions())
        #expect(throws: EventLogError.self) {
            _ = try EventLogWriter.create(at: path, header: testHeader, options: testOptions(), publication: .whole)
        }
        let writer = try EventLogWriter.create(
            at: path, header: testHeader, options: testOptions(), publication: .whole,
            replacing: true)
        for record in new { try writer.append(timestamp: record.timestamp, record: record.bytes) }
        #expect(readRecords(try EventLogReader(path: path)).records == old, "the old log stays until close")
        try writer.close()
        #expect(readRecords(try EventLogReader(path: path)).records == new)
        // The old log's sidecar went with it: the new one describes the new file.
        var options = testOptions()
        options.usesIndex = true
        #expect(try EventLogReader(path: path, options: options).recordCount == 80)
    }

    #if DEBUG  // fault injection exists in debug builds only
    @Test("a failed write (a full disk) leaves the old file and no staging file; the error names the user's path")
    func fullDisk() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("log.navtape")
        let old = makeRecords(count: 50, seed: 1)
        try writeLog(old, to: path, options: testOptions())
        var options = testOptions(blockTargetBytes: 1_024)
        options.faults = FaultInjector(.init(failWritesAfterBytes: 3_000))
        let writer = try EventLogWriter.create(at: path, header: testHeader, options: options, publication: .whole, replacing: true)
        var failure: EventLogError?
        do {
            for record in makeRecords(count: 2_000, seed: 9) { try writer.append(timestamp: record.timestamp, record: record.bytes) }
            try writer.close()
        } catch {
            failure = error
            try? writer.close()
        }
        #expect(failure?.path == path, "\(String(describing: failure))")
        #expect(failure?.errno == ENOSPC)
        #expect(readRecords(try EventLogReader(path: path)).records == old)
        #expect(staged(in: directory).isEmpty)

        var textOptions = LogOptions()
        textOptions.faults = FaultInjector(.init(failWritesAfterBytes: 10))
        let text = directory.path("out.jsonl")
        try Data("before\n".utf8).write(to: URL(fileURLWithPath: text))
        let file = try OutputFile(path: text, replacing: true, options: textOptions)
        #expect(throws: EventLogError.self) {
            try file.write(String(repeating: "x", count: 200_000))
            try file.commit()
        }
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "before\n")
        #expect(staged(in: directory).isEmpty)
    }
    #endif

    @Test("never replaced: a FIFO, a symbolic link, a directory, a device")
    func nonRegular() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.path("fifo.navtape")
        #expect(mkfifo(fifo, 0o644) == 0)
        let target = directory.path("target.navtape")
        try writeLog(makeRecords(count: 5, seed: 1), to: target, options: testOptions())
        let link = directory.path("link.navtape")
        #expect(symlink(target, link) == 0)
        let folder = directory.path("folder.navtape")
        #expect(mkdir(folder, 0o755) == 0)
        for path in [fifo, link, folder, "/dev/null"] {
            for publication in [Publication.live, .whole] {
                do {
                    let writer = try EventLogWriter.create(
                        at: path, header: testHeader, options: testOptions(),
                        publication: publication, replacing: true)
                    try writer.close()
                    Issue.record("\(path) was replaced")
                } catch {
                    #expect(error.code == .notRegularFile, "\(path): \(error)")
                    #expect(error.path == path)
                }
            }
            #expect(throws: EventLogError.self) { _ = try OutputFile(path: path, replacing: true) }
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
        #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        #expect(staged(in: directory).isEmpty)
    }

    @Test("a log another writer holds is never replaced: .locked, and the writer goes on")
    func lockedTarget() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("live.navtape")
        let live = try EventLogWriter.create(at: path, header: testHeader, options: testOptions())
        let records = makeRecords(count: 300, seed: 5)
        for record in records.prefix(100) { try live.append(timestamp: record.timestamp, record: record.bytes) }
        try live.sync()
        for publication in [Publication.live, .whole] {
            do {
                let other = try EventLogWriter.create(
                    at: path, header: testHeader, options: testOptions(),
                    publication: publication, replacing: true)
                try other.close()
                Issue.record("a held log was replaced")
            } catch {
                #expect(error.code == .locked, "\(error)")
            }
        }
        #expect(throws: EventLogError.self) { _ = try OutputFile(path: path, replacing: true) }
        for record in records.dropFirst(100) { try live.append(timestamp: record.timestamp, record: record.bytes) }
        try live.close()
        #expect(readRecords(try EventLogReader(path: path)).records == records)
        #expect(staged(in: directory).isEmpty)
    }

    @Test("a second writer of a path another is writing is refused at once (.locked), replacing or not; the first completes")
    func secondWriterRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("race.navtape")
        try writeLog(makeRecords(count: 5, seed: 7), to: path, options: testOptions())
        let first = try EventLogWriter.create(
            at: path, header: testHeader, options: testOptions(), publication: .whole,
            replacing: true)
        let records = makeRecords(count: 500, seed: 2)
        for record in records.prefix(200) { try first.append(timestamp: record.timestamp, record: record.bytes) }
        for publication in [Publication.whole, .live] {
            for replacing in [false, true] {
                do {
                    let second = try EventLogWriter.create(
                        at: path, header: testHeader, options: testOptions(),
                        publication: publication, replacing: replacing)
                    second.abandon()
                    Issue.record("a second writer of \(path) was let in (\(publication), replacing: \(replacing))")
                } catch {
                    #expect(error.code == (replacing ? .locked : .alreadyExists) && error.path == path, "\(error)")
                }
            }
        }
        // Where nothing is at the path yet, the claim alone refuses the second writer.
        let fresh = directory.path("fresh.navtape")
        let holder = try OutputFile(path: fresh, replacing: false)
        #expect(throws: EventLogError(.locked, path: fresh, detail: "another process (navtape?) is writing it now: not replaced")) {
            _ = try EventLogWriter.create(at: fresh, header: testHeader, options: testOptions(), publication: .whole)
        }
        #expect(throws: EventLogError.self) { _ = try OutputFile(path: fresh, replacing: true) }
        try holder.write("done\n")
        try holder.commit()
        #expect(try String(contentsOfFile: fresh, encoding: .utf8) == "done\n")

        for record in records.dropFirst(200) { try first.append(timestamp: record.timestamp, record: record.bytes) }
        try first.close()
        #expect(readRecords(try EventLogReader(path: path)).records == records)
        #expect(staged(in: directory).isEmpty)
    }

    @Test("a crashed writer's staging file is swept by the next writer; a live one's is not")
    func sweep() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("s.navtape")
        // No process has the ID pid_max (IDs stay below it): the writer is certainly gone.
        let pidMax =
            (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 4_194_304
        let crashed = directory.path(".s.navtape.\(pidMax)-0.partial")
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: crashed))
        let running = try EventLogWriter.create(at: path, header: testHeader, options: testOptions(), publication: .whole)
        #expect(!FileManager.default.fileExists(atPath: crashed))
        #expect(staged(in: directory).count == 1, "the running writer's own staging file")
        do {
            _ = try OutputFile(path: path, replacing: true)
            Issue.record("a second writer was let in beside a live one")
        } catch {
            #expect(error.code == .locked, "\(error)")
        }
        #expect(staged(in: directory).count == 1, "a live writer's staging file is kept, the refused one's removed")
        // An unlocked staging file named after a running process (here this one's parent) is neither swept
        // (its writer may be about to lock it) nor a claim (that writer will look for claims itself).
        let starting = directory.path(".s.navtape.\(getppid())-0.partial")
        try Data([4]).write(to: URL(fileURLWithPath: starting))
        running.abandon()
        let next = try OutputFile(path: path, replacing: true)
        next.abandon()
        #expect(FileManager.default.fileExists(atPath: starting))
        try FileManager.default.removeItem(atPath: starting)
        #expect(staged(in: directory).isEmpty)
        // So is one named after this process: another thread's, between creating and locking it.
        let mine = directory.path(".s.navtape.\(getpid())-999999.partial")
        try Data([5]).write(to: URL(fileURLWithPath: mine))
        try OutputFile(path: path, replacing: true).abandon()
        #expect(FileManager.default.fileExists(atPath: mine))
        try FileManager.default.removeItem(atPath: mine)
        // Another target's staging file (`s.navtape.bak`, held by a live writer) is no claim on `s.navtape`.
        let other = try EventLogWriter.create(at: directory.path("s.navtape.bak"), header: testHeader, options: testOptions(), publication: .whole)
        let beside = try OutputFile(path: path, replacing: true)
        beside.abandon()
        other.abandon()
        #expect(staged(in: directory).isEmpty)
    }
}

/// The one safe way to create a file (hardening, second pass, point 1): exclusive, never through a
/// link, random names that pass over a taken one.
@Suite("LogDirectory: files created exclusively, never through a link")
struct LogDirectoryTests {
    @Test("create refuses a link planted at the name, dangling or not, and leaves its target alone")
    func createRefusesLinks() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("precious", to: "precious.txt")
        #expect(symlink("precious.txt", directory.path("live")) == 0)
        #expect(symlink("missing.txt", directory.path("dangling")) == 0)
        let opened = try LogDirectory(containing: directory.path("x"), options: .default)
        for name in ["live", "dangling"] {
            #expect(throws: EventLogError.self) { _ = try opened.create(name, errorPath: name) }
        }
        #expect(try String(contentsOfFile: directory.path("precious.txt"), encoding: .utf8) == "precious")
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing.txt")))
    }

    @Test("a temporary name that is taken is passed over, never opened")
    func temporaryPassesOverTakenNames() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("precious", to: "precious.txt")
        var predictor = SplitMix64(seed: 42)
        let first = ".x.idx." + String(predictor.next() as UInt64, radix: 16) + ".tmp"
        #expect(symlink("precious.txt", directory.path(first)) == 0)
        let opened = try LogDirectory(containing: directory.path("x"), options: .default)
        var generator = SplitMix64(seed: 42)
        let (file, name, _) = try opened.createTemporary(prefix: ".x.idx.", suffix: ".tmp", errorPath: "x.idx", using: &generator)
        try withBytes(of: Array("new".utf8)) { buffer throws(EventLogError) in try file.write(buffer, at: 0) }
        file.close()
        #expect(name != first)
        #expect(try String(contentsOfFile: directory.path("precious.txt"), encoding: .utf8) == "precious")
        #expect(try String(contentsOfFile: directory.path(name), encoding: .utf8) == "new")
    }
}
