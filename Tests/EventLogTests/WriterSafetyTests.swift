import Foundation
import NavTapeApps
import NavTapeTestSupport
import Testing
@testable import EventLog

@Suite("Writer safety: locking, concurrent readers, faults, full disk, crashes")
struct WriterSafetyTests {
    @Test("a second writer on the same path is refused with .locked, also in the same process")
    func singleWriter() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("locked.navtape")
        let first = try EventLogWriter.create(at: path, header: testHeader, options: testOptions())
        try first.append(timestamp: 1, record: [1])
        do {
            _ = try EventLogWriter.openForAppend(at: path)
            Issue.record("a second writer was allowed")
        } catch .locked {
            // matched by code
        } catch {
            Issue.record("expected .locked, got \(error)")
        }
        do {
            _ = try EventLogWriter.create(at: path, header: testHeader)
            Issue.record("create replaced an existing log")
        } catch {
            #expect(error.code == .alreadyExists)
        }
        // Readers are not writers: they may open while the writer works.
        _ = try EventLogReader(path: path)
        try first.close()
        let (second, _) = try EventLogWriter.openForAppend(at: path)
        #expect(second.recordCount == 1)
        try second.close()
    }

    @Test("a reader concurrent with a writer sees exactly the whole written blocks, never a partial one")
    func concurrentReader() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("live.navtape")
        let records = makeRecords(count: 6_000, seed: 99)
        let writer = try EventLogWriter.create(at: path, header: testHeader, options: testOptions(blockTargetBytes: 700))
        let live = try EventLogReader(path: path)
        var random = SplitMix64(seed: 4)
        var next = 0
        var step = 0
        while next < records.count {
            let burst = min(Int(random.next() % 40) + 1, records.count - next)
            for record in records[next..<(next + burst)] {
                try writer.append(timestamp: record.timestamp, record: record.bytes)
            }
            next += burst
            step += 1
            if step % 7 == 0 { try writer.sync() }
            let written = writer.writtenRecordCount
            let fresh = try EventLogReader(path: path)
            try live.refresh()
            for reader in [fresh, live] {
                #expect(reader.recordCount == written)
                #expect(reader.tailDamage == nil && reader.corruption == nil)
            }
            if step % 10 == 0 {
                let (read, error) = readRecords(fresh)
                #expect(error == nil)
                #expect(read == Array(records.prefix(Int(written))))
            }
        }
        #expect(try writer.sync() == UInt64(records.count))
        try live.refresh()
        #expect(readRecords(live).records == records)
        try writer.close()
    }

    #if DEBUG
    #if DEBUG  // fault injection exists in debug builds only
    @Test("fsync EIO: the error is reported, nothing more is acknowledged, and the writer is poisoned")
    func fsyncFailurePoisons() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("eio.navtape")
        // create syncs the file and its directory; the first sync() below is the third; the fourth fails.
        let faults = FaultInjector(.init(failSyncsAfter: 3))
        var options = testOptions(blockTargetBytes: 256)
        options.faults = faults
        let writer = try EventLogWriter.create(at: path, header: testHeader, options: options)
        for i in 0..<50 { try writer.append(timestamp: Int64(i), record: [UInt8(i)]) }
        #expect(try writer.sync() == 50)
        for i in 50..<80 { try writer.append(timestamp: Int64(i), record: [UInt8(i)]) }
        do {
            try writer.sync()
            Issue.record("the sync did not fail")
        } catch {
            #expect(error.code == .io)
            #expect(error.errno == EIO)
        }
        #expect(writer.acknowledgedCount == 50)
        for attempt in 0..<3 {
            do {
                switch attempt {
                case 0: try writer.append(timestamp: 100, record: [1])
                case 1: try writer.sync()
                default: try writer.appendCheckpoint([1])
                }
                Issue.record("a poisoned writer accepted a call")
            } catch {
                #expect(error.code == .poisoned)
                #expect(error.description.contains("reopen"))
            }
        }
        #expect(throws: EventLogError.self) { try writer.close() }
        // Reopened without faults: at least the acknowledged records, as a prefix.
        let (reopened, _) = try EventLogWriter.openForAppend(at: path)
        #expect(reopened.recordCount >= 50)
        try reopened.close()
        let read = readRecords(try EventLogReader(path: path)).records
        #expect(read.enumerated().allSatisfy { $0.element == Record(timestamp: Int64($0.offset), bytes: [UInt8($0.offset)]) })
    }
    #endif

    #if DEBUG  // fault injection exists in debug builds only
    @Test("a group commit's background fsync fails: seen at the next call, nothing after it acknowledged, poisoned")
    func backgroundSyncFailurePoisons() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("eio-background.navtape")
        // create's two syncs and the first group commit's succeed; the second group commit's fails.
        let faults = FaultInjector(.init(failSyncsAfter: 3))
        var options = testOptions(blockTargetBytes: 256)
        options.syncEveryRecords = 20
        options.faults = faults
        let writer = try EventLogWriter.create(at: path, header: testHeader, options: options)
        for i in 0..<20 { try writer.append(timestamp: Int64(i), record: [UInt8(i)]) }
        #expect(try writer.settle() == 20)
        // The 40th append starts the failing sync in the background and returns; the failure is
        // thrown by whichever call comes next (here: once it is seen to have finished).
        var failure: EventLogError?
        for i in 20..<1_000 {
            do {
                try writer.append(timestamp: Int64(i), record: [UInt8(truncatingIfNeeded: i)])
                if i == 39 { _ = try writer.settle() }
            } catch {
                failure = error
                break
            }
        }
        #expect(failure?.code == .io)
        #expect(failure?.errno == EIO)
        #expect(writer.acknowledgedCount == 20)
        for attempt in 0..<2 {
            do {
                if attempt == 0 { try writer.sync() } else { try writer.append(timestamp: 5_000, record: [1]) }
                Issue.record("a poisoned writer accepted a call")
            } catch {
                #expect(error.code == .poisoned)
            }
        }
        #expect(writer.acknowledgedCount == 20)
        #expect(throws: EventLogError.self) { try writer.close() }
    }
    #endif

    /// The writes (not syncs or truncations) journaled so far.
    static func writes(_ faults: FaultInjector) -> Int {
        faults.journal.filter { if case .write = $0 { true } else { false } }.count
    }

    /// Waits (bounded) until a background sync is held open by `faults`.
    static func waitForHeldSync(_ faults: FaultInjector) {
        for _ in 0..<20_000 where faults.syncsWaiting == 0 { usleep(500) }
    }

    #if DEBUG  // fault injection exists in debug builds only
    @Test("while a group commit's sync is held open, new blocks wait in memory; written after it, never after a failed one")
    func deferredBlocks() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let records = makeRecords(count: 200, seed: 31)

        // A sync that succeeds, slowly.
        let faults = FaultInjector(journals: true)
        var options = testOptions(blockTargetBytes: 256)
        options.syncEveryRecords = 64
        options.faults = faults
        let path = directory.path("held.navtape")
        let writer = try EventLogWriter.create(at: path, header: testHeader, options: options)
        for record in records[0..<63] { try writer.append(timestamp: record.timestamp, record: record.bytes) }
        faults.holdSyncs()
        try writer.append(timestamp: records[63].timestamp, record: records[63].bytes)  // starts the sync
        Self.waitForHeldSync(faults)
        #expect(faults.syncsWaiting == 1)
        let writesBefore = Self.writes(faults)
        for record in records[64..<120] { try writer.append(timestamp: record.timestamp, record: record.bytes) }
        try writer.appendCheckpoint([7, 7, 7])
        // Past two more group-commit bounds (128, 192): they join the next sync instead of waiting.
        for record in records[120..<200] { try writer.append(timestamp: record.timestamp, record: record.bytes) }
        #expect(writer.writtenRecordCount == 192)  // blocks framed…
        #expect(Self.writes(faults) == writesBefore)  // …but not one written while the sync runs
        #expect(try EventLogReader(path: path).recordCount == 64)
        #expect(writer.acknowledgedCount == 0)
        #expect(faults.syncsWaiting == 1)  // and no second sync started
        faults.releaseSyncs()
        // The held sync acknowledges 64; the blocks waiting are written in one pwrite, and the sync
        // that came due covers them.
        #expect(try writer.settle() == 192)
        #expect(Self.writes(faults) == writesBefore + 1)
        #expect(try EventLogReader(path: path).recordCount == 192)
        #expect(try writer.sync() == 200)
        try writer.close()
        #expect(readRecords(try EventLogReader(path: path)).records == records)

        // A sync that fails while held: the blocks framed meanwhile are never written.
        let failing = FaultInjector(.init(failSyncsAfter: 2), journals: true)  // create's two syncs pass
        options.faults = failing
        let failedPath = directory.path("failed.navtape")
        let doomed = try EventLogWriter.create(at: failedPath, header: testHeader, options: options)
        failing.holdSyncs()
        for record in records[0..<64] { try doomed.append(timestamp: record.timestamp, record: record.bytes) }
        Self.waitForHeldSync(failing)
        let failingWrites = Self.writes(failing)
        for record in records[64..<100] { try doomed.append(timestamp: record.timestamp, record: record.bytes) }
        failing.releaseSyncs()
        var failure: EventLogError?
        do { _ = try doomed.settle() } catch { failure = error }
        #expect(failure?.code == .io)
        #expect(failure?.errno == EIO)
        #expect(doomed.acknowledgedCount == 0)
        #expect(Self.writes(failing) == failingWrites)
        do {
            try doomed.sync()
            Issue.record("a poisoned writer synced")
        } catch {
            #expect(error.code == .poisoned)
        }
        #expect(Self.writes(failing) == failingWrites)
        try? doomed.close()
        let (reopened, _) = try EventLogWriter.openForAppend(at: failedPath)
        #expect(reopened.recordCount == 64)  // what was written before the failed sync, nothing framed after
        try reopened.close()
    }
    #endif

    @Test("group commits with syncs in the background: every record acknowledged by close, in order on disk")
    func backgroundGroupCommits() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("background.navtape")
        var options = testOptions(blockTargetBytes: 1024)
        options.syncEveryRecords = 64
        let records = makeRecords(count: 20_000, seed: 21)
        let writer = try EventLogWriter.create(at: path, header: testHeader, options: options)
        var previous: UInt64 = 0
        for (i, record) in records.enumerated() {
            try writer.append(timestamp: record.timestamp, record: record.bytes)
            // Acknowledgements only grow, never past what was appended; settled, they lag less than a group.
            let acknowledged = writer.acknowledgedCount
            #expect(acknowledged >= previous && acknowledged <= UInt64(i + 1))
            previous = acknowledged
            if i % 997 == 0 {
                let settled = try writer.settle()
                #expect(UInt64(i + 1) - settled <= 64)
            }
        }
        #expect(try writer.sync() == UInt64(records.count))
        try writer.close()
        #expect(readRecords(try EventLogReader(path: path)).records == records)
    }

    #if DEBUG  // fault injection exists in debug builds only
    @Test("short writes are completed by the I/O seam")
    func shortWrites() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("short.navtape")
        var options = testOptions(blockTargetBytes: 2048)
        options.faults = FaultInjector(.init(maximumWriteBytes: 3))
        let records = makeRecords(count: 3_000, seed: 8)
        try writeLog(records, to: path, options: options, checkpointEvery: 1000)
        let reader = try EventLogReader(path: path)
        #expect(readRecords(reader).records == records)
        #expect(reader.checkpointRecordIndices == [1000, 2000])
    }
    #endif

    #if DEBUG  // fault injection exists in debug builds only
    @Test("ENOSPC in the middle of a block: typed error, poisoned, recovery cuts the torn block")
    func enospcMidBlock() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("enospc.navtape")
        var options = testOptions(blockTargetBytes: 1024)
        options.syncEveryRecords = 100
        options.faults = FaultInjector(.init(failWritesAfterBytes: 20_000, writeErrno: ENOSPC))
        let records = makeRecords(count: 100_000, seed: 12)
        let writer = try EventLogWriter.create(at: path, header: testHeader, options: options)
        var failure: EventLogError?
        for record in records {
            do {
                try writer.append(timestamp: record.timestamp, record: record.bytes)
            } catch {
                failure = error
                break
            }
        }
        #expect(failure?.code == .io)
        #expect(failure?.errno == ENOSPC)
        #expect(throws: EventLogError.self) { try writer.append(timestamp: .max, record: []) }
        let acknowledged = writer.acknowledgedCount
        try? writer.close()
        let (reopened, recovery) = try EventLogWriter.openForAppend(at: path)
        #expect(recovery.truncatedBytes > 0)  // the torn block
        #expect(reopened.recordCount >= acknowledged)
        try reopened.close()
        let read = readRecords(try EventLogReader(path: path)).records
        #expect(read == Array(records.prefix(read.count)))
    }
    #endif
    #endif

    @Test("disk full on a 256 KiB tmpfs: typed ENOSPC, acknowledged records all readable afterwards")
    func diskFull() throws {
        guard getuid() == 0 else {
            print("diskFull: skipped (needs root to mount a tmpfs)")
            return
        }
        let directory = TemporaryDirectory(onDisk: true)
        defer { directory.remove() }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", directory.path]) else {
            print("diskFull: skipped (mount -t tmpfs failed)")
            return
        }
        defer { _ = run("/bin/umount", [directory.path]) }
        let path = directory.path("full.navtape")
        var options = LogOptions()
        options.blockTargetBytes = 4096
        options.syncEveryRecords = 64
        var random = SplitMix64(seed: 2)
        let writer = try EventLogWriter.create(at: path, header: testHeader, options: options)
        var failure: EventLogError?
        var appended: [Record] = []
        for i in 0..<1_000_000 {
            // Incompressible records, so the disk fills quickly.
            let record = Record(timestamp: Int64(i), bytes: (0..<(16 + i % 48)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            do {
                try writer.append(timestamp: record.timestamp, record: record.bytes)
                appended.append(record)
            } catch {
                failure = error
                break
            }
        }
        let error = try #require(failure)
        #expect(error.code == .io)
        #expect(error.errno == ENOSPC)
        let acknowledged = writer.acknowledgedCount
        #expect(acknowledged > 0)
        try? writer.close()

        let reader = try EventLogReader(path: path)
        let (read, readError) = readRecords(reader)
        print("diskFull: \(appended.count) appended, \(acknowledged) acknowledged, \(read.count) readable after \(error)")
        #expect(UInt64(read.count) >= acknowledged)
        #expect(read == Array(appended.prefix(read.count)))
        #expect(readError == nil)
        let (reopened, _) = try EventLogWriter.openForAppend(at: path)
        #expect(reopened.recordCount >= acknowledged)
        try? reopened.close()
    }

    @Test(
        "crash loop: SIGKILLed appenders never lose an acknowledged record (NAVTAPE_CRASH_LOOP=1)",
        .enabled(if: ProcessInfo.processInfo.environment["NAVTAPE_CRASH_LOOP"] != nil),
        .timeLimit(.minutes(10)))
    func crashLoop() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = root.appendingPathComponent("scripts/crash-loop.sh").path
        var environment = ProcessInfo.processInfo.environment
        // `swift test` holds the build lock of its scratch path: use the binary it built next to the
        // tests, or build one in a separate scratch path.
        let built = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("EventLogStress").path
        if FileManager.default.isExecutableFile(atPath: built) {
            environment["NAVTAPE_STRESS_BIN"] = built
        } else {
            environment["NAVTAPE_SCRATCH_PATH"] = root.appendingPathComponent(".build-crash").path
        }
        let correct = status("/bin/bash", [script, "20"], environment: environment)
        #expect(correct == 0, "the crash loop lost acknowledged records in the correct mode")
        // The deliberately broken child must be caught: exit status 1 is a verification failure
        // (2 would be misuse, 127 a missing script).
        let broken = status("/bin/bash", [script, "20", "--ack-before-sync"], environment: environment)
        #expect(broken == 1, "the crash loop did not catch acknowledgements before sync")
    }
}

