import Synchronization
import NavigationCore

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

/// An enum whose case names are kept in a table of its own, read with no lock and no lookup by
/// type: the enums the per-event text of `log`, `timeline` and `export` names (through the shared
/// table, a lock and a dictionary lookup per name were a thirtieth of `export`).
package protocol CaseNamed: RawRepresentable where RawValue == UInt8 {
    /// ``Swift/RawRepresentable/caseNames``, computed once for the type.
    static var caseNameTable: [String?] { get }
}

extension CaseNamed {
    /// The case's name as Swift spells it, from the type's own table.
    package var caseName: String { Self.caseNameTable[Int(rawValue)] ?? "\(self)" }
    /// The case whose name is `name`, from the type's own table.
    package static var caseNames: [String?] { caseNameTable }
}

extension ButtonVisibility: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension CollapseOutcome: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension Column: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension CommandKind: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension ControllerKind: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension DelegateMethod: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension DelegateNotification: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension DisplayModeCause: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension Idiom: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension IgnoreReason: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension Orientation: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension PrimaryEdge: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension RejectionReason: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension SeparateSource: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension SideBySide: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension SizeClass: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension SplitBehavior: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
extension SplitStyle: CaseNamed { package static let caseNameTable = tableOfCaseNames() }

extension RawRepresentable where RawValue == UInt8 {
    /// Every case's name by raw value, by reflection, for a ``CaseNamed`` type's own table.
    package static func tableOfCaseNames() -> [String?] {
        (UInt8.min...UInt8.max).map { raw in Self(rawValue: raw).map { "\($0)" } }
    }
}
