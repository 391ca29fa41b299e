/// The one error every decoder of `NavigationCodec` throws: what went wrong, where, and in what.
///
/// Untrusted bytes always throw a `CodecError`; nothing in the codec traps on input. Match on
/// ``code`` (`catch let error where error.code == .truncated`) or with the `~=` pattern
/// (`case .truncated = error`); ``offset`` and ``context`` are for people.
public struct CodecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Code: UInt8, Hashable, Sendable, CaseIterable {
        /// The bytes end before the value does.
        case truncated = 0
        /// A wire tag (event, command, resolution, property, policy answer) that is not in the table.
        case unknownTag = 1
        /// A value out of its range: an enum raw value, a boolean other than 0 or 1, a reserved bit
        /// set, an ID not in the registries, a non-minimal varint, a broken invariant.
        case invalidValue = 2
        /// The value ended before the bytes did.
        case trailingBytes = 3
        /// A length, count or nesting depth above the codec's limits (see ``CodecLimits``).
        case tooLarge = 4
        /// A string that is not well-formed UTF-8.
        case invalidUTF8 = 5
        /// A format version this codec does not read.
        case unsupportedVersion = 6
    }

    /// What went wrong.
    public var code: Code
    /// The byte offset within the record (or state, or session description) where decoding failed.
    public var offset: Int
    /// The field being decoded, such as `pushed.onto` or `state.appControllers`.
    public var context: String

    /// Creates an error.
    public init(_ code: Code, at offset: Int, _ context: String) {
        self.code = code
        self.offset = offset
        self.context = context
    }

    /// One line: `truncated at byte 3 (pushed.onto)`.
    public var description: String { "\(code) at byte \(offset) (\(context))" }

    /// `.unsupportedVersion` for the version byte `version` of `field`, saying which versions this
    /// build reads: `unsupportedVersion at byte 0 (state.version 3: this build reads versions 1–2; written by a newer NavTape?)`.
    static func unsupportedVersion(_ version: UInt8, at offset: Int, _ field: String, readable: ClosedRange<UInt8>) -> CodecError {
        let hint = version > readable.upperBound ? "; written by a newer NavTape?" : ""
        return CodecError(
            .unsupportedVersion, at: offset,
            "\(field) \(version): this build reads versions \(readable.lowerBound)–\(readable.upperBound)\(hint)")
    }

    /// Whether `error` has this code, so that `case .truncated = error` matches.
    public static func ~= (code: Code, error: CodecError) -> Bool { error.code == code }
}

/// The limits decoders enforce before allocating, whatever the input claims.
///
/// Every count is also capped by the bytes that remain (each element takes at least one byte),
/// so a decoder never allocates more than a small multiple of its input.
public enum CodecLimits {
    /// The longest string, in UTF-8 bytes (1 MiB).
    public static let maximumStringLength = 1 << 20
    /// The most elements in any array: a stack, a list, the name table, a registry.
    public static let maximumCount = 1 << 24
    /// The deepest `ControllerSpec` tree: the root is at depth 0, its children at depth 1, and
    /// trees with a node at depth `maximumSpecDepth` or deeper are refused (`decide` itself
    /// refuses creating trees deeper than 32).
    public static let maximumSpecDepth = 64
}
