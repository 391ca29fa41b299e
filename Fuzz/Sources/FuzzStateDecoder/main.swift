// State (checkpoint) bytes → the state decoder, then what a replay does with a state: its
// invariants, its hierarchy, a few commands decided on it. An accepted state re-encodes to the
// same bytes; a checkpoint of them decodes the same with a name table to reuse as without (a
// seek's path); nothing may trap.
import FuzzSupport
import Glibc
import NavigationCodec
import NavigationCore

/// A table to offer the checkpoint decoder besides the state's own: what a session interns first.
let offeredNames: NameTable = {
    var names = NameTable()
    for string in ["MN", "M", "DN", "D"] { names.append(string) }
    return names
}()

/// The bytes as a checkpoint decodes the same with or without a name table to reuse: the state's
/// own (taken), or another (refused unless equal).
func checkNameReuse(_ bytes: UnsafeRawBufferPointer, decoded: NavigationState?) {
    let checkpoint = [CheckpointCodec.version] + [UInt8](repeating: 0, count: 8) + Array(bytes)
    // Compared by encoding: a state may hold a NaN width, which is not == to itself.
    let plain = Result { () throws(CodecError) in StateCodec.encode(try CheckpointCodec.decode(checkpoint).state) }
    for names in [decoded?.names, offeredNames].compactMap({ $0 }) {
        let reusing = Result { () throws(CodecError) in
            StateCodec.encode(try CheckpointCodec.decode(checkpoint, reusingNames: names).state)
        }
        precondition(plain == reusing, "reusing a name table changed what a checkpoint decodes to")
    }
}

func check(_ bytes: UnsafeRawBufferPointer) {
    let decoded = try? StateCodec.decode(bytes)
    checkNameReuse(bytes, decoded: decoded)
    guard var state = decoded else { return }
    if bytes.first == StateCodec.formatVersion {
        precondition(StateCodec.encode(state) == Array(bytes), "an accepted state re-encodes to other bytes")
    }
    _ = state.invariantViolations()
    _ = state.hierarchyDescription
    _ = state.visibleControllers
    for command in [
        NavigationCommand.tapDisplayModeButton, .edgeSwipe, .changeTraits(Device.iPhone.traits(.portrait)),
        .changeTraits(Device.iPad.traits(.landscape)),
    ] {
        Navigation.send(command, to: &state, delegate: state.policy(session: .noDelegate))
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    check(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

exit(fuzzMain(fuzz, check))
