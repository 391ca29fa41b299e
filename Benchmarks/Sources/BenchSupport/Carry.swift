/// A class box for state that iterations carry forward (the live state of a steady-state fold, a cursor).
public final class Carry<Value>: @unchecked Sendable {
    public var value: Value
    public var iteration = 0
    public init(_ value: Value) { self.value = value }
}

/// A setup that found its input or its baseline inconsistent.
public struct SetupFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
