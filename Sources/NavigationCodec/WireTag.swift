import NavigationCore

// The frozen wire tags of the codec (the table is `docs/EventEncoding.md`).
//
// Every number here is written to logs. A number never changes meaning and is never reused: a new
// case gets the next unused number, a new golden test, and a line in the table. Nothing is derived
// from case order or `Codable`.

/// The wire tag of each ``NavigationEvent`` case: the low 7 bits of an event's first byte.
enum EventWireTag: UInt8 {
    case nameInterned = 0x01
    case controllerCreated = 0x02
    case stackInitialized = 0x03
    case launched = 0x04
    case traitsChanged = 0x05
    case propertySet = 0x06
    case preferredDisplayModeSet = 0x07
    case displayModeChanged = 0x08
    case splitViewControllersSet = 0x09
    case collapsed = 0x0A
    case separated = 0x0B
    case shown = 0x0C
    case detailShown = 0x0D
    case pushed = 0x0E
    case popped = 0x0F
    case poppedToRoot = 0x10
    case poppedTo = 0x11
    case stackSet = 0x12
    case presented = 0x13
    case dismissed = 0x14
    case rejected = 0x15
    case ignored = 0x16
    case columnSet = 0x17
    case columnShown = 0x18
    case columnHidden = 0x19
    case columnStacked = 0x1A
    case columnUnstacked = 0x1B
    case preferredSplitBehaviorSet = 0x1C
    case splitBehaviorChanged = 0x1D
    case delegateNotified = 0x1E
    case flagSet = 0x1F
    case policyChanged = 0x20
    case controllerReleased = 0x21
    /// `stackSet` with its transition kind (NV-5); `0x12` is a `stackSet` recorded before it was modelled.
    case stackSetWithTransition = 0x22
    /// A captured observation that differs from the model (`docs/Capture.md`).
    case diverged = 0x23
    /// A controller the app's showDetail override showed, marked as detail content.
    case detailMarked = 0x24
    /// The item a controller shows, set or cleared by the app.
    case itemRepresented = 0x25
    /// What UIKit showed when a capture resynced, adopted by the model (`docs/Capture.md`, "Resync lines").
    case resynced = 0x26

    /// The bit of an event's first byte that marks the first event of a commit.
    static let startsCommitBit: UInt8 = 0x80

    /// The highest tag in use.
    static let last = EventWireTag.resynced

    /// `init(rawValue:)` without its call: the tags are `0x01` through ``last`` in declaration order,
    /// and a payload-free enum stores its case's declaration index, so the tag is `byte - 1`.
    @inline(__always)
    static func decoding(_ byte: UInt8) -> EventWireTag? {
        guard byte &- 1 < last.rawValue else { return nil }
        return unsafeBitCast(byte &- 1, to: EventWireTag.self)
    }
}

extension EventWireTag {
    /// The kind of event the tag writes.
    var kind: EventKind {
        switch self {
        case .nameInterned: return .nameInterned
        case .controllerCreated: return .controllerCreated
        case .stackInitialized: return .stackInitialized
        case .launched: return .launched
        case .traitsChanged: return .traitsChanged
        case .propertySet: return .propertySet
        case .preferredDisplayModeSet: return .preferredDisplayModeSet
        case .displayModeChanged: return .displayModeChanged
        case .splitViewControllersSet: return .splitViewControllersSet
        case .collapsed: return .collapsed
        case .separated: return .separated
        case .shown: return .shown
        case .detailShown: return .detailShown
        case .pushed: return .pushed
        case .popped: return .popped
        case .poppedToRoot: return .poppedToRoot
        case .poppedTo: return .poppedTo
        case .stackSet, .stackSetWithTransition: return .stackSet
        case .presented: return .presented
        case .dismissed: return .dismissed
        case .rejected: return .rejected
        case .ignored: return .ignored
        case .columnSet: return .columnSet
        case .columnShown: return .columnShown
        case .columnHidden: return .columnHidden
        case .columnStacked: return .columnStacked
        case .columnUnstacked: return .columnUnstacked
        case .preferredSplitBehaviorSet: return .preferredSplitBehaviorSet
        case .splitBehaviorChanged: return .splitBehaviorChanged
        case .delegateNotified: return .delegateNotified
        case .flagSet: return .flagSet
        case .policyChanged: return .policyChanged
        case .controllerReleased: return .controllerReleased
        case .diverged: return .diverged
        case .detailMarked: return .detailMarked
        case .itemRepresented: return .itemRepresented
        case .resynced: return .resynced
        }
    }
}

// A command's wire tag is its kind's raw value (``CommandKind``, frozen in NavigationCore where the
// vocabulary describes each command once).

/// The wire tag of each ``ShowResolution`` case (the low 3 bits of a show's resolution byte).
enum ShowResolutionWireTag: UInt8 {
    case pushed = 0
    case installedAsPrimary = 1
    case installedAsSecondary = 2
    case presentedModally = 3
    case handledByDelegate = 4
    case unchanged = 5
    case replacedStack = 6

