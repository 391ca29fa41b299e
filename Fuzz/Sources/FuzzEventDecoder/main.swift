// One log record → the event decoder, then evolve: every input either decodes to an event that
// re-encodes to the same bytes (decoding is strict and total: docs/EventEncoding.md) or throws
// CodecError. Nothing may trap. The replay loop's fused step (`decodeAndEvolve`, which checks
// `rejected`/`ignored` records without building their commands) must give the reference's answer
// on every input: the same error, or the same commit bit and state. So must the decoder that reuses
// its list buffer (`EventDecoder`): the same error, or an event that stays the record's after the
// buffer has decoded another list.
import FuzzSupport
import Glibc
import NavigationCodec
import NavigationCore

let base = NavigationState(traits: Device.iPad.traits(.landscape))
/// A stack record whose list the reusing decoder's buffer holds after it, over whatever it held.
let otherStack = EventCodec.encode(
    .stackSet([ControllerID(app: 7), ControllerID(app: 8), ControllerID(app: 9)], navigation: ControllerID(app: 3)), startsCommit: false)

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
    // Local, not global: events kept across inputs would outlive the run, and LeakSanitizer does not
    // take an indirect enum's tagged pointers for pointers (scripts/fuzz says the same of FuzzServe).
    var reusing = EventDecoder()
    let reused: Result<(event: NavigationEvent, startsCommit: Bool), CodecError>
    do { reused = .success(try reusing.decode(bytes)) } catch { reused = .failure(error) }
    precondition(reused.map(\.startsCommit) == expected, "the reusing decoder answered \(reused), the reference \(expected)")
    // The event is kept while the buffer decodes another list: it must still be the record's.
    _ = try? otherStack.withUnsafeBytes { try reusing.decode($0) }
    if case .success(let kept) = reused {
        precondition(EventCodec.encode(kept.event, startsCommit: kept.startsCommit) == Array(bytes), "a kept event changed under the decoder")
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
