import Foundation
import NavTapeApps
import NavTapeTestSupport
import Testing
@testable import EventLog

@Suite("Round trip")
struct RoundTripTests {
    @Test("120k seeded random records survive write, close and read; reads from the middle; time lookups")
    func largeRoundTrip() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("big.navtape")
        let records = makeRecords(count: 120_000, seed: 42)
        var options = testOptions()
        options.syncEveryRecords = 10_000  // exercise group commit on the way
        try writeLog(records, to: path, options: options, checkpointEvery: 25_000)

        let reader = try EventLogReader(path: path)
        #expect(reader.header == testHeader)
        #expect(reader.recordCount == UInt64(records.count))
        #expect(reader.firstTimestamp == records.first?.timestamp)
        #expect(reader.lastTimestamp == records.last?.timestamp)
        #expect(reader.blockCount > 10)
        #expect(reader.corruption == nil && reader.tailDamage == nil)

        // Everything, in order, record by record.
        var index = 0
        try reader.forEachRecord { i, timestamp, bytes in
            #expect(i == UInt64(index))
            let expected = records[index]
            if timestamp != expected.timestamp || !bytes.elementsEqual(expected.bytes) {
                Issue.record("record \(i) differs")
                return false
            }
            index += 1
            return true
        }
        #expect(index == records.count)

        // From the middle of a block, a bounded range, and early stop.
        for start in [0, 1, 4_095, 4_096, 77_777, 119_999, 120_000] {
            var seen: [Record] = []
            try reader.forEachRecord(from: UInt64(start), to: UInt64(min(start + 300, records.count))) { _, timestamp, bytes in
                seen.append(Record(timestamp: timestamp, bytes: Array(bytes)))
                return true
            }
            #expect(seen == Array(records[start..<min(start + 300, records.count)]))
        }
        var visited = 0
        try reader.forEachRecord(from: 10) { _, _, _ in
            visited += 1
            return visited < 5
        }
        #expect(visited == 5)

        // Timestamps at an index, and the last record at or before a time.
        var random = SplitMix64(seed: 9)
        for _ in 0..<300 {
            let i = Int(random.next() % UInt64(records.count))
            #expect(try reader.timestamp(at: UInt64(i)) == records[i].timestamp)
            let t = records[i].timestamp + Int64(random.next() % 3) - 1
            let expected = records.lastIndex { $0.timestamp <= t }.map(UInt64.init)
            #expect(try reader.recordIndex(atOrBefore: t) == expected)
        }
        #expect(try reader.recordIndex(atOrBefore: records[0].timestamp - 1) == nil)
        #expect(try reader.recordIndex(atOrBefore: .max) == UInt64(records.count - 1))
        #expect(try reader.timestamp(at: UInt64(records.count)) == nil)

        // Checkpoints: the nearest at or before an index.
        #expect(reader.checkpointRecordIndices == [25_000, 50_000, 75_000, 100_000])
        #expect(try reader.checkpoint(atOrBefore: 24_999) == nil)
        let found = try reader.checkpoint(atOrBefore: 60_000)
        #expect(found?.recordIndex == 50_000)
        #expect(found?.payload == checkpointPayload(50_000))
        #expect(try reader.checkpoint(atOrBefore: .max)?.recordIndex == 100_000)

