/// The one error type of NavigationCore: text written by people that does not parse (a
/// bracket-notation tree, a delegate policy in the policy language).
///
/// `decide` and `evolve` never throw (a refused command is a `rejected` event); only parsing
/// text written by people can fail.
public struct NotationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The zero-based offset (in characters of a tree, Unicode scalars of a policy) where it went wrong.
    public var offset: Int

    /// Creates an error.
    public init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `column 7: expected ']'`.
    public var description: String { "column \(offset + 1): \(message)" }
}

extension ControllerSpec {
    /// Parses the spec's bracket notation (§0): `MN[M, DN[D]]`.
    ///
    /// A name followed by brackets is a navigation controller whose stack is the bracketed list; a
    /// bare name is a content controller. Annotations follow the name: `:tab`, `:split`, `:nav`,
    /// `:content` set the kind, `@ID` the restoration identifier, e.g. `DN@NoSelectionNC[D]`,
    /// `TabC:tab`. Names are letters, digits and `_ - . #`.
    /// - Throws: ``NotationError`` naming the column of the first problem.
    public static func parse(_ text: String) throws(NotationError) -> ControllerSpec {
        var parser = NotationParser(Array(text.unicodeScalars))
        let spec = try parser.node(depth: 0)
        parser.skipSpaces()
        guard parser.atEnd else { throw NotationError("unexpected '\(parser.current)' after the controller", at: parser.offset) }
        return spec
    }

    /// The bracket notation of this spec, with annotations where the kind is not implied.
    public var notation: String {
        var out = name
        if let restorationID { out += "@" + restorationID }
        switch kind {
        case .navigation:
            out += "[" + children.map(\.notation).joined(separator: ", ") + "]"
        case .tabBar: out += ":tab"
        case .split: out += ":split"
        case .content: break
        }
        return out
    }
}

struct NotationParser {
    let scalars: [Unicode.Scalar]
    var offset = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool { offset >= scalars.count }
    var current: Unicode.Scalar { atEnd ? " " : scalars[offset] }

    mutating func skipSpaces() {
        while !atEnd, current == " " || current == "\t" { offset += 1 }
    }

    static func isNameScalar(_ s: Unicode.Scalar) -> Bool { ControllerSpec.isNameCharacter(s) }

    mutating func word() throws(NotationError) -> String {
        skipSpaces()
        let start = offset
        while !atEnd, Self.isNameScalar(current) { offset += 1 }
        guard offset > start else {
            throw NotationError(atEnd ? "expected a controller name" : "expected a controller name, found '\(current)'", at: offset)
        }
        var s = ""
        s.unicodeScalars.append(contentsOf: scalars[start..<offset])
        return s
    }

    mutating func node(depth: Int) throws(NotationError) -> ControllerSpec {
        guard depth < 32 else { throw NotationError("nesting deeper than 32", at: offset) }
        let name = try word()
        var spec = ControllerSpec(.content, name)
        var explicitKind = false
        while !atEnd, current == ":" || current == "@" {
            let marker = current
            offset += 1
            let start = offset
            let value = try word()
            if marker == "@" {
                spec.restorationID = value
            } else {
                explicitKind = true
                switch value {
                case "tab": spec.kind = .tabBar
                case "split": spec.kind = .split
                case "nav": spec.kind = .navigation
                case "content": spec.kind = .content
                default: throw NotationError("unknown kind '\(value)' (tab, split, nav, content)", at: start)
                }
            }
        }
        skipSpaces()
        guard !atEnd, current == "[" else { return spec }
        if explicitKind && spec.kind != .navigation {
            throw NotationError("only a navigation controller has a stack", at: offset)
        }
        spec.kind = .navigation
        offset += 1
        skipSpaces()
        if !atEnd, current == "]" {
            offset += 1
            return spec
        }
        while true {
            spec.children.append(try node(depth: depth + 1))
            skipSpaces()
            guard !atEnd else { throw NotationError("expected ']'", at: offset) }
            if current == "," {
                offset += 1
                continue
            }
            guard current == "]" else { throw NotationError("expected ',' or ']', found '\(current)'", at: offset) }
            offset += 1
            return spec
        }
    }
}

extension ControllerSpec {
    /// Whether `s` may appear in a controller name of the bracket notation: letters and digits of
    /// any script (with their combining marks) and `_ - . #`; never a space, a bracket, a control,
    /// format or bidirectional-override character.
    public static func isNameCharacter(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".", "#": return true
        default:
            guard s.value >= 0x80 else { return false }
            switch s.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .decimalNumber, .letterNumber, .otherNumber:
                return true
            default:
                return false
            }
        }
    }
}
