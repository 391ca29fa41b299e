import NavigationCore
import NavTape

/// A JSON value, written with sorted keys on one line so that output is stable byte for byte.
///
/// Why this reader and writer are hand-written rather than Foundation's `JSONEncoder`/`JSONDecoder`
/// (tried on this machine, Swift 6.3.1, release build): the encoder wrote about 340 k small objects
/// per second, a third of the export's 1 M events/s goal; it writes U+2028 and U+202E raw, which
/// `DisplaySafety` forbids in anything a terminal may show; and the decoder reports a syntax error
/// without its position ("The given data was not valid JSON"), where a bad line must be named by
/// line and byte. The number formatting and key order are part of `docs/JSON.md`, and the
/// export → import → export round trip is exact. The mirror itself (which member holds what) is
/// derived from the command vocabulary, not written per command.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer (written without a fraction).
    case int(Int64)
    /// A non-integer number (written in Swift's shortest round-trip form; non-finite as `null`).
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; keys are written sorted.
    case object([String: JSONValue])

    /// The compact, sorted-key text of this value.
    public var text: String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the compact text of this value to `out` as UTF-8 (bytes, not `String` appends: the
    /// writer is what `navtape export` spends its time in).
    public func write(into out: inout [UInt8]) {
        switch self {
        case .null: Self.append("null", to: &out)
        case .bool(let value): Self.append(value ? "true" : "false", to: &out)
        case .int(let value): Self.writeInteger(value, into: &out)
        case .double(let value):
            if !value.isFinite {
                Self.append("null", to: &out)
            } else if value == value.rounded(), abs(value) < 1e15 {
                Self.append(String(Int64(value)), to: &out)
            } else {
                Self.append("\(value)", to: &out)
            }
        case .string(let value): Self.writeString(value, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Writes an integer's decimal digits (what `String(value)` spells, without making the string).
    static func writeInteger(_ value: Int64, into out: inout [UInt8]) {
        var magnitude = value.magnitude
        if magnitude < 10 && value >= 0 { return out.append(UInt8(truncatingIfNeeded: 48 &+ magnitude)) }
        // Digits from the right into a buffer on the stack, then one append.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: 48 &+ magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    private static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Writes a string literal; what ``NavTape/DisplaySafety`` names is a `\u` escape, so no JSON
    /// line can move a terminal's cursor.
    static func writeString(_ value: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var value = value
        // Most strings are printable ASCII with nothing to escape: copied whole (a scalar at a
        // time cost half of `navtape export`).
        let plain = value.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            out.append(contentsOf: bytes)
            return true
        }
        if !plain {
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": append("\\\"", to: &out)
                case "\\": append("\\\\", to: &out)
                case "\n": append("\\n", to: &out)
                case "\r": append("\\r", to: &out)
                case "\t": append("\\t", to: &out)
                default:
                    if DisplaySafety.needsEscape(scalar) {
                        let hex = String(scalar.value, radix: 16)
                        append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, to: &out)
                    } else {
                        append(String(scalar), to: &out)
                    }
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: access

    /// The member `key` of an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

/// A JSON text that cannot be parsed or does not match the schema, at a byte offset of its line.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The byte offset in the text, when the syntax is at fault.
    public var offset: Int?

    /// Creates an error.
    public init(_ message: String, at offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    /// `byte 12: expected ':'` or the message alone.
    public var description: String { offset.map { "byte \($0): \(message)" } ?? message }
}

extension JSONValue {
    /// Parses one JSON value; the whole text must be that value (blanks around it allowed).
    /// - Throws: ``JSONError`` with the byte offset of the problem; never traps.
    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        let value = try parser.value(depth: 0)
        parser.skipBlanks()
        guard parser.offset == parser.bytes.count else { throw JSONError("unexpected text after the value", at: parser.offset) }
        return value
    }
}

struct JSONParser {
    let bytes: [UInt8]
    var offset = 0
    static let maximumDepth = 64

    mutating func skipBlanks() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw JSONError("nesting deeper than \(Self.maximumDepth)", at: offset) }
        skipBlanks()
        guard offset < bytes.count else { throw JSONError("unexpected end of text", at: offset) }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            offset += 1
            var members: [String: JSONValue] = [:]
            skipBlanks()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            while true {
                skipBlanks()
                let keyOffset = offset
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw JSONError("expected a key", at: offset) }
                let key = try string()
                guard members[key] == nil else { throw JSONError("duplicate key \"\(key)\"", at: keyOffset) }
                skipBlanks()
                try expect(":")
                members[key] = try value(depth: depth + 1)
                skipBlanks()
                if try separator("}") { return .object(members) }
            }
        case UInt8(ascii: "["):
            offset += 1
            var items: [JSONValue] = []
            skipBlanks()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(items)
            }
            while true {
                items.append(try value(depth: depth + 1))
                skipBlanks()
                if try separator("]") { return .array(items) }
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default:
            return try number()
        }
    }

    /// `,` (returns false) or `close` (returns true).
    mutating func separator(_ close: Unicode.Scalar) throws(JSONError) -> Bool {
        guard offset < bytes.count else { throw JSONError("expected ',' or '\(close)'", at: offset) }
        if bytes[offset] == UInt8(ascii: ",") {
            offset += 1
            return false
        }
        guard bytes[offset] == UInt8(ascii: close) else { throw JSONError("expected ',' or '\(close)'", at: offset) }
        offset += 1
        return true
    }

    mutating func expect(_ byte: Unicode.Scalar) throws(JSONError) {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: byte) else { throw JSONError("expected '\(byte)'", at: offset) }
        offset += 1
    }

    mutating func literal(_ word: String) throws(JSONError) {
        let utf8 = Array(word.utf8)
        guard offset + utf8.count <= bytes.count, Array(bytes[offset..<offset + utf8.count]) == utf8 else {
            throw JSONError("unexpected character", at: offset)
        }
        offset += utf8.count
    }

    mutating func number() throws(JSONError) -> JSONValue {
        let start = offset
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        var isInteger = true
        let digitsStart = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte >= 48 && byte <= 57 {
                offset += 1
            } else if [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(byte) {
                isInteger = false
                offset += 1
            } else {
                break
            }
        }
        guard offset > digitsStart else { throw JSONError("unexpected character", at: start) }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isInteger, let value = Int64(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw JSONError("bad number '\(text)'", at: start) }
        return .double(value)
    }

    mutating func string() throws(JSONError) -> String {
        offset += 1  // the opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                flush(offset)
                offset += 1
                return String(scalars)
            }
            if byte < 0x20 { throw JSONError("control character in a string", at: offset) }
            guard byte == UInt8(ascii: "\\") else {
                offset += 1
                continue
            }
            flush(offset)
            offset += 1
            guard offset < bytes.count else { break }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var value = try hex4()
                if (0xD800..<0xDC00).contains(value) {
                    guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                        throw JSONError("unpaired surrogate", at: offset)
                    }
                    offset += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw JSONError("unpaired surrogate", at: offset) }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { throw JSONError("unpaired surrogate", at: offset) }
                scalars.append(scalar)
            default:
                throw JSONError("bad escape", at: offset - 1)
            }
            runStart = offset
        }
        throw JSONError("unterminated string", at: offset)
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw JSONError("bad \\u escape", at: offset) }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 97...102: digit = byte - 87
            case 65...70: digit = byte - 55
            default: throw JSONError("bad \\u escape", at: offset)
            }
            value = value << 4 | UInt32(digit)
        }
        offset += 4
        return value
    }
}
