// One log record → the event decoder, then evolve: every input either decodes to an event that
// re-encodes to the same bytes (decoding is strict and total: docs/EventEncoding.md) or throws
// CodecError. Nothing may trap. The replay loop's fused step (`decodeAndEvolve`, which checks
// `rejected`/`ignored` records without building their commands) must give the reference's answer
// on every input: the same error, or the same commit bit and state. So must the decoder that reuses
// its list buffer from input to input (`EventDecoder`): the same error, or the same event.
import FuzzSupport
import Glibc
import NavigationCodec
import NavigationCore

let base = NavigationState(traits: Device.iPad.traits(.landscape))
nonisolated(unsafe) var reusing = EventDecoder()
nonisolated(unsafe) var held: [(event: NavigationEvent, startsCommit: Bool, bytes: [UInt8])] = []

func check(_ bytes: UnsafeRawBufferPointer) {
    var reference = base
    let expected: Result<Bool, CodecError>
    do {
        let (event, startsCommit) = try EventCodec.decode(bytes)
        precondition(EventCodec.encode(event, startsCommit: startsCommit) == Array(bytes), "an accepted record re-encodes to other bytes")
        reference.evolve(event)
        expected = .success(startsCommit)
    } catch {
        expected = .failure(error)
    }
    let reused: Result<Bool, CodecError>
    do {
        let (event, startsCommit) = try reusing.decode(bytes)
        if case .success = expected {
            precondition(EventCodec.encode(event, startsCommit: startsCommit) == Array(bytes), "the reusing decoder decoded other bytes")
        }
        // Every few inputs an event is kept, so the buffer it shares must not be written again.
        if held.count < 8 { held.append((event, startsCommit, Array(bytes))) } else { held.removeAll() }
        reused = .success(startsCommit)
    } catch {
        reused = .failure(error)
    }
    precondition(reused == expected, "the reusing decoder answered \(reused), the reference \(expected)")
    for kept in held {
        precondition(EventCodec.encode(kept.event, startsCommit: kept.startsCommit) == kept.bytes, "a kept event changed under the decoder")
    }
    var fused = base
    let actual: Result<Bool, CodecError>
    do { actual = .success(try EventCodec.decodeAndEvolve(bytes, into: &fused)) } catch { actual = .failure(error) }
    precondition(actual == expected, "the fused step answered \(actual), the reference \(expected)")
    // A forged width may be NaN, which `==` never matches: then the encodings are compared.
    precondition(
        fused == reference || StateCodec.encode(fused) == StateCodec.encode(reference),
        "the fused step's state differs from the reference's")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    check(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

exit(fuzzMain(fuzz, check))