        // The sidecar index was written on close; without it the reader finds the same layout.
        #expect(FileManager.default.fileExists(atPath: path + ".idx"))
        var noIndex = LogOptions()
        noIndex.usesIndex = false
        let scanned = try EventLogReader(path: path, options: noIndex)
        #expect(scanned.recordCount == reader.recordCount)
        #expect(scanned.checkpointRecordIndices == reader.checkpointRecordIndices)
        #expect(readRecords(scanned, from: 119_990).records == Array(records[119_990...]))
    }

    @Test("resume(at:) writes a gap as a repair leaves one: the reader, a reopened writer and the index agree; bad resumes are refused")
    func resumeWritesAGap() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("gap.navtape")
        let records = makeRecords(count: 200, seed: 7)
        let writer = try EventLogWriter.create(at: path, header: testHeader, options: testOptions())
        for record in records.prefix(100) { try writer.append(timestamp: record.timestamp, record: record.bytes) }
        let last = records[99].timestamp
        #expect(throws: EventLogError.self) { try writer.resume(at: 100, checkpoint: checkpointPayload(100), timestamp: last) }
        #expect(throws: EventLogError.self) { try writer.resume(at: 150, checkpoint: checkpointPayload(150), timestamp: last - 1) }
        try writer.resume(at: 150, checkpoint: checkpointPayload(150), timestamp: last)
        #expect(writer.recordCount == 150)
        for record in records[100...] where record.timestamp >= last { try writer.append(timestamp: record.timestamp, record: record.bytes) }
        let written = writer.recordCount
        try writer.close()
        for reopened in [false, true] {
            if reopened { try? FileManager.default.removeItem(atPath: path + ".idx") }
            let reader = try EventLogReader(path: path)
            #expect(reader.gaps == [100..<150] && reader.recordCount == written && reader.corruption == nil)
            #expect(try reader.timestamp(at: 149) == last)
        }
        let (again, _) = try EventLogWriter.openForAppend(at: path, options: testOptions())
        #expect(again.recordCount == written)
        try again.close()
    }

    @Test("the index sidecar is used when valid and silently ignored when damaged, stale or foreign")
    func indexSidecar() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("indexed.navtape")
        let records = makeRecords(count: 5_000, seed: 5)
        try writeLog(records, to: path, options: testOptions(blockTargetBytes: 2048), checkpointEvery: 1_000)
        let index = fileBytes(path + ".idx")
        #expect(!index.isEmpty)
        let reference = try EventLogReader(path: path)

        // Flip every byte of the index in turn (every 7th, to stay quick): reads never change.
        for position in stride(from: 0, to: index.count, by: 7) {
            var damaged = index
            damaged[position] ^= 0x5A
            try writeBytes(damaged, to: path + ".idx")
            let reader = try EventLogReader(path: path)
            #expect(reader.recordCount == reference.recordCount)
            #expect(reader.checkpointRecordIndices == reference.checkpointRecordIndices)
        }
        // Truncated and empty index.
        for length in [0, 10, index.count / 2, index.count - 1] {
            try writeBytes(Array(index[..<length]), to: path + ".idx")
            #expect(try EventLogReader(path: path).recordCount == reference.recordCount)
        }
        // A stale index (covering a prefix) is extended by scanning.
        let writer = try EventLogWriter.openForAppend(at: path, options: testOptions(blockTargetBytes: 2048)).writer
        try writer.append(timestamp: records.last!.timestamp, record: [1, 2, 3])
        try writer.sync()
        try writeBytes(index, to: path + ".idx")  // put the old index back while the writer is open
        let stale = try EventLogReader(path: path)
        #expect(stale.recordCount == reference.recordCount + 1)
        try writer.close()
        // An index from another log (different header) is ignored.
        let other = directory.path("other.navtape")
        var header = testHeader
        header.sessionID = "other"
        try writeLog(Array(records.prefix(10)), to: other, header: header, options: testOptions())
        try writeBytes(fileBytes(other + ".idx"), to: path + ".idx")
        #expect(try EventLogReader(path: path).recordCount == reference.recordCount + 1)
    }

    @Test("empty log, empty records, incompressible records, one-record blocks")
    func edgeShapes() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let empty = directory.path("empty.navtape")
        try EventLogWriter.create(at: empty, header: testHeader, options: testOptions()).close()
        let reader = try EventLogReader(path: empty)
        #expect(reader.recordCount == 0 && reader.firstTimestamp == nil && reader.lastTimestamp == nil)
        #expect(readRecords(reader).records.isEmpty && readRecords(reader).error == nil)
        #expect(try reader.recordIndex(atOrBefore: 0) == nil)
        #expect(try reader.checkpoint(atOrBefore: 0) == nil)

        var random = SplitMix64(seed: 1)
        var records = [Record(timestamp: -5, bytes: []), Record(timestamp: -5, bytes: [])]
        for i in 0..<300 {
            let noise = (0..<(i * 13 % 900)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            records.append(Record(timestamp: Int64(i), bytes: noise))
        }
        records.append(Record(timestamp: .max, bytes: [9]))
        for target in [1, 100, 64 * 1024] {
            let path = directory.path("shapes-\(target).navtape")
            try writeLog(records, to: path, options: testOptions(blockTargetBytes: target))
            let reader = try EventLogReader(path: path)
            #expect(readRecords(reader).records == records)
            #expect(readRecords(reader).error == nil)
        }
    }

    @Test("appends are validated: timestamp regression, oversized records, closed writer, bad options")
    func appendValidation() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("validate.navtape")
        var options = testOptions(blockTargetBytes: 1024)
        options.maxBlockBytes = 4096
        let writer = try EventLogWriter.create(at: path, header: testHeader, options: options)
        try writer.append(timestamp: 10, record: [1])
        #expect(throws: EventLogError.self) { try writer.append(timestamp: 9, record: [2]) }
        do {
            try writer.append(timestamp: 9, record: [2])
        } catch .timestampRegression {
            // matched by code
        } catch {
            Issue.record("expected timestampRegression, got \(error)")
        }
        do {
            try writer.append(timestamp: 11, record: [UInt8](repeating: 0, count: 5000))
            Issue.record("an oversized record was accepted")
        } catch {
            #expect(error.code == .tooLarge)
        }
        #expect(throws: EventLogError.self) { try writer.appendCheckpoint([UInt8](repeating: 1, count: 5000)) }
        // Neither failure poisoned the writer.
        try writer.append(timestamp: 10, record: [3])
        #expect(try writer.sync() == 2)
        try writer.close()
        try writer.close()  // closing twice is harmless
        #expect(throws: EventLogError.self) { try writer.append(timestamp: 12, record: [4]) }
        #expect(readRecords(try EventLogReader(path: path)).records == [Record(timestamp: 10, bytes: [1]), Record(timestamp: 10, bytes: [3])])

        #expect(throws: EventLogError.self) { try EventLogWriter.create(at: path, header: testHeader) }
        var bad = LogOptions()
        bad.maxBlockBytes = 10
        #expect(throws: EventLogError.self) { try EventLogWriter.create(at: directory.path("x.navtape"), header: testHeader, options: bad) }
        #expect(throws: EventLogError.self) { try EventLogReader(path: directory.path("missing.navtape")) }
        do {
            _ = try EventLogReader(path: directory.path("missing.navtape"))
        } catch {
            #expect(error.code == .notFound)
        }
    }

    @Test("group commit acknowledges by record count, byte count and interval")
    func groupCommit() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var options = testOptions()
        options.syncEveryRecords = 10
        let byCount = try EventLogWriter.create(at: directory.path("count.navtape"), header: testHeader, options: options)
        for i in 0..<9 { try byCount.append(timestamp: Int64(i), record: [1]) }
        #expect(byCount.acknowledgedCount == 0)
        #expect(byCount.recordCount == 9)
        try byCount.append(timestamp: 9, record: [1])
        // The group commit's sync runs in the background; once it has finished, the ten are acknowledged.
        #expect(try byCount.settle() == 10)
        try byCount.close()

        options = testOptions()
        options.syncEveryBytes = 100
        let byBytes = try EventLogWriter.create(at: directory.path("bytes.navtape"), header: testHeader, options: options)
        try byBytes.append(timestamp: 0, record: [UInt8](repeating: 1, count: 60))
        #expect(byBytes.acknowledgedCount == 0)
        try byBytes.append(timestamp: 0, record: [UInt8](repeating: 1, count: 60))
        #expect(try byBytes.settle() == 2)
        try byBytes.close()

        options = testOptions()
        options.syncInterval = .milliseconds(30)
        let byTime = try EventLogWriter.create(at: directory.path("time.navtape"), header: testHeader, options: options)
        try byTime.append(timestamp: 0, record: [1])
        #expect(byTime.acknowledgedCount == 0)
        usleep(60_000)
        try byTime.append(timestamp: 0, record: [2])
        #expect(try byTime.settle() == 2)
        try byTime.close()
    }
}
