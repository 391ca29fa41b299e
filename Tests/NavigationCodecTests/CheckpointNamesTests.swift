import NavigationCodec
import NavigationCore
import NavTapeTestSupport
import Testing

/// A seek decodes a checkpoint with the last one's name table at hand: taken when the names are the
/// same bytes, never when they differ, and never changing what decodes or what fails.
@Suite("Checkpoint codec: reusing the last checkpoint's names")
struct CheckpointNamesTests {
    static let state = StateCodecTests.smallState()

    /// `state` with one more name interned (a later checkpoint of the same session).
    static func laterState() -> NavigationState {
        var later = state
        later.evolve(.nameInterned("Later"))
        return later
    }

    @Test("the same names: the table is taken as it is, and the state is the one encoded")
    func sameNames() throws {
        let bytes = CheckpointCodec.encode(Self.state)
        let reused = try CheckpointCodec.decode(bytes, reusingNames: Self.state.names)
        #expect(reused.state == Self.state)
        #expect(reused.state == (try CheckpointCodec.decode(bytes)).state)
        #expect(StateCodec.hash(reused.state) == reused.hash)
    }

    @Test("other names of the same count, or another count: decoded in full, never the table offered")
    func otherNames() throws {
        let later = Self.laterState()
        // Another count: the earlier table cannot stand for the later one, nor the later for the earlier.
        #expect(try CheckpointCodec.decode(CheckpointCodec.encode(later), reusingNames: Self.state.names).state == later)
        #expect(try CheckpointCodec.decode(CheckpointCodec.encode(Self.state), reusingNames: later.names).state == Self.state)
        // The same count, one string different: the offered table is refused.
        var impostor = NameTable()
        for string in Self.state.names.strings { impostor.append(string == "Paste" ? "Pasta" : string) }
        #expect(impostor.count == Self.state.names.count && impostor != Self.state.names)
        let decoded = try CheckpointCodec.decode(CheckpointCodec.encode(Self.state), reusingNames: impostor).state
        #expect(decoded == Self.state)
        #expect(decoded.names.strings.contains("Paste") && !decoded.names.strings.contains("Pasta"))
    }

    @Test("a damaged checkpoint decodes or fails the same way with or without a table to reuse")
    func damageAlike() throws {
        let intact = CheckpointCodec.encode(Self.state)
        var failures = 0
        // Every byte after the 9-byte header, the state's version byte included: the names section
        // and everything after it.
        for position in 9..<intact.count {
            var bytes = intact
            bytes[position] ^= 0xFF
            // Compared by encoding: a damaged width may be a NaN, which is not == to itself.
            let plain = Result { () throws(CodecError) in StateCodec.encode(try CheckpointCodec.decode(bytes).state) }
            let reusing = Result { () throws(CodecError) in
                StateCodec.encode(try CheckpointCodec.decode(bytes, reusingNames: Self.state.names).state)
            }
            #expect(plain == reusing, "byte \(position)")
            if case .failure = plain { failures += 1 }
        }
        #expect(failures > 0)
    }
}
