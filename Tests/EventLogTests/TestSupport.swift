import Foundation
import NavTapeApps
import NavTapeTestSupport
import Testing
@testable import EventLog

/// One record as tests see it.
struct Record: Equatable {
    var timestamp: Int64
    var bytes: [UInt8]
}

/// A seeded stream of small records with non-decreasing timestamps and somewhat compressible bytes.
func makeRecords(count: Int, seed: UInt64, maxLength: Int = 40) -> [Record] {
    var random = SplitMix64(seed: seed)
    var timestamp: Int64 = 1_700_000_000_000
    var records: [Record] = []
    records.reserveCapacity(count)
    for _ in 0..<count {
        // Mostly small steps, sometimes equal, sometimes a jump.
        switch random.next() % 10 {
        case 0: break
        case 1: timestamp += Int64(random.next() % 100_000)
        default: timestamp += Int64(random.next() % 40)
        }
        let length = Int(random.next() % UInt64(maxLength + 1))
        let kind = UInt8(random.next() % 6)
        var bytes = [UInt8](repeating: 0, count: length)
        for j in 0..<length {
            bytes[j] = j == 0 ? kind : (random.next() % 4 == 0 ? UInt8(truncatingIfNeeded: random.next()) : UInt8(j) &+ kind)
        }
        records.append(Record(timestamp: timestamp, bytes: bytes))
    }
    return records
}

let testHeader = LogHeader(
    sessionID: "session-1", device: "iPad (test)", startTimeMilliseconds: 1_700_000_000_000,
    parentSessionID: "", forkIndex: 0, metadata: Array("layout+policy".utf8))

/// Options for tests: small blocks, no automatic syncs unless asked.
func testOptions(blockTargetBytes: Int = 64 * 1024, writesIndex: Bool = true) -> LogOptions {
    var options = LogOptions()
    options.blockTargetBytes = blockTargetBytes
    options.syncEveryRecords = .max
    options.syncEveryBytes = .max
    options.syncInterval = nil
    options.writesIndex = writesIndex
    return options
}

/// Writes `records` to a new log at `path` and closes it.
func writeLog(
    _ records: [Record], to path: String, header: LogHeader = testHeader, options: LogOptions,
    checkpointEvery: Int? = nil
) throws {
    let writer = try EventLogWriter.create(at: path, header: header, options: options)
    for (i, record) in records.enumerated() {
        if let every = checkpointEvery, i > 0, i % every == 0 {
            try writer.appendCheckpoint(checkpointPayload(UInt64(i)))
        }
        try writer.append(timestamp: record.timestamp, record: record.bytes)
    }
    try writer.close()
}

func checkpointPayload(_ index: UInt64) -> [UInt8] {
    Array("checkpoint@\(index)".utf8)
}

/// Everything a reader yields from `from`, and the error that stopped it, if any.
func readRecords(_ reader: EventLogReader, from start: UInt64 = 0) -> (records: [Record], error: EventLogError?) {
    var records: [Record] = []
    do {
        try reader.forEachRecord(from: start) { index, timestamp, bytes in
            records.append(Record(timestamp: timestamp, bytes: Array(bytes)))
            return true
        }
        return (records, nil)
    } catch let error as EventLogError {
        return (records, error)
    } catch {
        Issue.record("unexpected error type: \(error)")
        return (records, nil)
    }
}

func fileBytes(_ path: String) -> [UInt8] {
    (try? Array(Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
}

func writeBytes(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Whether `buffer` holds exactly `array`'s bytes (memcmp: `elementsEqual` is slow in debug builds).
func sameBytes(_ buffer: UnsafeRawBufferPointer, _ array: [UInt8]) -> Bool {
    guard buffer.count == array.count else { return false }
    guard let base = buffer.baseAddress, !array.isEmpty else { return true }
    return array.withUnsafeBytes { other in other.baseAddress.map { memcmp(base, $0, buffer.count) == 0 } ?? false }
}
