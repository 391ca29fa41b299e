import ByteCoding
import NavTapeApps
import Testing

/// `readNonNegativeZigZagSum`, which checks a block's timestamp column eight bytes at a time,
/// against the loop of `readZigZag` it stands for: the same bytes pass, with the same sum and
/// the same end, and the same bytes fail.
@Suite("ByteCoding: the timestamp column's word-at-a-time check")
struct DeltaColumnTests {
    /// The loop the fast check replaces.
    static func reference(_ bytes: [UInt8], count: Int, start: Int64) -> (sum: Int64, offset: Int)? {
        ByteReader.withReader(over: bytes) { reader -> (Int64, Int)? in
            var sum = start
            for _ in 0..<count {
                guard let delta = reader.readZigZag(), delta >= 0 else { return nil }
                let (next, overflow) = sum.addingReportingOverflow(delta)
                guard !overflow else { return nil }
                sum = next
            }
            return (sum, reader.offset)
        }
    }

    static func fast(_ bytes: [UInt8], count: Int, start: Int64) -> (sum: Int64, offset: Int)? {
        ByteReader.withReader(over: bytes) { reader -> (Int64, Int)? in
            reader.readNonNegativeZigZagSum(count: count, adding: start).map { ($0, reader.offset) }
        }
    }

    /// A column of `count` deltas of mixed widths, some of them spoiled as `spoil` says.
    static func column(_ random: inout SplitMix64, count: Int, spoil: Bool) -> [UInt8] {
        var writer = ByteWriter()
        for _ in 0..<count {
            let delta: Int64
            switch random.next() % 8 {
            case 0, 1: delta = 0
            case 2: delta = Int64(random.next() % 64)  // one byte
            case 3, 4, 5: delta = 64 + Int64(random.next() % 8_128)  // two bytes
            case 6: delta = Int64(random.next() % 1_000_000)  // up to three
            default: delta = Int64(bitPattern: random.next() >> (random.next() % 64)) & .max
            }
            writer.writeZigZag(delta)
        }
        var bytes = writer.bytes
        if spoil, !bytes.isEmpty {
            let at = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 5 {
            case 0: bytes[at] |= 1  // an odd first byte: a negative delta (or a changed second byte)
            case 1: bytes.insert(contentsOf: [0x80, 0x00], at: at)  // not in shortest form (if at a boundary)
            case 2: bytes.removeLast(min(bytes.count, Int(random.next() % 3) + 1))  // truncated
            case 3: bytes[at] ^= 0x80  // a continuation bit flipped
            default: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            }
        }
        return bytes
    }

    @Test("mixed columns, whole or spoiled, at every count around the word size")
    func mixedColumns() {
        var random = SplitMix64(seed: 32)
        var passed = 0
        var failed = 0
        for round in 0..<20_000 {
            let count = Int(random.next() % 40)
            let bytes = Self.column(&random, count: count, spoil: round % 3 == 0)
            let asked = round % 7 == 0 ? max(0, count - Int(random.next() % 3)) : count
            let starts: [Int64] = [0, 1_700_000_000_000, .max - Int64(random.next() % 100_000), .min]
            let start = starts[Int(random.next() % UInt64(starts.count))]
            let expected = Self.reference(bytes, count: asked, start: start)
            let actual = Self.fast(bytes, count: asked, start: start)
            #expect(actual?.sum == expected?.sum && actual?.offset == expected?.offset, "bytes \(bytes), count \(asked), start \(start)")
            if expected == nil { failed += 1 } else { passed += 1 }
        }
        // Both outcomes are exercised, many times.
        #expect(passed > 5_000 && failed > 2_000)
    }

    @Test("random bytes")
    func randomBytes() {
        var random = SplitMix64(seed: 33)
        for _ in 0..<20_000 {
            let length = Int(random.next() % 48)
            // Mostly small bytes, so that many inputs parse a long way.
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next() % 4 == 0 ? random.next() : random.next() % 0x90) }
            let count = Int(random.next() % 30)
            let expected = Self.reference(bytes, count: count, start: 0)
            let actual = Self.fast(bytes, count: count, start: 0)
            #expect(actual?.sum == expected?.sum && actual?.offset == expected?.offset, "bytes \(bytes), count \(count)")
        }
    }

    @Test("the word check's own cases: a straddling varint, an overlong one, a negative one, three bytes")
    func wordCases() {
        // Eight two-byte deltas of 100 (code 200 = 0xC8 0x01): words end mid-varint every other time.
        let twos = Array(repeating: [0xC8, 0x01] as [UInt8], count: 8).flatMap { $0 }
        #expect(Self.fast(twos, count: 8, start: 5)?.sum == 805)
        #expect(Self.fast(twos, count: 8, start: 5)?.offset == 16)
        // 0x80 0x00: zero, not in shortest form.
        let overlong: [UInt8] = [0, 0, 0, 0x80, 0x00, 0, 0, 0, 0, 0]
        #expect(Self.fast(overlong, count: 9, start: 0) == nil)
        #expect(Self.reference(overlong, count: 9, start: 0) == nil)
        // 0x03: ZigZag −2.
        let negative: [UInt8] = [0, 2, 0, 0, 0, 3, 0, 0, 0]
        #expect(Self.fast(negative, count: 9, start: 0) == nil)
        // A three-byte delta among one-byte ones: 0x80 0x80 0x02 is code 32,768, delta 16,384.
        let three: [UInt8] = [2, 2, 0x80, 0x80, 0x02, 2, 2, 2, 2, 2]
        let threeSum = Self.fast(three, count: 8, start: 0)
        #expect(threeSum?.sum == 16_391)
        #expect(threeSum?.offset == 10)
        // The sum passing Int64.max fails wherever it passes it.
        let ones = [UInt8](repeating: 2, count: 16)
        #expect(Self.fast(ones, count: 16, start: .max - 16)?.sum == .max)
        #expect(Self.fast(ones, count: 16, start: .max - 15) == nil)
    }
}
