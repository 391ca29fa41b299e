// One log record → the event decoder, then evolve: every input either decodes to an event that
// re-encodes to the same bytes (decoding is strict and total: docs/EventEncoding.md) or throws
// CodecError. Nothing may trap.
import FuzzSupport
import Glibc
import NavigationCodec
import NavigationCore

func check(_ bytes: UnsafeRawBufferPointer) {
    guard let (event, startsCommit) = try? EventCodec.decode(bytes) else { return }
    precondition(EventCodec.encode(event, startsCommit: startsCommit) == Array(bytes), "an accepted record re-encodes to other bytes")
    var state = NavigationState(traits: Device.iPad.traits(.landscape))
    state.evolve(event)
    _ = try? EventCodec.decodeAndEvolve(bytes, into: &state)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    check(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

exit(fuzzMain(fuzz, check))
