/// The stable identity of one view-controller instance.
///
/// Two "Paste" screens are two controllers with two IDs. IDs live in two dense spaces: controllers
/// the app creates (``isMinted`` is `false`, numbered 0, 1, 2… in creation order) and controllers
/// the *model* creates on the app's behalf, such as the fresh "no selection" navigation controller
/// a delegate policy returns on separate (``isMinted`` is `true`). Keeping the spaces apart means a
/// what-if replay under another policy never shifts the IDs of the app's own controllers.
public struct ControllerID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The raw 32-bit value; the top bit marks a model-minted controller.
    public var rawValue: UInt32

    /// Creates an ID from its raw value.
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The bit that marks IDs minted by the model rather than the app.
    public static let mintedBit: UInt32 = 0x8000_0000

    /// Creates the ID of the app controller at `index` in creation order.
    @inlinable public init(app index: Int) { self.rawValue = UInt32(truncatingIfNeeded: index) & ~Self.mintedBit }

    /// Creates the ID of the model-minted controller at `index` in minting order.
    @inlinable public init(minted index: Int) { self.rawValue = UInt32(truncatingIfNeeded: index) | Self.mintedBit }

    /// Whether the model (a delegate policy answer) created this controller.
    @inlinable public var isMinted: Bool { rawValue & Self.mintedBit != 0 }

    /// The position of this controller in its ID space.
    @inlinable public var index: Int { Int(rawValue & ~Self.mintedBit) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `#12` for app controllers, `#m3` for minted ones.
    public var description: String { isMinted ? "#m\(index)" : "#\(index)" }
}

extension ControllerID {
    /// Parses `#3` (app) or `#m0` (minted), the form ``description`` prints.
    public init?(parsing text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.first == UInt8(ascii: "#") else { return nil }
        let minted = utf8.count > 1 && utf8[1] == UInt8(ascii: "m")
        let digits = utf8.dropFirst(minted ? 2 : 1)
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let index = Int(String(decoding: digits, as: UTF8.self)), index < Int(ControllerID.mintedBit)
        else { return nil }
        self = minted ? ControllerID(minted: index) : ControllerID(app: index)
    }
}

/// The index of an interned string (a screen name or a restoration identifier) in a ``NameTable``.
public struct NameID: RawRepresentable, Hashable, Sendable {
    /// The position of the string in its table.
    public var rawValue: UInt32
    /// Creates a name ID from its raw value.
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// Interned strings: the state holds integers, the table holds each distinct string once.
///
/// The table grows only through ``NavigationEvent/nameInterned(_:)`` events, so a replayed table is
/// identical to the recorded one.
public struct NameTable: Hashable, Sendable {
    /// The strings in interning order; `strings[id.rawValue]` is the string of `id`.
    public private(set) var strings: [String] = []
    private var lookup: [String: NameID] = [:]
    /// The UTF-8 bytes of every string in the table: what ``NavigationState/Limits/maximumNameBytes`` caps.
    public private(set) var byteCount = 0

    /// Creates an empty table.
    public init() {}

    /// The ID of `string` if it has been interned.
    public func id(of string: String) -> NameID? { lookup[string] }

    /// The string of `id`, or `"?"` for an ID the table does not hold.
    public subscript(id: NameID) -> String {
        let i = Int(id.rawValue)
        return i < strings.count ? strings[i] : "?"
    }

    /// The number of interned strings.
    @inlinable public var count: Int { strings.count }

    /// The ID the next interned string will receive.
    public var nextID: NameID { NameID(rawValue: UInt32(truncatingIfNeeded: strings.count)) }

    /// Appends `string` (the effect of a `nameInterned` event). Interning a string twice is ignored.
    @discardableResult
    public mutating func append(_ string: String) -> NameID {
        if let existing = lookup[string] { return existing }
        let id = nextID
        strings.append(string)
        lookup[string] = id
        byteCount += string.utf8.count
        return id
    }

    /// Makes room for `count` more strings, so that appending them neither grows the list nor
    /// rehashes the lookup (a decoded state's table, read whole on every seek).
    public mutating func reserveCapacity(_ count: Int) {
        strings.reserveCapacity(strings.count + count)
        lookup.reserveCapacity(lookup.count + count)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.strings == rhs.strings }
    public func hash(into hasher: inout Hasher) { hasher.combine(strings) }
}
