extension ByteReader {
    /// Consumes `count` ZigZag varints that must each decode to a non-negative value and returns
    /// `start` plus their sum: a block's timestamp column, checked by a fold that wants no
    /// timestamp. `nil` if a varint is malformed (as ``readVarint()`` judges), one is negative, or
    /// the sum passes `Int64.max`; the cursor is then unspecified.
    ///
    /// Reads eight bytes at a time where they hold whole varints of one or two bytes (the deltas
    /// of a log's milliseconds), and one varint at a time elsewhere; both accept and reject the
    /// same bytes as a loop of ``readZigZag()``.
    package mutating func readNonNegativeZigZagSum(count: Int, adding start: Int64) -> Int64? {
        var sum = start
        var left = count
        while left > 0 {
            if left >= 8, end &- position >= 8, let base,
                let word = Self.shortVarints(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self)))
            {
                let (next, overflow) = sum.addingReportingOverflow(Int64(word.codes &>> 1))
                guard !overflow else { return nil }
                sum = next
                position &+= word.bytes
                left &-= word.varints
                continue
            }
            // A non-negative delta is an even ZigZag code: the varint itself, halved.
            guard let code = readVarint(), code & 1 == 0 else { return nil }
            let (next, overflow) = sum.addingReportingOverflow(Int64(code &>> 1))
            guard !overflow else { return nil }
            sum = next
            left &-= 1
        }
        return sum
    }

    /// The whole varints at the start of `word` (eight bytes, the first of them a varint's first)
    /// when every one is one or two bytes long, in shortest form and even: how many bytes they
    /// take (8, or 7 when the last byte starts a varint), how many there are, and their codes'
    /// sum. `nil` when any of that fails: the caller reads one varint the slow way.
    @inline(__always)
    static func shortVarints(_ word: UInt64) -> (bytes: Int, varints: Int, codes: UInt64)? {
        let high: UInt64 = 0x8080_8080_8080_8080
        let continues = word & high
        // A byte that continues after one that continued: a varint of three bytes or more.
        guard continues & (continues &<< 8) == 0 else { return nil }
        // A last byte that continues starts a varint the next word finishes: leave it out.
        let mask: UInt64 = continues &>> 63 == 0 ? .max : 0x00FF_FFFF_FFFF_FFFF
        let kept = continues & mask
        let low = word & mask & 0x7F7F_7F7F_7F7F_7F7F
        // Bytes that end a two-byte varint (bit 7 set), and bytes that start a varint.
        let second = kept &<< 8
        let first = ~second & high & mask
        // Shortest form: a two-byte varint's last byte is not zero.
        let nonzero = (low &+ 0x7F7F_7F7F_7F7F_7F7F) & high
        guard second & ~nonzero == 0 else { return nil }
        // Non-negative: ZigZag's sign is the code's lowest bit, in the varint's first byte.
        guard (first &>> 7) & low & 0x0101_0101_0101_0101 == 0 else { return nil }
        let secondBytes = (second &>> 7) &* 0xFF
        let codes = bytesSum(low & ~secondBytes) &+ (bytesSum(low & secondBytes) &<< 7)
        let varints = (~kept & high & mask).nonzeroBitCount
        return (mask == .max ? 8 : 7, varints, codes)
    }

    /// The sum of `word`'s eight bytes, each at most 0x7F.
    @inline(__always)
    static func bytesSum(_ word: UInt64) -> UInt64 {
        let pairs = (word & 0x00FF_00FF_00FF_00FF) &+ ((word &>> 8) & 0x00FF_00FF_00FF_00FF)
        return (pairs &* 0x0001_0001_0001_0001) &>> 48
    }
}
