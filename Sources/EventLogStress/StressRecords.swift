/// The deterministic stream the stress child writes: record `i`'s timestamp and bytes depend only on `i`,
/// so any log can be checked against it.
enum StressRecords {
    /// The header every stress log is created with.
    static let sessionID = "crash-loop"

    /// Record `index`'s timestamp: non-decreasing, several records per millisecond.
    static func timestamp(_ index: UInt64) -> Int64 {
        1_700_000_000_000 + Int64(index / 4)
    }

    /// Record `index`'s bytes: 1 to 48 bytes, its index first, then a pattern from the index.
    static func record(_ index: UInt64, into buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        let length = Int(((index &* 0x9E37_79B9) >> 11) % 48) + 1
        var value = index
        for j in 0..<length {
            if j < 8 {
                buffer.append(UInt8(truncatingIfNeeded: value))
                value >>= 8
            } else {
                buffer.append(UInt8(truncatingIfNeeded: index &* 131 &+ UInt64(j) &* 7))
            }
        }
    }

    /// The checkpoint payload at record count `index`.
    static func checkpoint(_ index: UInt64) -> [UInt8] {
        withUnsafeBytes(of: index.littleEndian) { Array($0) } + Array("state".utf8)
    }

    /// How often (in records) the child writes a checkpoint.
    static let checkpointEvery: UInt64 = 1000
}