    /// `init(rawValue:)` without its call: the tags are `0` through ``replacedStack`` in declaration
    /// order, and a payload-free enum stores its case's declaration index.
    @inline(__always)
    static func decoding(_ byte: UInt8) -> ShowResolutionWireTag? {
        guard byte <= replacedStack.rawValue else { return nil }
        return unsafeBitCast(byte, to: ShowResolutionWireTag.self)
    }
}

/// The wire tag of each ``ColumnResolution`` case (the resolution byte of a `columnSet` event).
enum ColumnResolutionWireTag: UInt8 {
    case installed = 0
    case wrapped = 1
    case pushed = 2
    case cleared = 3
}

/// The wire tag of each ``SplitProperty`` case.
enum SplitPropertyWireTag: UInt8, CaseIterable {
    case presentsWithGesture = 0
    case primaryEdge = 1
    case preferredPrimaryColumnWidthFraction = 2
    case preferredPrimaryColumnWidth = 3
    case minimumPrimaryColumnWidth = 4
    case maximumPrimaryColumnWidth = 5
    case showsSecondaryOnlyButton = 6
    case displayModeButtonVisibility = 7
}

/// The wire tag of each ``ControllerParent`` case (bits 4–5 of a state record's first byte).
enum ControllerParentWireTag: UInt8 {
    case none = 0
    case navigation = 1
    case split = 2
    case presented = 3
}

/// The wire tag of each ``PrimaryChoice`` case.
enum PrimaryChoiceWireTag: UInt8 {
    case notImplemented = 0
    case returnsNil = 1
    case secondary = 2
}

/// The wire tag of each ``CollapseAnswer`` case.
enum CollapseAnswerWireTag: UInt8 {
    case notImplemented = 0
    case returns = 1
    case discardWhenRestorationID = 2
    case discardWhenTopNamed = 3
    case mergeStacks = 4
}

/// The wire tag of each ``SeparateAnswer`` case.
enum SeparateAnswerWireTag: UInt8 {
    case notImplemented = 0
    case returnsNil = 1
    case fresh = 2
    case keepWhenNestedTopNamed = 3
}

/// The wire tag of each ``TargetDisplayModeAnswer`` case.
enum TargetDisplayModeAnswerWireTag: UInt8 {
    case notImplemented = 0
    case automatic = 1
    case mode = 2
}

/// The wire tag of each ``OverrideAnswer`` case.
enum OverrideAnswerWireTag: UInt8 {
    case notImplemented = 0
    case returns = 1
}

/// The wire tag of each ``TopColumnAnswer`` case (session description version 2).
enum TopColumnAnswerWireTag: UInt8 {
    case notImplemented = 0
    case column = 1
}

/// The wire tag of each ``ShouldHideAnswer`` case (session description version 2).
enum ShouldHideAnswerWireTag: UInt8 {
    case notImplemented = 0
    case returns = 1
}

/// The wire tag of each ``PolicyAnswer`` case (policy layout 3).
enum PolicyAnswerWireTag: UInt8 {
    case keep = 0
    case discard = 1
    case merge = 2
    case mergeTop = 3
    case filter = 4
    case returnsNil = 5
    case secondary = 6
    case existing = 7
    case fresh = 8
    case unmerge = 9
    case mode = 10
    case column = 11
    case proposed = 12
    case bool = 13
    case nothing = 14
}

/// The wire tag of each ``PolicyAction`` case.
enum PolicyActionWireTag: UInt8 {
    case setFlag = 0
    case setPreferredDisplayMode = 1
    case setPreferredSplitBehavior = 2
    case setProperty = 3
    case push = 4
    case replaceSecondary = 5
    case showDetail = 6
    case present = 7
    case dismiss = 8
    case pop = 9
    case popToRoot = 10
    case showColumn = 11
    case hideColumn = 12
    case setColumn = 13
    case setStack = 14
    case moveStack = 15
}

/// The wire tag of each ``UnmergePoint`` case.
enum UnmergePointWireTag: UInt8 {
    case firstNested = 0
    case after = 1
    case from = 2
    case top = 3
}

/// The wire tag of each ``PolicyCondition`` case.
enum PolicyConditionWireTag: UInt8 {
    case flag = 0
    case collapsed = 1
    case landscape = 2
    case proposedColumn = 3
    case test = 4
    case not = 5
    case all = 6
    case any = 7
    case proposedMode = 8
    case testNamed = 9
}

/// The wire tag of each ``PolicySubject`` case.
enum PolicySubjectWireTag: UInt8 {
    case primary = 0
    case secondary = 1
    case supplementary = 2
    case target = 3
    case sender = 4
    case presented = 5
    case navigation = 6
}

/// The wire tag of each ``ControllerTest`` case.
enum ControllerTestWireTag: UInt8 {
    case `is` = 0
    case top = 1
    case nestedTop = 2
    case contains = 3
    case deeperThan = 4
    case shows = 5
    case showsSameItemAs = 6
}
