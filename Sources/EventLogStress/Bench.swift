import EventLog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `count` small records (a realistic navigation-like mix) and times one full read;
/// with `count == 0`, only reads the existing log at `path`.
func runBench(path: String, count: UInt64) -> Never {
    if count > 0 { benchWrite(path: path, count: count) }
    benchRead(path: path)
    exit(0)
}

private func benchWrite(path: String, count: UInt64) {
    unlink(path)
    unlink(path + ".idx")
    var options = LogOptions()
    options.syncEveryRecords = .max
    options.syncEveryBytes = .max
    options.syncInterval = nil
    var rawBytes: UInt64 = 0
    do {
        let writer = try EventLogWriter.create(
            at: path, header: LogHeader(sessionID: "bench", device: "bench", startTimeMilliseconds: 0), options: options)
        var record = [UInt8](repeating: 0, count: 32)
        let start = now()
        for index in 0..<count {
            // 8–23 bytes: a kind tag, small ids and a few varying bytes, like encoded navigation events.
            let length = 8 + Int(index % 16)
            record.withUnsafeMutableBytes { bytes in
                bytes[0] = UInt8(index % 7)
                bytes[1] = UInt8((index / 7) % 50)
                for j in 2..<length { bytes[j] = UInt8(truncatingIfNeeded: (index / 3) &+ UInt64(j)) }
            }
            try record.withUnsafeBytes { bytes in
                _ = try writer.append(timestamp: Int64(index / 2), record: UnsafeRawBufferPointer(rebasing: bytes[0..<length]))
            }
            rawBytes += UInt64(length)
        }
        try writer.close()
        let elapsed = now() - start
        emit("write: \(count) records, \(rawBytes) record bytes in \(format(elapsed)) s = \(format(Double(count) / elapsed / 1e6)) M records/s")
    } catch {
        fail("write failed: \(error)")
    }
}

private func benchRead(path: String) {
    var info = stat()
    stat(path, &info)
    do {
        let reader = try EventLogReader(path: path)
        var checksum: UInt64 = 0
        var seen: UInt64 = 0
        var rawBytes: UInt64 = 0
        let start = now()
        try reader.forEachRecord { index, timestamp, record in
            checksum &+= UInt64(record.count) &+ UInt64(bitPattern: timestamp) &+ UInt64(record.first ?? 0)
            rawBytes &+= UInt64(record.count)
            seen &+= 1
            return true
        }
        let elapsed = now() - start
        emit("file: \(info.st_size) bytes (ratio \(format(Double(rawBytes) / Double(info.st_size))) of record bytes), \(reader.blockCount) blocks")
        emit(
            "read: \(seen) records in \(format(elapsed)) s = \(format(Double(seen) / elapsed / 1e6)) M records/s, \(format(Double(rawBytes) / elapsed / 1e9)) GB/s of record bytes (checksum \(checksum))"
        )
    } catch {
        fail("read failed: \(error)")
    }
}

private func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

private func format(_ value: Double) -> String {
    let scaled = (value * 1000).rounded() / 1000
    return String(scaled)
}
