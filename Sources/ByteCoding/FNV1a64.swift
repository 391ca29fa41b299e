/// The 64-bit FNV-1a hash (offset basis `0xCBF29CE484222325`, prime `0x100000001B3`): a state's
/// hash in checkpoints, a log's content hash, a session's key. Fed in pieces, it gives the hash of
/// their concatenation. Not a cryptographic hash.
public struct FNV1a64: Sendable {
    /// The hash of the bytes added so far.
    public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The hash of no bytes.
    public init() {}

    /// Adds `bytes` to the hash.
    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        value = hash
    }

    /// The hash of `bytes`.
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = FNV1a64()
        hash.add(bytes)
        return hash.value
    }
}
