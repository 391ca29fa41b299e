import Foundation
import NavTapeTestSupport
import Testing
@testable import EventLog

@Suite("Recovery, repair and refusal")
struct RecoveryTests {
    /// A closed multi-block log with checkpoints; returns its records.
    private func makeLog(at path: String, count: Int = 3_000) throws -> [Record] {
        let records = makeRecords(count: count, seed: 77)
        try writeLog(records, to: path, options: testOptions(blockTargetBytes: 1024), checkpointEvery: 500)
        return records
    }

    private func flip(_ path: String, at offset: Int, mask: UInt8 = 0x10) throws {
        var bytes = fileBytes(path)
        bytes[offset] ^= mask
        try writeBytes(bytes, to: path)
    }

    @Test("a torn tail is cut back to the last whole block, and appending continues")
    func tornTail() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("torn.navtape")
        let records = try makeLog(at: path)
        let original = fileBytes(path)
        let reader = try EventLogReader(path: path)
        let lastBlock = try #require(reader.blockOffsets.last)
        // A crash in the middle of writing a copy of the last block, then garbage.
        let torn = Array(original[Int(lastBlock)...].prefix(30))
        try writeBytes(original + torn, to: path)

        let peek = try EventLogReader(path: path)
        #expect(peek.recordCount == UInt64(records.count))
        #expect(peek.tailDamage?.code == .truncated)
        #expect(peek.tailDamage?.offset == UInt64(original.count))
        #expect(readRecords(peek).error == nil)

