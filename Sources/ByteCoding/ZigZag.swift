/// ZigZag mapping between signed and unsigned integers: 0, -1, 1, -2, 2 … ↦ 0, 1, 2, 3, 4 …
///
/// Used before varint encoding so that small negative numbers stay short.
public enum ZigZag {
    /// Maps a signed value onto an unsigned one.
    @inlinable @inline(__always)
    public static func encode(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value &<< 1) ^ (value &>> 63))
    }

    /// Inverse of ``encode(_:)``; total on every `UInt64`.
    @inlinable @inline(__always)
    public static func decode(_ value: UInt64) -> Int64 {
        Int64(bitPattern: (value &>> 1) ^ (0 &- (value & 1)))
    }
}
