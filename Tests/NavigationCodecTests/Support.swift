import NavigationCodec
import NavigationCore
import NavTapeTestSupport

extension Array where Element == UInt8 {
    /// Lowercase hex without separators: `0e0102`.
    var hex: String {
        let digits = [Character]("0123456789abcdef")
        var out = ""
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return out
    }

    /// Parses lowercase or uppercase hex (spaces ignored); `nil` if malformed.
    init?(hex: String) {
        let digits = hex.filter { $0 != " " }.map { $0.hexDigitValue }
        guard digits.count.isMultiple(of: 2), !digits.contains(nil) else { return nil }
        self = stride(from: 0, to: digits.count, by: 2).map { UInt8(digits[$0]! << 4 | digits[$0 + 1]!) }
    }
}

/// Decode and fused-decode entry points over arrays, through the buffer API the log uses.
enum Codec {
    static func decode(_ bytes: [UInt8]) throws(CodecError) -> (event: NavigationEvent, startsCommit: Bool) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(CodecError) in try EventCodec.decode(buffer) } }.get()
    }

    static func decodeAndEvolve(_ bytes: [UInt8], into state: inout NavigationState) throws(CodecError) -> Bool {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(CodecError) in try EventCodec.decodeAndEvolve(buffer, into: &state) }
        }.get()
    }

    /// Where the fused step (`decodeAndEvolve`, which checks `rejected` and `ignored` records without
    /// building their commands) departs from the reference (`decode`, then `evolve`) on `bytes` from
    /// `base`: a different error, commit bit or state; `nil` when they agree.
    static func fusedDeparture(_ bytes: [UInt8], from base: NavigationState) -> String? {
        var reference = base
        let expected: Result<Bool, CodecError>
        do {
            let decoded = try decode(bytes)
            reference.evolve(decoded.event)
            expected = .success(decoded.startsCommit)
        } catch { expected = .failure(error) }
        var fused = base
        let actual: Result<Bool, CodecError>
        do { actual = .success(try decodeAndEvolve(bytes, into: &fused)) } catch { actual = .failure(error) }
        if actual != expected { return "\(bytes.hex): fused \(actual), reference \(expected)" }
        // A forged width may be NaN, which `==` never matches: then the encodings are compared.
        if fused != reference, StateCodec.encode(fused) != StateCodec.encode(reference) {
            return "\(bytes.hex): fused state differs from the reference's"
        }
        return nil
    }

    static func decodeState(_ bytes: [UInt8]) throws(CodecError) -> NavigationState {
        try bytes.withUnsafeBytes { buffer in Result { () throws(CodecError) in try StateCodec.decode(buffer) } }.get()
    }

    /// The error decoding `bytes` as a state throws, or `nil` if it decodes.
    static func decodeStateError(_ bytes: [UInt8]) -> CodecError? {
        do { _ = try decodeState(bytes); return nil } catch { return error }
    }

    /// The error decoding `bytes` as an event throws, or `nil` if it decodes.
    static func decodeError(_ bytes: [UInt8]) -> CodecError? {
        do { _ = try decode(bytes); return nil } catch { return error }
    }
}

/// The codec tests' samples, shared with the event-text tests.
typealias Samples = EventSamples
