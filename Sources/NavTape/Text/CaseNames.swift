import NavigationCore

/// An enum whose cases are named as Swift spells them (`alreadyInStack`, what `"\(value)"`
/// gives) from a table of its own, spelled once by reflection: per value, reflecting cost
/// `export`, `import` and `timeline` most of their time, and a table shared by every type (a lock
/// and a lookup by type per name) a thirtieth of `export`.
package protocol CaseNamed: RawRepresentable where RawValue == UInt8 {
    /// Every case's name by raw value (`nil` for a raw value with no case): ``tableOfCaseNames()``.
    static var caseNameTable: [String?] { get }
}

extension CaseNamed {
    /// The case's name as Swift spells it.
    package var caseName: String { Self.caseNameTable[Int(rawValue)] ?? "\(self)" }

    /// Every case's name by raw value, by reflection: what a type's ``caseNameTable`` holds.
    package static func tableOfCaseNames() -> [String?] {
        (UInt8.min...UInt8.max).map { raw in Self(rawValue: raw).map { "\($0)" } }
    }
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
extension StackTransition: CaseNamed { package static let caseNameTable = tableOfCaseNames() }
