import Foundation
import NavTapeApps
import NavTapeTestSupport
import Testing
@testable import EventLog

/// Every small damage to the golden reference log: reads yield the reference records or a strict
/// prefix of them with a typed error carrying a byte offset; recovery for append cuts to a prefix or
/// refuses with a typed error. Never a trap, never a changed record.
@Suite("Corruption matrix on the reference log")
struct CorruptionMatrixTests {
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case truncation, flipBits0to3, flipBits4to7, overwriteWithZero, overwriteWithOnes, appendedGarbage
        var testDescription: String { rawValue }
    }

    @Test("every damage of one kind, read and opened for append", arguments: Damage.allCases)
    func matrix(damage: Damage) throws {
        let original = try GoldenLog.committedBytes()
        let expected = GoldenLog.records
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let checker = MatrixChecker(
            directory: directory, expected: expected, reference: original, recordsBefore: try recordsBefore(original))

        var cases = 0
        func check(_ bytes: [UInt8], _ label: @autoclosure () -> String) {
            cases += 1
            checker.check(bytes, label: label)
        }
        switch damage {
        case .truncation:
            for length in 0..<original.count { check(Array(original[..<length]), "truncated to \(length)") }
        case .flipBits0to3, .flipBits4to7:
            let bits = damage == .flipBits0to3 ? 0..<4 : 4..<8
            var bytes = original
            for position in 0..<original.count {
                for bit in bits {
                    bytes[position] ^= 1 << bit
                    check(bytes, "bit \(bit) of byte \(position) flipped")
                    bytes[position] = original[position]
                }
            }
        case .overwriteWithZero, .overwriteWithOnes:
            let value: UInt8 = damage == .overwriteWithZero ? 0x00 : 0xFF
            var bytes = original
            for position in 0..<original.count {
                bytes[position] = value
                check(bytes, "byte \(position) set to \(value)")
                bytes[position] = original[position]
            }
        case .appendedGarbage:
            var random = SplitMix64(seed: 11)
            for length in [1, 2, 3, 43, 44, 47, 48, 49, 100, 1000] {
                check(original + [UInt8](repeating: 0, count: length), "\(length) zero bytes appended")
                check(original + [UInt8](repeating: 0xFF, count: length), "\(length) 0xFF bytes appended")
                check(original + (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }, "\(length) random bytes appended")
                check(original + [UInt8](repeating: BlockKind.records.rawValue, count: length), "\(length) 'R' bytes appended")
            }
            // A copy of the last block (valid CRC, wrong position), whole and torn.
            let lastBlock = try lastBlockBytes(original)
            check(original + lastBlock, "last block duplicated")
            check(original + lastBlock.prefix(lastBlock.count / 2), "half of the last block duplicated")
            check(original + lastBlock + [1, 2, 3], "last block duplicated plus garbage")
        }
        print(
            "corruption matrix \(damage.rawValue): \(cases) cases, \(checker.readErrors) read errors, \(checker.recoveries) recoveries, \(checker.refusals) refusals"
        )
        #expect(cases > 0)
    }

    /// For the header's end and every block's end in `bytes`, the number of records before it.
    private func recordsBefore(_ bytes: [UInt8]) throws -> [Int: UInt64] {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("offsets.navtape")
        try writeBytes(bytes, to: path)
        let reader = try EventLogReader(path: path)
        var result: [Int: UInt64] = [bytes.count: reader.recordCount]
        for entry in reader.blockEntries + reader.checkpointEntries {
            result[Int(entry.offset)] = entry.firstIndex  // a checkpoint's "first index" is the records before it
        }
        return result
    }

    private func lastBlockBytes(_ bytes: [UInt8]) throws -> [UInt8] {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("offsets.navtape")
        try writeBytes(bytes, to: path)
        let reader = try EventLogReader(path: path)
        let offset = try #require(reader.blockOffsets.last)
        return Array(bytes[Int(offset)...])
    }
}

/// Checks one damaged file, reusing two paths.
final class MatrixChecker {
    let readPath: String
    let appendPath: String
    let expected: [Record]
    let options: LogOptions
    /// File lengths at which the reference ends exactly after its header or a block.
    let cleanEnds: Set<Int>
    /// The reference's bytes.
    let reference: [UInt8]
    /// For each clean end, the number of records before it.
    let recordsBefore: [Int: UInt64]
    var readErrors = 0
    var recoveries = 0
    var refusals = 0

    init(directory: TemporaryDirectory, expected: [Record], reference: [UInt8], recordsBefore: [Int: UInt64]) {
        self.reference = reference
        self.recordsBefore = recordsBefore
        cleanEnds = Set(recordsBefore.keys)
        readPath = directory.path("read.navtape")
        appendPath = directory.path("append.navtape")
        self.expected = expected
        var options = GoldenLog.options
        options.usesIndex = false
        options.writesIndex = false
        self.options = options
    }

