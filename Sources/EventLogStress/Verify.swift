import EventLog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Recovers the log (as a restarting writer would), then checks it is an exact prefix of the
/// stress stream and holds every acknowledged index. Exits 1 on any difference.
func runVerify(path: String, ackFile: String) -> Never {
    let acknowledged = readAcknowledged(ackFile)
    guard access(path, F_OK) == 0 else {
        if let highest = acknowledged { fail("LOST: \(path) does not exist but index \(highest) was acknowledged") }
        emit("verify: no log yet, nothing acknowledged")
        exit(0)
    }
    var truncated: UInt64 = 0
    do {
        let (writer, recovery) = try EventLogWriter.openForAppend(at: path)
        truncated = recovery.truncatedBytes
        try writer.close()
    } catch {
        fail("recovery failed: \(error)")
    }
    let reader: EventLogReader
    do {
        reader = try EventLogReader(path: path)
    } catch {
        fail("cannot read after recovery: \(error)")
    }
    if let corruption = reader.corruption { fail("corruption after recovery: \(corruption)") }
    if let tail = reader.tailDamage { fail("damaged tail after recovery: \(tail)") }
    var expected: [UInt8] = []
    var mismatch: String?
    do {
        try reader.forEachRecord { index, timestamp, record in
            StressRecords.record(index, into: &expected)
            guard timestamp == StressRecords.timestamp(index),
                expected.withUnsafeBytes({ $0.elementsEqual(record) })
            else {
                mismatch = "record \(index) differs from the stream"
                return false
            }
            return true
        }
        for index in reader.checkpointRecordIndices {
            guard let (at, payload) = try reader.checkpoint(atOrBefore: index), at == index,
                payload == StressRecords.checkpoint(index)
            else {
                mismatch = "checkpoint at \(index) differs from the stream"
                break
            }
        }
    } catch {
        fail("read failed: \(error)")
    }
    if let mismatch { fail("MISMATCH: \(mismatch)") }
    let count = reader.recordCount
    if let highest = acknowledged, highest >= count {
        fail("LOST: index \(highest) was acknowledged but the log holds only \(count) records after recovery")
    }
    emit("verify: \(count) records ok, highest acknowledged \(acknowledged.map(String.init) ?? "none"), cut \(truncated) bytes")
    exit(0)
}

/// The highest index in the acknowledgement file (one decimal index per line), or `nil` if none.
private func readAcknowledged(_ path: String) -> UInt64? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var highest: UInt64?
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    while getline(&line, &capacity, file) > 0 {
        guard let line else { break }
        let text = String(cString: line)
        guard text.hasSuffix("\n"), let value = UInt64(text.dropLast()) else { continue }
        highest = max(highest ?? 0, value)
    }
    free(line)
    return highest
}
