/// What kind of view controller an instance is; decides which container rules apply.
public enum ControllerKind: UInt8, Hashable, Sendable, CaseIterable {
    /// A plain content view controller.
    case content = 0
    /// A `UINavigationController`: its content is a stack of controllers.
    case navigation = 1
    /// A `UITabBarController` (cannot be pushed, NV-1; does not handle `show`, SH-10).
    case tabBar = 2
    /// A `UISplitViewController` (never inside a navigation stack, INV-5).
    case split = 3
}

/// Where a controller currently hangs in the containment tree (INV-1: at most one parent).
public enum ControllerParent: Hashable, Sendable {
    /// Not contained: never shown, popped, or dropped from the split.
    case none
    /// In the stack of this navigation controller.
    case navigation(ControllerID)
    /// A direct child of the split (its primary or secondary).
    case split
    /// Presented modally from the window's root.
    case presented
}

/// One controller instance in the state's registry: plain data, its stack held by the state
/// (``NavigationState/stack(of:)``).
public struct ControllerRecord: Hashable, Sendable {
    /// What kind of controller it is.
    public var kind: ControllerKind
    /// Its screen name (interned).
    public var name: NameID
    /// Its restoration identifier, if any (RS-1, RS-4).
    public var restorationID: NameID?
    /// Its current parent.
    public var parent: ControllerParent
    /// Whether it is detail content: it has been the split's secondary, shown through `showDetail`,
    /// or placed inside such a controller's stack (BUG-2, BUG-7).
    public var hasBeenDetail: Bool
    /// Whether the controller (minted for a delegate) has been released: deallocated, its slot free
    /// for a later mint (EX-3).
    public var isReleased: Bool
    /// The item the app says it shows (a detail's `detailItem`: a post, a conversation), interned;
    /// `nil` for none. Set by ``NavigationCommand/representItem(_:_:)``; policies ask "does this
    /// controller show that item" with it instead of listing screen names.
    public var item: NameID?
    /// Where its stack starts in the state's arena (``ControllerStore``).
    @usableFromInline package var stackStart: UInt32 = 0
    /// The number of controllers in its stack (navigation controllers only;
    /// ``NavigationState/stackCount(of:)`` reads it).
    @usableFromInline package var stackCount: UInt32 = 0
    /// The arena slots its stack may fill before it moves.
    @usableFromInline package var stackCapacity: UInt32 = 0

    /// Creates a record with no parent and an empty stack.
    public init(kind: ControllerKind, name: NameID, restorationID: NameID?) {
        self.kind = kind
        self.name = name
        self.restorationID = restorationID
        self.parent = .none
        self.hasBeenDetail = false
        self.isReleased = false
        self.item = nil
    }

    /// Equal records: the same fields and stack size; where the stack lies is not compared.
    public static func == (a: ControllerRecord, b: ControllerRecord) -> Bool {
        a.kind == b.kind && a.name == b.name && a.restorationID == b.restorationID && a.parent == b.parent
            && a.hasBeenDetail == b.hasBeenDetail && a.isReleased == b.isReleased && a.item == b.item
            && a.stackCount == b.stackCount
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(name)
        hasher.combine(restorationID)
        hasher.combine(parent)
        hasher.combine(hasBeenDetail)
        hasher.combine(isReleased)
        hasher.combine(item)
        hasher.combine(stackCount)
    }
}

extension ControllerRecord {
    /// Becomes a new record of this kind, name and restoration identifier (no parent, an empty
    /// stack), keeping its stack's span: a minted slot released and reused stacks its next
    /// controllers without allocating. Field by field (every stored property but the span);
    /// `ControllerRecordTests` checks that none is forgotten.
    mutating func reuse(kind: ControllerKind, name: NameID, restorationID: NameID?) {
        self.kind = kind
        self.name = name
        self.restorationID = restorationID
        stackCount = 0
        parent = .none
        hasBeenDetail = false
        isReleased = false
        item = nil
    }

    /// Becomes a released record of the same kind, name and restoration identifier, keeping its
    /// stack's span (EX-3: the slot is free for a later mint).
    mutating func release() {
        stackCount = 0
        parent = .none
        hasBeenDetail = false
        isReleased = true
        item = nil
    }
}

/// A tree of controllers to create: a navigation controller's children form its initial stack.
///
/// Written in the spec's bracket notation as `MN[M, DN[D]]` (see ``ControllerSpec/parse(_:)``).
public struct ControllerSpec: Hashable, Sendable {
    /// The kind of the controller.
    public var kind: ControllerKind
    /// Its screen name.
    public var name: String
    /// Its restoration identifier.
    public var restorationID: String?
    /// The initial stack of a navigation controller, bottom to top.
    public var children: [ControllerSpec]

    /// Creates a spec.
    public init(_ kind: ControllerKind, _ name: String, restorationID: String? = nil, children: [ControllerSpec] = []) {
        self.kind = kind
        self.name = name
        self.restorationID = restorationID
        self.children = children
    }

    /// A content controller.
    public static func content(_ name: String, restorationID: String? = nil) -> ControllerSpec {
        ControllerSpec(.content, name, restorationID: restorationID)
    }

    /// A navigation controller with an initial stack.
    public static func navigation(_ name: String, restorationID: String? = nil, _ children: [ControllerSpec]) -> ControllerSpec {
        ControllerSpec(.navigation, name, restorationID: restorationID, children: children)
    }

    /// Whether `instantiate` can create this tree: names and depth within the limits, children only
    /// under a navigation controller, and no navigation, tab bar or split controller in a stack.
    public var isCreatable: Bool { Decision.validate(self, depth: 0) == nil }

    /// The number of controllers in the tree.
    public var count: Int { 1 + children.reduce(0) { $0 + $1.count } }

    /// The deepest tree `instantiate` accepts.
    public static let maximumDepth = 32
    /// The longest name or restoration identifier, in UTF-8 bytes, `instantiate` accepts.
    public static let maximumNameLength = 1_024

    /// This tree cut to ``maximumDepth`` levels with names cut to ``maximumNameLength`` bytes: what a
    /// rejected `instantiate` records, so every event stays within the codec's limits.
    public func pruned(depth: Int = 0) -> ControllerSpec {
        func cut(_ text: String) -> String {
            text.utf8.count <= Self.maximumNameLength ? text : String(decoding: text.utf8.prefix(Self.maximumNameLength), as: UTF8.self)
        }
        var copy = ControllerSpec(kind, cut(name), restorationID: restorationID.map(cut))
        if depth + 1 < Self.maximumDepth { copy.children = children.map { $0.pruned(depth: depth + 1) } }
        return copy
    }
}