        let (writer, recovery) = try EventLogWriter.openForAppend(at: path, options: testOptions(blockTargetBytes: 1024))
        #expect(recovery.truncatedBytes == UInt64(torn.count))
        #expect(recovery.validLength == UInt64(original.count))
        #expect(recovery.cut?.offset == UInt64(original.count))
        #expect(recovery.recordCount == UInt64(records.count))
        #expect(writer.acknowledgedCount == UInt64(records.count))
        try writer.append(timestamp: records.last!.timestamp + 1, record: [7, 7, 7])
        try writer.close()
        let after = try EventLogReader(path: path)
        #expect(after.tailDamage == nil && after.corruption == nil)
        #expect(readRecords(after).records == records + [Record(timestamp: records.last!.timestamp + 1, bytes: [7, 7, 7])])
    }

    @Test("mid-log corruption: append refuses naming the block, reads stop there with the offset, repair salvages")
    func midLogCorruption() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("mid.navtape")
        let records = try makeLog(at: path)
        let entries = try EventLogReader(path: path).blockEntries
        #expect(entries.count > 8)
        let bad = entries[entries.count / 2]
        try flip(path, at: Int(bad.offset) + BlockHeader.size + 3)  // inside the payload
        let damaged = fileBytes(path)

        do {
            _ = try EventLogWriter.openForAppend(at: path)
            Issue.record("openForAppend accepted a log with mid-log corruption")
        } catch {
            #expect(error.code == .corrupt)
            #expect(error.offset == bad.offset)
            #expect(error.description.hasPrefix("\(path): corrupt block at byte \(bad.offset) (CRC mismatch)"))
        }
        #expect(fileBytes(path) == damaged)  // nothing was cut

        for usesIndex in [true, false] {
            var options = LogOptions()
            options.usesIndex = usesIndex
            let reader = try EventLogReader(path: path, options: options)
            let (read, error) = readRecords(reader)
            #expect(read == Array(records.prefix(Int(bad.firstIndex))))
            #expect(error?.code == .corrupt)
            #expect(error?.offset == bad.offset)
            // Reading a range before the damage is fine.
            var before = 0
            try reader.forEachRecord(to: bad.firstIndex) { _, _, _ in
                before += 1
                return true
            }
            #expect(before == Int(bad.firstIndex))
        }

        // Repair resumes at the first checkpoint after the lost block: the records between are a gap,
        // every later block is kept with its indices.
        let checkpoints = try EventLogReader(path: path).checkpointRecordIndices
        let resumed = try #require(checkpoints.first { $0 >= bad.endIndex })
        let gap = bad.firstIndex..<resumed
        let survivors = records.enumerated().filter { !gap.contains(UInt64($0.offset)) }.map(\.element)
        let report = try EventLogRepair.repair(at: path)
        #expect(report.gaps == [gap])
        #expect(report.keptRecords == UInt64(survivors.count) && report.recordCount == UInt64(records.count))
        #expect(report.damagedRanges.first?.offset == bad.offset)
        #expect(report.brokenCopyPath == path + ".broken")
        #expect(fileBytes(path + ".broken") == damaged)
        for usesIndex in [true, false] {
            var options = LogOptions()
            options.usesIndex = usesIndex
            let repaired = try EventLogReader(path: path, options: options)
            #expect(repaired.corruption == nil && repaired.tailDamage == nil)
            #expect(repaired.gaps == [gap] && repaired.recordCount == UInt64(records.count))
            #expect(readRecords(repaired).records == survivors)
            // Indices are identities: a record after the gap keeps its own.
            var indices: [UInt64] = []
            try repaired.forEachRecord(from: gap.lowerBound - 1, to: gap.upperBound + 1) { index, _, _ in
                indices.append(index)
                return true
            }
            #expect(indices == [gap.lowerBound - 1, gap.upperBound])
            #expect(try repaired.timestamp(at: gap.lowerBound) == nil)
            #expect(try repaired.timestamp(at: gap.upperBound - 1) == records[Int(gap.upperBound) - 1].timestamp)
            #expect(try repaired.timestamp(at: gap.upperBound) == records[Int(gap.upperBound)].timestamp)
        }
        // Appending continues after the last record; the gap stays.
        let (writer, recovery) = try EventLogWriter.openForAppend(at: path)
        #expect(recovery.wasClean && recovery.recordCount == UInt64(records.count))
        try writer.append(timestamp: records[records.count - 1].timestamp + 1, record: [9])
        try writer.close()
        let appended = try EventLogReader(path: path)
        #expect(appended.gaps == [gap] && appended.recordCount == UInt64(records.count) + 1)
        #expect(readRecords(appended).records == survivors + [Record(timestamp: records[records.count - 1].timestamp + 1, bytes: [9])])
    }

    @Test("a damaged block header in the middle is found by the scan and reported with its offset")
    func midLogHeaderDamage() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("header.navtape")
        let records = try makeLog(at: path)
        let entries = try EventLogReader(path: path).blockEntries
        let bad = entries[3]
        try flip(path, at: Int(bad.offset) + 13)  // the record count field
        try FileManager.default.removeItem(atPath: path + ".idx")
        let reader = try EventLogReader(path: path)
        #expect(reader.corruption?.code == .corrupt)
        #expect(reader.corruption?.offset == bad.offset)
        #expect(reader.recordCount == bad.firstIndex)
        let (read, error) = readRecords(reader)
        #expect(read == Array(records.prefix(Int(bad.firstIndex))))
        #expect(error?.offset == bad.offset)
        #expect(throws: EventLogError.self) { try EventLogWriter.openForAppend(at: path) }
    }

    @Test("one flipped bit anywhere in the file header is put back by repair: the log is the original, byte for byte")
    func repairHeaderBit() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("header.navtape")
        _ = try makeLog(at: path, count: 300)
        try FileManager.default.removeItem(atPath: path + ".idx")
        let original = fileBytes(path)
        let headerEnd = Int(try EventLogReader(path: path).blockOffsets[0])
        // Every bit of the prefix (magic, version, flags, length) and of the CRC; one bit of each body byte.
        var bits = Array(0..<128) + Array(((headerEnd - 4) * 8)..<(headerEnd * 8))
        bits += (16..<(headerEnd - 4)).map { $0 * 8 + $0 % 8 }
        for bit in bits {
            var damaged = original
            damaged[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
            try writeBytes(damaged, to: path)
            #expect(throws: EventLogError.self) { try EventLogReader(path: path) }
            let report = try EventLogRepair.repair(at: path)
            #expect(report.correctedHeaderBit == bit && report.damagedRanges.isEmpty, "bit \(bit)")
            #expect(fileBytes(path) == original, "bit \(bit): the repaired log is not the original")
            try FileManager.default.removeItem(atPath: path + ".broken")
        }
        // Two flipped bits are beyond it: refused, the file untouched.
        var twice = original
        twice[20] ^= 1
        twice[30] ^= 1
        try writeBytes(twice, to: path)
        #expect(throws: EventLogError.self) { try EventLogRepair.repair(at: path) }
        #expect(fileBytes(path) == twice)
    }

    @Test("repair keeps every record when only a checkpoint block was lost")
    func repairLostCheckpoint() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("checkpoint.navtape")
        let records = try makeLog(at: path)
        let checkpoints = try EventLogReader(path: path).checkpointEntries
        #expect(checkpoints.count == 5)
        try flip(path, at: Int(checkpoints[2].offset) + BlockHeader.size + 1)
        let report = try EventLogRepair.repair(at: path)
        #expect(report.keptRecords == UInt64(records.count))
        #expect(report.keptCheckpoints == 4)
        #expect(report.droppedBlocks == 0)
        #expect(report.damagedRanges.count == 1)
        let reader = try EventLogReader(path: path)
        #expect(readRecords(reader).records == records)
        #expect(reader.checkpointRecordIndices == [500, 1000, 2000, 2500])
        #expect(try reader.checkpoint(atOrBefore: 1999)?.recordIndex == 1000)
    }

    @Test("repair leaves a clean log alone and refuses while a writer holds it")
    func repairCleanAndLocked() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("clean.navtape")
        _ = try makeLog(at: path, count: 100)
        let before = fileBytes(path)
        let report = try EventLogRepair.repair(at: path)
        #expect(report.wasClean)
        #expect(report.keptRecords == 100)
        #expect(fileBytes(path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + ".broken"))

        let (writer, _) = try EventLogWriter.openForAppend(at: path)
        do {
            _ = try EventLogRepair.repair(at: path)
            Issue.record("repair ran while a writer held the log")
        } catch {
            #expect(error.code == .locked)
        }
        try writer.close()
    }

    @Test("a newer format version is refused with a clear message")
    func unsupportedVersion() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("future.navtape")
        _ = try makeLog(at: path, count: 10)
        var bytes = fileBytes(path)
        bytes[8] = 99
        bytes[9] = 0
        try writeBytes(bytes, to: path)
        do {
            _ = try EventLogReader(path: path)
            Issue.record("a version 99 file was read")
        } catch .unsupportedVersion {
            // matched by code pattern
        } catch {
            Issue.record("expected unsupportedVersion, got \(error)")
        }
        do {
            _ = try EventLogReader(path: path)
        } catch {
            #expect(error.description == "\(path): unsupported format version 99 (this build reads up to 1)")
            #expect(error.offset == 8)
        }
        #expect(throws: EventLogError.self) { try EventLogWriter.openForAppend(at: path) }
        #expect(throws: EventLogError.self) { try EventLogRepair.repair(at: path) }
    }

    @Test("not a log, empty, and truncated headers are typed errors")
    func notALog() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("other.navtape")
        try writeBytes(Array("hello, this is not a log at all".utf8), to: path)
        do {
            _ = try EventLogReader(path: path)
            Issue.record("a text file was read")
        } catch {
            #expect(error.code == .notALog)
            #expect(error.description == "\(path): not a NavTape log (bad magic)")
        }
        try writeBytes([], to: path)
        do {
            _ = try EventLogReader(path: path)
        } catch {
            #expect(error.code == .truncated)
        }
        try writeBytes(Array("NAVTAPE".utf8) + [0, 1, 0], to: path)
        do {
            _ = try EventLogReader(path: path)
        } catch {
            #expect(error.code == .truncated)
            #expect(error.offset == 10)
        }
        // A header claiming a body over the cap is refused before allocating.
        try writeBytes(Array("NAVTAPE".utf8) + [0, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F], to: path)
        do {
            _ = try EventLogReader(path: path)
        } catch {
            #expect(error.code == .tooLarge)
        }
    }

    @Test("a log cut exactly at a block boundary after a clean close is reported through its index")
    func cutAtBlockBoundary() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("cut.navtape")
        let records = try makeLog(at: path, count: 1000)
        let entries = try EventLogReader(path: path).blockEntries
        let cut = entries[entries.count - 2]
        let bytes = fileBytes(path)
        try writeBytes(Array(bytes[..<Int(cut.offset)]), to: path)
        let reader = try EventLogReader(path: path)
        #expect(readRecords(reader).records.count < records.count)
        #expect(reader.tailDamage?.code == .truncated)
        #expect(reader.tailDamage?.offset == cut.offset)
        // A writer's recovery accepts the shorter log (nothing torn) and drops the stale index.
        let (writer, recovery) = try EventLogWriter.openForAppend(at: path)
        #expect(recovery.wasClean)
        try writer.close()
        #expect(try EventLogReader(path: path).tailDamage == nil)
    }

    @Test("every error description is one line naming the file")
    func errorDescriptions() {
        let error = EventLogError(.corrupt, path: "log.navtape", offset: 81234, detail: "corrupt block at byte 81234 (CRC mismatch)")
        #expect(error.description == "log.navtape: corrupt block at byte 81234 (CRC mismatch)")
        let io = EventLogError(.io, path: "log.navtape", offset: 10, errno: ENOSPC, detail: "cannot write at byte 10")
        #expect(io.description == "log.navtape: cannot write at byte 10: No space left on device (errno 28)")
        #expect(!io.description.contains("\n"))
        switch error {
        case .corrupt: break
        default: Issue.record("~= did not match the code")
        }
    }
}
