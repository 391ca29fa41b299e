/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, seedable, portable generator — the same sequence on
/// every machine, so every random session, test and fuzz input replays exactly from its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state.
    public var state: UInt64

    /// A generator starting at `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

    /// A number in `0 ..< n` (0 when `n` is not positive).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(Swift.max(n, 1))) }

    /// One of `items`, which must not be empty.
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// `true` with the given probability in percent.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
