import Testing
@testable import EventLog

/// The contract of the LZ4 wrapper, which the Linux (liblz4) and Apple (Compression framework) paths
/// must both keep: the file format's bound, the standard block format both ways, and `nil` or a
/// wrong size for a block that is malformed or does not fit.
@Suite("LZ4 block wrapper")
struct LZ4Tests {
    /// 20 distinct bytes, "navtape block " 30 times, 20 distinct bytes: 460 bytes.
    static let sample: [UInt8] =
        (0..<20).map { UInt8($0 * 13) } + Array(repeating: Array("navtape block ".utf8), count: 30).flatMap { $0 }
        + (0..<20).map { UInt8(255 - $0 * 7) }

    /// `sample` as liblz4 1.9.4 `LZ4_compress_default` writes it (a long literal run, a long match).
    static let sampleFromLiblz4: [UInt8] = [
        0xff, 0x13, 0x00, 0x0d, 0x1a, 0x27, 0x34, 0x41, 0x4e, 0x5b, 0x68, 0x75, 0x82, 0x8f, 0x9c, 0xa9,
        0xb6, 0xc3, 0xd0, 0xdd, 0xea, 0xf7, 0x6e, 0x61, 0x76, 0x74, 0x61, 0x70, 0x65, 0x20, 0x62, 0x6c,
        0x6f, 0x63, 0x6b, 0x20, 0x0e, 0x00, 0xff, 0x84, 0xf0, 0x05, 0xff, 0xf8, 0xf1, 0xea, 0xe3, 0xdc,
        0xd5, 0xce, 0xc7, 0xc0, 0xb9, 0xb2, 0xab, 0xa4, 0x9d, 0x96, 0x8f, 0x88, 0x81, 0x7a,
    ]

    static func compress(_ raw: [UInt8]) -> [UInt8]? {
        guard let bound = LZ4.compressedBound(raw.count) else { return nil }
        var out = [UInt8](repeating: 0, count: bound)
        let count = raw.withUnsafeBytes { source in out.withUnsafeMutableBytes { LZ4.compress(source, into: $0) } }
        return count.map { Array(out[0..<$0]) }
    }

    static func decompress(_ block: [UInt8], capacity: Int) -> (count: Int?, bytes: [UInt8]) {
        var out = [UInt8](repeating: 0xAA, count: max(capacity, 1))
        let count = block.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { LZ4.decompress(source, into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<capacity])) }
        }
        return (count, count.map { Array(out[0..<$0]) } ?? [])
    }

    /// A small decoder written from lz4_Block_format.md, independent of both libraries.
    static func referenceDecode(_ block: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var i = 0
        func length(_ start: Int) -> Int? {
            var total = start
            guard start == 15 else { return total }
            while true {
                guard i < block.count else { return nil }
                let byte = block[i]
                i += 1
                total += Int(byte)
                if byte != 255 { return total }
            }
        }
        while i < block.count {
            let token = block[i]
            i += 1
            guard let literals = length(Int(token >> 4)), i + literals <= block.count else { return nil }
            out += block[i..<(i + literals)]
            i += literals
            if i == block.count { return out }  // the last sequence holds literals only
            guard i + 2 <= block.count else { return nil }
            let offset = Int(block[i]) | Int(block[i + 1]) << 8
            i += 2
            guard offset > 0, offset <= out.count, let match = length(Int(token & 15)) else { return nil }
            let start = out.count - offset
            for k in 0..<(match + 4) { out.append(out[start + k]) }
        }
        return nil
    }

    @Test("the bound is LZ4_COMPRESSBOUND (part of the file format), nil out of range")
    func bound() {
        for n in [0, 1, 15, 254, 255, 256, 65_536, 4 << 20, LZ4.maximumInputSize] {
            #expect(LZ4.compressedBound(n) == n + n / 255 + 16, "\(n)")
        }
        #expect(LZ4.compressedBound(-1) == nil)
        #expect(LZ4.compressedBound(LZ4.maximumInputSize + 1) == nil)
    }

    @Test("a block liblz4 wrote decodes to its input; the reference decoder agrees")
    func decodesLiblz4Block() {
        #expect(Self.referenceDecode(Self.sampleFromLiblz4) == Self.sample)
        let decoded = Self.decompress(Self.sampleFromLiblz4, capacity: Self.sample.count)
        #expect(decoded.count == Self.sample.count)
        #expect(decoded.bytes == Self.sample)
    }

    @Test("what compress writes is a standard LZ4 block and round-trips", arguments: [1, 64, 460, 65_536, 1 << 20])
    func roundTrip(size: Int) throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(size)
        let raw: [UInt8] = (0..<size).map { i in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return i % 3 == 0 ? UInt8(truncatingIfNeeded: state >> 59) : UInt8(truncatingIfNeeded: i / 7)
        }
        let block = try #require(Self.compress(raw))
        #expect(block.count <= LZ4.compressedBound(raw.count)!)
        #expect(Self.referenceDecode(block) == raw)
        let decoded = Self.decompress(block, capacity: raw.count)
        #expect(decoded.count == raw.count)
        #expect(decoded.bytes == raw)
        // With room to spare the size is the block's own.
        #expect(Self.decompress(block, capacity: raw.count + 100).count == raw.count)
    }

    @Test("a block that does not fit the room given is nil, not cut short")
    func doesNotFit() {
        #expect(Self.decompress(Self.sampleFromLiblz4, capacity: Self.sample.count - 1).count == nil)
        #expect(Self.decompress(Self.sampleFromLiblz4, capacity: 10).count == nil)
    }

    @Test("a truncated or garbled block never decodes to the expected size")
    func malformed() {
        let expected = Self.sample.count
        for cut in [1, 2, 3, 20, 37, 40, 61] {
            #expect(Self.decompress(Array(Self.sampleFromLiblz4[0..<cut]), capacity: expected).count != expected, "cut \(cut)")
        }
        var badOffset = Self.sampleFromLiblz4
        badOffset[36] = 0xFF  // the match's offset points before the start
        badOffset[37] = 0xFF
        #expect(Self.decompress(badOffset, capacity: expected).count != expected)
        #expect(Self.decompress([0xF0], capacity: expected).count != expected)  // 15+ literals, no length byte
    }

    @Test("the empty block: one zero token fits no room; anything else does not")
    func emptyBlock() {
        #expect(Self.decompress([0x00], capacity: 0).count == 0)
        #expect(Self.decompress([0x10, 0x41], capacity: 0).count == nil)
    }
}
