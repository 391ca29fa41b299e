import ByteCoding
import Testing
import NavTapeApps
import NavTapeTestSupport

@Suite("ByteCoding")
struct ByteCodingTests {
    @Test("varints round-trip at every edge, in their shortest form")
    func varintRoundTrip() {
        var values: [UInt64] = [0, 1, 127, 128, 255, 256, 16_383, 16_384, UInt64(UInt32.max), UInt64.max, UInt64.max - 1, 1 << 63]
        for shift in 0..<64 { values += [1 << shift, (1 << shift) - 1, (1 << shift) + 1] }
        var random = SplitMix64(seed: 7)
        for _ in 0..<1000 { values.append(random.next() >> (random.next() % 64)) }
        for value in values {
            var writer = ByteWriter()
            writer.writeVarint(value)
            #expect(writer.count == ByteWriter.varintSize(value))
            let expectedLength = value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7
            #expect(writer.count == expectedLength)
            ByteReader.withReader(over: writer.bytes) { reader in
                #expect(reader.peekVarint() == value)
                #expect(reader.offset == 0)
                #expect(reader.readVarint() == value)
                #expect(reader.isAtEnd)
            }
        }
    }

    @Test("known varint encodings")
    func varintBytes() {
        func encoded(_ value: UInt64) -> [UInt8] {
            var writer = ByteWriter()
            writer.writeVarint(value)
            return writer.bytes
        }
        #expect(encoded(0) == [0x00])
        #expect(encoded(300) == [0xAC, 0x02])
        #expect(encoded(UInt64.max) == [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
    }

    @Test(
        "overlong, overflowing, non-minimal and truncated varints are rejected without moving the cursor",
        arguments: [
            [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02],  // overflows 64 bits
            [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x81, 0x00],  // 11 bytes
            [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01],  // 11 bytes of zero groups
            [0x80, 0x00],  // zero, padded
            [0xAC, 0x82, 0x00],  // 300, padded
            [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00],  // UInt64.max >> 1, padded to 10
            [0x80],  // truncated
            [0xFF, 0xFF],  // truncated
            [],  // empty
        ] as [[UInt8]])
    func varintRejects(bytes: [UInt8]) {
        ByteReader.withReader(over: bytes) { reader in
            #expect(reader.readVarint() == nil)
            #expect(reader.offset == 0)
        }
    }

    @Test("ZigZag maps small magnitudes to small codes and round-trips")
    func zigzag() {
        #expect(ZigZag.encode(0) == 0)
        #expect(ZigZag.encode(-1) == 1)
        #expect(ZigZag.encode(1) == 2)
        #expect(ZigZag.encode(-2) == 3)
        #expect(ZigZag.encode(Int64.max) == UInt64.max - 1)
        #expect(ZigZag.encode(Int64.min) == UInt64.max)
        for value: Int64 in [0, 1, -1, 63, -64, 64, -65, Int64.max, Int64.min, 1_700_000_000_000, -1_700_000_000_000] {
            #expect(ZigZag.decode(ZigZag.encode(value)) == value)
            var writer = ByteWriter()
            writer.writeZigZag(value)
            ByteReader.withReader(over: writer.bytes) { reader in
                #expect(reader.readZigZag() == value)
            }
        }
    }

    @Test("fixed-width integers are little-endian")
    func fixedWidth() {
        var writer = ByteWriter()
        writer.writeUInt8(0xAB)
        writer.writeUInt16(0x0102)
        writer.writeUInt32(0x0304_0506)
        writer.writeUInt64(0x0708_090A_0B0C_0D0E)
        writer.writeInt64(-2)
        #expect(
            writer.bytes == [
                0xAB, 0x02, 0x01, 0x06, 0x05, 0x04, 0x03,
                0x0E, 0x0D, 0x0C, 0x0B, 0x0A, 0x09, 0x08, 0x07,
                0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            ])
        writer.setUInt32(0xDEAD_BEEF, at: 3)
        ByteReader.withReader(over: writer.bytes) { reader in
            #expect(reader.readUInt8() == 0xAB)
            #expect(reader.readUInt16() == 0x0102)
            #expect(reader.readUInt32() == 0xDEAD_BEEF)
            #expect(reader.readUInt64() == 0x0708_090A_0B0C_0D0E)
            #expect(reader.readInt64() == -2)
            #expect(reader.isAtEnd)
        }
    }

    @Test("peek does not consume; a short read returns nil and leaves the cursor")
    func peekAndShortReads() {
        ByteReader.withReader(over: [1, 2, 3]) { reader in
            #expect(reader.peekUInt8() == 1)
            #expect(reader.peekUInt16() == 0x0201)
            #expect(reader.offset == 0)
            #expect(reader.peekUInt32() == nil)
            #expect(reader.readUInt32() == nil)
            #expect(reader.readUInt64() == nil)
            #expect(reader.readBytes(count: 4) == nil)
            #expect(reader.readBytes(count: -1) == nil)
            #expect(reader.skip(4) == false)
            #expect(reader.offset == 0)
            #expect(reader.readUInt16() == 0x0201)
            #expect(reader.remaining == 1)
            #expect(reader.readUInt16() == nil)
            #expect(reader.readBytes(count: 1).map(Array.init) == [3])
            #expect(reader.readUInt8() == nil)
            #expect(reader.peekUInt8() == nil)
        }
        ByteReader.withReader(over: []) { reader in
            #expect(reader.readUInt8() == nil)
            #expect(reader.readVarint() == nil)
            #expect(reader.readBytes(count: 0).map { $0.count } == 0)
        }
    }

    @Test("CRC32C check value and chaining")
    func crc() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([UInt8]()) == 0)
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        var random = SplitMix64(seed: 3)
        let bytes = (0..<1000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let whole = CRC32C.checksum(bytes)
        for split in [0, 1, 7, 8, 9, 500, 999, 1000] {
            let first = CRC32C.checksum(Array(bytes[..<split]))
            #expect(CRC32C.checksum(Array(bytes[split...]), seed: first) == whole)
        }
        // The hardware path (where there is one) and the slice-by-8 path agree with a bit-at-a-time
        // reference at every length, alignment and seed.
        for start in 0..<8 {
            for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 200] {
                let slice = Array(bytes[start..<(start + length)])
                let reference = referenceCRC32C(slice)
                #expect(CRC32C.checksum(slice) == reference)
                #expect(slice.withUnsafeBytes { CRC32C.softwareChecksum($0) } == reference)
                for seed: UInt32 in [1, 0xE306_9283, 0xFFFF_FFFF] {
                    #expect(slice.withUnsafeBytes { CRC32C.checksum($0, seed: seed) == CRC32C.softwareChecksum($0, seed: seed) })
                }
            }
        }
    }

    /// So that the comparison above runs the instruction against the software where CI runs; skipped
    /// (not passed) elsewhere, where whether there is one depends on how the C target was compiled.
    @Test(
        "this machine's CRC32C is the processor's instruction (x86-64 with SSE 4.2, as CI runs)",
        .enabled(if: runsOnX86))
    func crcHardware() {
        #expect(CRC32C.usesHardware)
    }

    private func referenceCRC32C(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return ~crc
    }
}

#if arch(x86_64)
private let runsOnX86 = true
#else
private let runsOnX86 = false
#endif