    func check(_ bytes: [UInt8], label: () -> String) {
        // Reading.
        replace(readPath, with: bytes)
        do {
            let reader = try EventLogReader(path: readPath, options: options)
            let (count, error) = readAndCompare(reader, label: label)
            if count < expected.count {
                if let reason = error ?? reader.tailDamage ?? reader.corruption {
                    if reason.offset == nil { Issue.record("\(label()): error without offset: \(reason)") }
                    readErrors += 1
                } else if !cleanEnds.contains(bytes.count) {
                    // Only a cut exactly at a block boundary leaves a shorter, valid log with nothing to report.
                    Issue.record("\(label()): \(count) of \(expected.count) records and no error")
                }
            }
            for index in reader.checkpointRecordIndices {
                // A checkpoint either reads back exactly or throws.
                if let found = try? reader.checkpoint(atOrBefore: index), found.payload != GoldenLog.checkpoints[found.recordIndex] {
                    Issue.record("\(label()): checkpoint at \(index) changed")
                }
            }
        } catch {
            readErrors += 1
            if error.offset == nil { Issue.record("\(label()): open error without offset: \(error)") }
        }

        // Recovery for append.
        replace(appendPath, with: bytes)
        do {
            let (writer, recovery) = try EventLogWriter.openForAppend(at: appendPath, options: options)
            let recovered = writer.recordCount
            try writer.close()
            // The recovered file must be byte for byte the reference cut at a block boundary, so its
            // records are exactly a prefix of the reference's.
            let length = Int(recovery.validLength)
            if fileSize(appendPath) != recovery.validLength || !cleanEnds.contains(length)
                || length > bytes.count || !bytes.withUnsafeBytes({ sameBytes(UnsafeRawBufferPointer(rebasing: $0[..<length]), Array(reference[..<length])) })
                || recordsBefore[length] != recovered
            {
                Issue.record("\(label()): recovery did not leave a clean prefix (\(length) bytes, \(recovered) records)")
            }
            recoveries += 1
        } catch {
            refusals += 1
            if [.corrupt, .truncated, .notALog, .unsupportedVersion, .tooLarge].contains(error.code), error.offset == nil {
                Issue.record("\(label()): recovery error without offset: \(error)")
            }
            if error.code == .io || error.code == .locked || error.code == .poisoned {
                Issue.record("\(label()): unexpected recovery error: \(error)")
            }
        }
    }

    /// Reads every record, comparing each with the reference as it comes (no allocation per record).
    private func readAndCompare(_ reader: EventLogReader, label: () -> String) -> (count: Int, error: EventLogError?) {
        var count = 0
        var changed = false
        do {
            try reader.forEachRecord { index, timestamp, bytes in
                guard Int(index) == count, count < expected.count, expected[count].timestamp == timestamp,
                    sameBytes(bytes, expected[count].bytes)
                else {
                    changed = true
                    return false
                }
                count += 1
                return true
            }
        } catch let error as EventLogError {
            if changed { Issue.record("\(label()): record \(count) differs from the reference") }
            compareBatches(reader, count: changed ? nil : count, error: error, label: label)
            return (count, error)
        } catch {
            Issue.record("\(label()): unexpected error type \(error)")
        }
        if changed { Issue.record("\(label()): record \(count) differs from the reference") }
        compareBatches(reader, count: changed ? nil : count, error: nil, label: label)
        return (count, nil)
    }

    /// The replay loop's read (`forEachRecordBatch`) must refuse the same damage, at the same byte,
    /// after the same records (`count`, when they matched the reference) as `forEachRecord`.
    private func compareBatches(_ reader: EventLogReader, count: Int?, error: EventLogError?, label: () -> String) {
        var batched = 0
        var batchError: EventLogError?
        do {
            try reader.forEachRecordBatch { batch in
                while let bytes = batch.next() {
                    guard batched < expected.count, sameBytes(bytes, expected[batched].bytes) else { return false }
                    batched += 1
                }
                return true
            }
        } catch let error as EventLogError {
            batchError = error
        } catch {
            Issue.record("\(label()): unexpected error type \(error)")
        }
        if batchError?.code != error?.code || batchError?.offset != error?.offset {
            Issue.record("\(label()): batches stopped with \(String(describing: batchError)), records with \(String(describing: error))")
        }
        // Within a damaged block the two may hand over different numbers of records before refusing
        // it (a batch checks the timestamp column at the block's end); a clean read matches exactly.
        if let count, error == nil, batched != count { Issue.record("\(label()): batches read \(batched) records, records \(count)") }
    }

    private func fileSize(_ path: String) -> UInt64 {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_size) : 0
    }

    private func replace(_ path: String, with bytes: [UInt8]) {
        // A fresh inode per case: a lock on the previous one can outlive its writer in a child
        // forked meanwhile by another test (see LogFile.lockExclusively).
        unlink(path)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            Issue.record("cannot write \(path)")
            return
        }
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var done = 0
            while done < buffer.count {
                let n = write(fd, base + done, buffer.count - done)
                if n <= 0 { break }
                done += n
            }
        }
        close(fd)
    }
}
