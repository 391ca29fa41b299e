import NavTapeApps
import NavTapeTestSupport
import Testing
@testable import EventLog

/// `forEachRecordBatch`, the replay loop's read, against `forEachRecord`, the reference: the same
/// records, the same indexes, and the same refusals.
@Suite("Record batches")
struct RecordBatchTests {
    @Test("batches over any range hold exactly the records forEachRecord visits, with their indexes")
    func sameRecordsAsForEachRecord() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("batches.navtape")
        let records = makeRecords(count: 5_000, seed: 0xBA7C4)
        try writeLog(records, to: path, options: testOptions(blockTargetBytes: 2_048), checkpointEvery: 700)
        let reader = try EventLogReader(path: path, options: testOptions(blockTargetBytes: 2_048))
        #expect(reader.blockCount > 20)
        var random = SplitMix64(seed: 0x5EED)
        let count = UInt64(records.count)
        var ranges: [(UInt64, UInt64?)] = [(0, nil), (0, count), (count, nil), (count - 1, nil), (17, 18)]
        for _ in 0..<60 {
            let start = random.next() % (count + 1)
            ranges.append((start, start + random.next() % (count + 10 - start)))
        }
        for (start, end) in ranges {
            var visited: [(UInt64, [UInt8])] = []
            var blocks = 0
            try reader.forEachRecordBatch(from: start, to: end) { batch in
                blocks += 1
                while true {
                    let index = batch.index
                    guard let bytes = batch.next() else { break }
                    visited.append((index, Array(bytes)))
                }
                return true
            }
            let stop = min(end ?? count, count)
            let expected = start < stop ? Array(start..<stop) : []
            #expect(visited.map(\.0) == expected, "\(start)..<\(String(describing: end))")
            #expect(visited.map(\.1) == expected.map { records[Int($0)].bytes }, "\(start)..<\(String(describing: end))")
            #expect(expected.isEmpty ? blocks == 0 : blocks >= 1)
        }
    }

    @Test("a batch body that returns false stops the walk; records it leaves unread are skipped")
    func stoppingAndSkipping() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("stop.navtape")
        let records = makeRecords(count: 2_000, seed: 7)
        try writeLog(records, to: path, options: testOptions(blockTargetBytes: 1_024))
        let reader = try EventLogReader(path: path, options: testOptions(blockTargetBytes: 1_024))
        var calls = 0
        try reader.forEachRecordBatch { _ in
            calls += 1
            return calls < 3
        }
        #expect(calls == 3)
        var firsts: [UInt64] = []
        try reader.forEachRecordBatch { batch in
            firsts.append(batch.index)
            _ = batch.next()  // one record, the rest left to the reader
            return true
        }
        #expect(firsts.count == reader.blockCount)
        #expect(firsts == reader.blockEntries.map(\.firstIndex))
    }

    /// A valid records payload of `count` records and the header it belongs to.
    static func payload(count: Int, _ random: inout SplitMix64) -> ([UInt8], BlockHeader) {
        var deltas: [UInt8] = [], lengths: [UInt8] = [], data: [UInt8] = []
        let first: Int64 = 1_000
        var timestamp = first
        func varint(_ value: UInt64, into bytes: inout [UInt8]) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }
        for i in 0..<count {
            if i > 0 {
                let delta = random.next() % 4 == 0 ? random.next() % 1_000_000 : random.next() % 3
                timestamp += Int64(delta)
                varint(delta << 1, into: &deltas)
            }
            let length = Int(random.next() % 6)
            varint(UInt64(length), into: &lengths)
            for _ in 0..<length { data.append(UInt8(truncatingIfNeeded: random.next())) }
        }
        func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let raw = u32(deltas.count) + u32(lengths.count) + deltas + lengths + data
        let header = BlockHeader(
            kind: .records, isStored: true, firstIndex: 0, count: UInt32(count), firstTimestamp: first,
            lastTimestamp: timestamp, rawLength: UInt32(raw.count), storedLength: UInt32(raw.count))
        return (raw, header)
    }

    @Test("100k damaged payloads: the batch read (records first, the timestamp column at the end) accepts exactly those the reference accepts")
    func damagedPayloadsAgree() {
        var random = SplitMix64(seed: 0xDA_3A6E)
        var outcomes = (accepted: 0, refused: 0)
        var disagreements: [String] = []
        for iteration in 0..<100_000 {
            var (raw, header) = Self.payload(count: 1 + Int(random.next() % 12), &random)
            switch iteration % 5 {
            case 0: raw[Int(random.next() % UInt64(raw.count))] ^= UInt8(1 << (random.next() % 8))
            case 1: raw[Int(random.next() % UInt64(raw.count))] = UInt8(truncatingIfNeeded: random.next())
            case 2: raw.removeLast(Int(random.next() % 3))
            case 3: raw.append(UInt8(truncatingIfNeeded: random.next() % 3))
            default:
                // A header that disagrees: the count, or the last timestamp.
                if random.next() % 2 == 0 {
                    header.count = header.count &+ UInt32(random.next() % 3) &- 1
                } else {
                    header.lastTimestamp &+= Int64(random.next() % 3) - 1
                }
            }
            let reference = raw.withUnsafeBytes { RecordsPayload.isValid($0, header: header) }
            let batch = raw.withUnsafeBytes { bytes -> Bool in
                guard var payload = RecordsPayload(bytes, header: header) else { return false }
                for _ in 0..<header.count {
                    guard payload.records.next() != nil else { return false }
                }
                return payload.isCompleteAfterRecords(count: header.count)
            }
            if reference { outcomes.accepted += 1 } else { outcomes.refused += 1 }
            if batch != reference { disagreements.append("iteration \(iteration): batch \(batch), reference \(reference)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(3))")
        // Both kinds occur, so the comparison is not vacuous.
        #expect(outcomes.accepted > 1_000 && outcomes.refused > 10_000, "\(outcomes)")
    }
}
