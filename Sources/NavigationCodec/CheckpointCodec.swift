import NavigationCore

/// The bytes of a checkpoint: the state after some number of events and its hash, for seeks and for
/// verifying deterministic replay (docs/FileFormat.md, "Checkpoint payload").
public enum CheckpointCodec {
    /// The checkpoint payload's format version.
    public static let version: UInt8 = 1

    /// `[version][hash: 8 bytes LE][state]`; `hash` replaces the state's own (tests forge it).
    public static func encode(_ state: NavigationState, hash stored: UInt64? = nil) -> [UInt8] {
        var bytes: [UInt8] = [version]
        let hash = stored ?? StateCodec.hash(state)
        for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: hash >> (8 * UInt64(i)))) }
        bytes += StateCodec.encode(state)
        return bytes
    }

    /// The stored hash and state.
    public static func decode(_ bytes: [UInt8]) throws(CodecError) -> (hash: UInt64, state: NavigationState) {
        guard bytes.count >= 9 else { throw CodecError(.truncated, at: bytes.count, "checkpoint header") }
        guard bytes[0] == version else { throw CodecError(.invalidValue, at: 0, "checkpoint version \(bytes[0])") }
        var hash: UInt64 = 0
        for i in 0..<8 { hash |= UInt64(bytes[1 + i]) << (8 * UInt64(i)) }
        let state = try StateCodec.decode(Array(bytes[9...]))
        return (hash, state)
    }
}
