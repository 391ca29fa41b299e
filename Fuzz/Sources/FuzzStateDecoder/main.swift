// State (checkpoint) bytes → the state decoder, then what a replay does with a state: its
// invariants, its hierarchy, a few commands decided on it. An accepted state re-encodes to the
// same bytes; nothing may trap.
import FuzzSupport
import Glibc
import NavigationCodec
import NavigationCore

func check(_ bytes: UnsafeRawBufferPointer) {
    guard var state = try? StateCodec.decode(bytes) else { return }
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