/// Runs a program to completion; whether it exited 0.
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) -> Bool {
    status(executable, arguments, environment: environment) == 0
}

/// Runs a program to completion; its exit status (-1 if it could not start).
func status(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    do {
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    } catch {
        return -1
    }
}

/// Issue 30, point 7: after a clean close the sidecar says how far the log was acknowledged, so
/// damage there is told from a crashed writer's torn tail.
@Suite("openForAppend and the clean close's index")
struct CleanCloseAppendTests {
    /// A log of `count` records closed cleanly (its `.idx` written) in `directory`.
    static func closedLog(_ directory: TemporaryDirectory, count: Int) throws -> String {
        let path = directory.path("c.navtape")
        let writer = try EventLogWriter.create(at: path, header: LogHeader(sessionID: "c", device: "d", startTimeMilliseconds: 0))
        for i in 0..<count { try writer.append(timestamp: Int64(i), record: Array(repeating: UInt8(i & 0xFF), count: 24)) }
        try writer.close()
        return path
    }

    @Test("a bit flipped in the last block of a cleanly closed log: refused, nothing cut; without the index, cut as torn")
    func damageAfterCleanClose() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.closedLog(directory, count: 5_000)
        #expect(FileManager.default.fileExists(atPath: path + ".idx"))
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count - 10] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try EventLogWriter.openForAppend(at: path)
        } throws: { error in
            guard let error = error as? EventLogError, case .corrupt = error else { return false }
            return "\(error)".contains("clean close")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == bytes.count, "nothing was cut")
        #expect(FileManager.default.fileExists(atPath: path + ".idx"), "the index is kept for repair")
        // The same bytes without the index are what a crashed writer leaves: the tail is cut.
        try FileManager.default.removeItem(atPath: path + ".idx")
        let (writer, recovery) = try EventLogWriter.openForAppend(at: path)
        #expect(recovery.truncatedBytes > 0 && recovery.recordCount < 5_000)
        try writer.close()
    }

    @Test("an intact cleanly closed log opens for append and goes on after its records")
    func intactAfterCleanClose() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try Self.closedLog(directory, count: 100)
        let (writer, recovery) = try EventLogWriter.openForAppend(at: path)
        #expect(recovery.recordCount == 100 && recovery.truncatedBytes == 0)
        try writer.append(timestamp: 100, record: [1, 2, 3])
        try writer.close()
        #expect(try EventLogReader(path: path).recordCount == 101)
    }
}
