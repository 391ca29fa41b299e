import ByteCoding
import NavigationCore

/// The bytes of a checkpoint: the state after some number of events and its hash, for seeks and for
/// verifying deterministic replay (docs/FileFormat.md, "Checkpoint payload").
public enum CheckpointCodec {
    /// The checkpoint payload's format version.
    public static let version: UInt8 = 1

    /// `[version][hash: 8 bytes LE][state]`; `hash` replaces the state's own (tests forge it).
    public static func encode(_ state: NavigationState, hash stored: UInt64? = nil) -> [UInt8] {
        var writer = ByteWriter(capacity: 73 + 8 * (state.appControllerCount + state.mintedControllerCount))
        writer.writeUInt8(version)
        writer.writeUInt64(stored ?? StateCodec.hash(state))
        writer.writeState(state, version: StateCodec.formatVersion)
        return writer.bytes
    }

    /// The stored hash and state. `names`, a name table decoded before (the last checkpoint's
    /// state's), becomes the state's own when the checkpoint holds the same names: a seek then builds
    /// no strings and hashes none.
    public static func decode(_ bytes: [UInt8], reusingNames names: NameTable? = nil) throws(CodecError) -> (hash: UInt64, state: NavigationState) {
        guard bytes.count >= 9 else { throw CodecError(.truncated, at: bytes.count, "checkpoint header") }
        guard bytes[0] == version else { throw CodecError(.invalidValue, at: 0, "checkpoint version \(bytes[0])") }
        return try ByteReader.withReader(over: bytes) { (reader: inout ByteReader) throws(CodecError) in
            _ = reader.readUInt8()
            let hash = reader.readUInt64() ?? 0  // at least 9 bytes: checked above
            let state = try reader.readState(reusingNames: names)
            try reader.expectEnd(for: "state")
            return (hash, state)
        }
    }
}
