/// Text built as UTF-8 bytes: the lines written once per event (`timeline`, event descriptions)
/// cost copies into one reused buffer instead of `String` operations, and text from a log is
/// escaped as it is written when the text is for a terminal (``DisplaySafety``).
///
/// Noncopyable: it owns its buffer, so an append is a capacity check and a copy, with no
/// uniqueness check.
public struct TextWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written so far.
    public private(set) var count = 0
    /// Whether strings are written as ``DisplaySafety/escaped(_:)`` writes them (text for a
    /// terminal) or as they are (text that a JSON writer or a caller escapes later).
    public let escapes: Bool
    /// How many appends wrote something other than printable ASCII: while it is unchanged, a
    /// byte is a character and a width is a byte count (``pad(from:to:)``).
    public private(set) var irregularAppends = 0

    /// Creates an empty writer with room for `capacity` bytes before it grows.
    public init(escaping: Bool = false, capacity: Int = 128) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        escapes = escaping
    }

    deinit { base.deallocate() }

    /// The text written, as a string.
    public var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// The bytes written, copied out.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Calls `body` with the bytes written, valid only during the call.
    public func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// A point in the text, for ``pad(from:to:)`` and ``truncate(to:)``.
    public struct Mark: Sendable {
        let count: Int
        let irregularAppends: Int
    }

    /// The point reached so far.
    public var mark: Mark { Mark(count: count, irregularAppends: irregularAppends) }

    /// Empties the writer, keeping its storage.
    public mutating func removeAll() {
        count = 0
        irregularAppends = 0
    }

    /// Drops everything written after `mark`.
    public mutating func truncate(to mark: Mark) {
        count = Swift.min(count, mark.count)
        irregularAppends = mark.irregularAppends
    }

    /// Appends the program's own text (never escaped).
    @inline(__always)
    public mutating func append(_ literal: StaticString) {
        if !literal.isASCII { irregularAppends &+= 1 }
        write(literal.utf8Start, literal.utf8CodeUnitCount)
    }

    /// Appends `text`, escaped if the writer ``escapes``.
    public mutating func append(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append(utf8: $0) }
        if done == nil {
            var text = text
            text.withUTF8 { append(utf8: $0) }
        }
    }

    private mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
        guard let start = utf8.baseAddress else { return }
        if !Self.isPrintableASCII(utf8) {
            irregularAppends &+= 1
            if escapes && !DisplaySafety.isSafe(utf8) {
                var escaped = DisplaySafety.escaped(String(decoding: utf8, as: UTF8.self))
                escaped.withUTF8 { write($0.baseAddress ?? start, $0.count) }
                return
            }
        }
        write(start, utf8.count)
    }

    /// Appends one ASCII byte.
    @inline(__always)
    public mutating func append(ascii byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    /// Appends `value` in decimal.
    public mutating func append(_ value: UInt64) {
        append(value, width: 1)
    }

    /// Appends `value` in decimal, zero-padded on the left to `width` digits.
    public mutating func append(_ value: UInt64, width: Int) {
        var digits = 1, rest = value / 10
        while rest > 0 {
            digits &+= 1
            rest /= 10
        }
        let length = Swift.max(width, digits)
        reserve(length)
        // Two digits per division, from the right.
        var position = count &+ length, remaining = value
        let pairs = Self.digitPairs.utf8Start
        while position &- count >= 2 {
            let pair = Int(truncatingIfNeeded: remaining % 100) &* 2
            remaining /= 100
            position &-= 2
            base[position] = pairs[pair]
            base[position &+ 1] = pairs[pair &+ 1]
        }
        if position > count { base[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10) }
        count &+= length
    }

    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Appends `value` in decimal, with a minus sign if it is negative.
    public mutating func append(_ value: Int) {
        if value < 0 { append(ascii: UInt8(ascii: "-")) }
        append(UInt64(value.magnitude))
    }

    /// Appends `count` spaces.
    public mutating func appendSpaces(_ spaces: Int) {
        guard spaces > 0 else { return }
        reserve(spaces)
        (base + count).initialize(repeating: UInt8(ascii: " "), count: spaces)
        count &+= spaces
    }

    /// Pads what was written since `mark` with spaces to `width` characters, one space at least
    /// (``Swift/String/padding(_:)``'s rule), if all of it was printable ASCII; returns `false`,
    /// writing nothing, otherwise (the caller counts characters).
    @discardableResult
    public mutating func pad(from mark: Mark, to width: Int) -> Bool {
        guard irregularAppends == mark.irregularAppends else { return false }
        appendSpaces(Swift.max(1, width - (count - mark.count)))
        return true
    }

    @inline(__always)
    private mutating func write(_ source: UnsafePointer<UInt8>, _ length: Int) {
        reserve(length)
        (base + count).update(from: source, count: length)
        count &+= length
    }

    @inline(__always)
    private mutating func reserve(_ length: Int) {
        if count &+ length > capacity { grow(to: count + length) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        let larger = Swift.max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// Whether every byte is printable ASCII (never escaped, one character each).
    @inline(__always)
    static func isPrintableASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 where byte &- 0x20 >= 0x5F { return false }
        return true
    }
}
