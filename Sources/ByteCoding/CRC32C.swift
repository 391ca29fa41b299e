import CCRC32C

/// CRC-32C (Castagnoli, reflected polynomial `0x82F63B78`), the checksum of every NavTape header,
/// block and index.
///
/// The processor's CRC32 instruction where it has one (SSE 4.2 on x86-64, checked once at run time;
/// the ARMv8 CRC extension on Apple silicon), else software slice-by-8: eight bytes per step
/// through eight 256-entry tables. Both give the same values. The check value is
/// `checksum("123456789") == 0xE3069283`. A checksum can be continued over more bytes by passing
/// the previous result as `seed`: `checksum(b, seed: checksum(a)) == checksum(a + b)`.
public enum CRC32C {
    /// The eight slice tables, 8 × 256 entries, table `k` at `k * 256`.
    @usableFromInline
    static let tables: [UInt32] = makeTables()

    static func makeTables() -> [UInt32] {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for i in 0..<256 {
            var crc = UInt32(i)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            t[i] = crc
        }
        for i in 0..<256 {
            for k in 1..<8 {
                let previous = t[(k - 1) * 256 + i]
                t[k * 256 + i] = (previous >> 8) ^ t[Int(previous & 0xFF)]
            }
        }
        return t
    }

    /// Whether ``checksum(_:seed:)-(UnsafeRawBufferPointer,_)`` uses the processor's instruction.
    public static let usesHardware = nt_crc32c_hardware() != 0

    /// The CRC-32C of `buffer`, continuing from `seed` (0 to start a new checksum).
    ///
    /// - Complexity: O(`buffer.count`), no allocation.
    public static func checksum(_ buffer: UnsafeRawBufferPointer, seed: UInt32 = 0) -> UInt32 {
        guard let start = buffer.baseAddress, buffer.count > 0 else { return seed }
        if usesHardware { return ~nt_crc32c_update(~seed, start, buffer.count) }
        return softwareChecksum(buffer, seed: seed)
    }

    /// The software slice-by-8 of ``checksum(_:seed:)-(UnsafeRawBufferPointer,_)``, whatever the
    /// processor (tests compare the two).
    public static func softwareChecksum(_ buffer: UnsafeRawBufferPointer, seed: UInt32 = 0) -> UInt32 {
        guard let start = buffer.baseAddress, buffer.count > 0 else { return seed }
        return tables.withUnsafeBufferPointer { tablesBuffer in
            let t = tablesBuffer.baseAddress.unsafelyUnwrapped
            var crc = ~seed
            var p = start
            var n = buffer.count
            while n >= 8 {
                let word = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
                let lo = UInt32(truncatingIfNeeded: word) ^ crc
                let hi = UInt32(truncatingIfNeeded: word &>> 32)
                crc =
                    t[7 * 256 + Int(lo & 0xFF)]
                    ^ t[6 * 256 + Int((lo &>> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((lo &>> 16) & 0xFF)]
                    ^ t[4 * 256 + Int(lo &>> 24)]
                    ^ t[3 * 256 + Int(hi & 0xFF)]
                    ^ t[2 * 256 + Int((hi &>> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((hi &>> 16) & 0xFF)]
                    ^ t[Int(hi &>> 24)]
                p += 8
                n &-= 8
            }
            while n > 0 {
                crc = t[Int((crc ^ UInt32(p.load(as: UInt8.self))) & 0xFF)] ^ (crc &>> 8)
                p += 1
                n &-= 1
            }
            return ~crc
        }
    }

    /// The CRC-32C of `bytes`, continuing from `seed`.
    public static func checksum(_ bytes: [UInt8], seed: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0, seed: seed) }
    }
}
