import Synchronization

extension RawRepresentable where RawValue == UInt8 {
    /// Every case's name by raw value, spelled once per type by reflection (per value it cost
    /// `export`, `import` and `timeline` most of their time).
    package static var caseNames: [String?] {
        let type = ObjectIdentifier(Self.self)
        if let names = caseNameTables.withLock({ $0[type] }) { return names }
        let names = (UInt8.min...UInt8.max).map { raw in Self(rawValue: raw).map { "\($0)" } }
        caseNameTables.withLock { $0[type] = names }
        return names
    }

    /// The case's name as Swift spells it (`alreadyInStack`): what `"\(value)"` gives, without
    /// reflecting on every call.
    package var caseName: String { Self.caseNames[Int(rawValue)] ?? "\(self)" }
}

/// ``Swift/RawRepresentable/caseNames`` of each enum type asked so far.
private let caseNameTables = Mutex<[ObjectIdentifier: [String?]]>([:])
