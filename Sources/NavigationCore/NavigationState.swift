/// The whole navigation state of one split view controller and every navigation stack in it (§1).
///
/// A value: copy it to keep a point in history. It changes only through
/// ``NavigationState/evolve(_:)``, so a state rebuilt from a log is `==` to the recorded one.
public struct NavigationState: Hashable, Sendable {
    /// The interned screen names and restoration identifiers.
    public package(set) var names = NameTable()
    /// The controllers created by the app and those minted by the model on a delegate policy's
    /// behalf, with their stacks, as flat data (copy-on-write: see ``makeControllersUnique()``).
    @usableFromInline package var controllers = ControllerStore()

    /// How the split was created (ST-1).
    public package(set) var style: SplitStyle
    /// The environment (ST-7).
    public package(set) var traits: Traits
    /// Whether the split has been put on screen (SZ-3: born expanded, collapses when added).
    public package(set) var isLaunched = false
    /// Whether the split is collapsed onto one stack (ST-6).
    public package(set) var isCollapsed = false
    /// The primary (index 0 of `viewControllers`).
    public package(set) var primary: ControllerID?
    /// The secondary while expanded (index 1 of `viewControllers`).
    public package(set) var secondary: ControllerID?
    /// `preferredDisplayMode` (ST-4).
    public package(set) var preferredDisplayMode: DisplayMode = .automatic
    /// The actual display mode, never `.automatic` (ST-4, INV-3). While collapsed it keeps the last
    /// expanded value (SZ-6, model choice).
    public package(set) var displayMode: DisplayMode = .secondaryOnly
    /// `presentsWithGesture` (ST-8).
    public package(set) var presentsWithGesture = true
    /// `primaryEdge` (ST-9).
    public package(set) var primaryEdge: PrimaryEdge = .leading
    /// The primary column width preferences (ST-10).
    public package(set) var widthPreferences = ColumnWidthPreferences()
    /// The resolved `primaryColumnWidth` (WD-1); meaningful when the primary is on screen (WD-3).
    public package(set) var primaryColumnWidth: Double
    /// The secondary the split held before the last collapse, or was given behind the scenes while
    /// collapsed (ST-13, EX-1.5, BUG-4).
    public package(set) var rememberedSecondary: ControllerID?
    /// Whether the last collapse pushed the remembered secondary onto the primary stack; a later
    /// fallback to it after the user popped it is stale (BUG-6).
    public package(set) var rememberedSecondaryWasPushed = false
    /// The controller presented modally from the window's root, if any (SH-1, SH-10).
    public package(set) var presented: ControllerID?
    /// Column style: the supplementary column's controller (triple column, ST-3).
    public package(set) var supplementary: ControllerID?
    /// Column style: the `.compact` column's controller (CO-10).
    public package(set) var compactColumn: ControllerID?
    /// Column style: `preferredSplitBehavior` (ST-5).
    public package(set) var preferredSplitBehavior: SplitBehavior = .automatic
    /// Column style: the actual split behaviour, never `.automatic` once launched (ST-5, DM-6).
    public package(set) var splitBehavior: SplitBehavior = .automatic
    /// Triple column: `showsSecondaryOnlyButton` (ST-11).
    public package(set) var showsSecondaryOnlyButton = false
    /// Column style: `displayModeButtonVisibility` (ST-11).
    public package(set) var displayModeButtonVisibility: ButtonVisibility = .automatic
    /// The policy the session changed its delegate to (the last `policyChanged` event), or `nil`
    /// while the session's own policy (its log header's) is in effect: see ``policy(session:)``.
    public package(set) var policy: SplitPolicy?
    /// The app flags that are set (``NavigationCommand/setFlag(_:_:)``), by interned name, sorted.
    public package(set) var flags: [NameID] = []

    /// A new, unlaunched split of `style` in `traits`, with no controllers.
    public init(style: SplitStyle = .unspecified, traits: Traits) {
        self.style = style
        self.traits = traits
        self.primaryColumnWidth = ColumnWidthPreferences().resolvedWidth(splitWidth: traits.width)
    }

    /// The policy in effect in a session that started with `session`.
    public func policy(session: SplitPolicy) -> SplitPolicy { policy ?? session }

    /// Whether the app flag `name` is set.
    public func flag(_ name: String) -> Bool {
        guard let id = names.id(of: name) else { return false }
        return flags.contains(id)
    }

    /// The names of the app flags that are set, in the order they were first interned.
    public var flagNames: [String] { flags.map { names[$0] } }

    /// The split's `viewControllers` (ST-2): `[primary]` when collapsed, `[primary, secondary]`
    /// when expanded (fewer when a column is empty). Column style: `[compact]` or `[primary]` when
    /// collapsed, `[primary, supplementary, secondary]` expanded (CO-10, CO-11). A manual container
    /// on a phone shows only its master stack.
    public var viewControllers: [ControllerID] { viewControllerList.array }

    /// ``viewControllers`` held inline, for the walks a report makes after every event (no array,
    /// no closure holding a copy of the state).
    var viewControllerList: InlineControllers {
        var result = InlineControllers()
        if style.isColumnStyle {
            if isCollapsed {
                if let root = compactColumn ?? primary { result.append(root) }
                return result
            }
            if let primary { result.append(primary) }
            if let supplementary { result.append(supplementary) }
            if let secondary { result.append(secondary) }
            return result
        }
        if let primary { result.append(primary) }
        if style == .manual && isLaunched && traits.idiom == .phone { return result }
        if !isCollapsed, let secondary { result.append(secondary) }
        return result
    }

    /// The number of controllers the app has created (the next app ID's index).
    @inlinable public var appControllerCount: Int { controllers.appCount }
    /// The number of slots of minted controllers, live or released.
    @inlinable public var mintedControllerCount: Int { controllers.mintedCount }

    /// The number of minted controllers alive (not released).
    public var liveMintedControllerCount: Int {
        (0..<controllers.mintedCount).reduce(0) { $0 + (controllers.mintedRecord($1).isReleased ? 0 : 1) }
    }

    /// The ID the next minted controller receives: the lowest released slot, else a new one.
    public var nextMintedControllerID: ControllerID {
        ControllerID(minted: (0..<controllers.mintedCount).first { controllers.mintedRecord($0).isReleased } ?? controllers.mintedCount)
    }

    /// The ID the next app-created controller receives.
    public var nextAppControllerID: ControllerID { ControllerID(app: controllers.appCount) }

    /// Every controller ID in the registry, app controllers first.
    public var allControllerIDs: [ControllerID] {
        (0..<controllers.appCount).map { ControllerID(app: $0) } + (0..<controllers.mintedCount).map { ControllerID(minted: $0) }
    }

    /// Whether some controller's record satisfies `predicate` (app controllers first).
    package func containsRecord(where predicate: (ControllerRecord) -> Bool) -> Bool {
        (0..<controllers.appCount).contains { predicate(controllers.appRecord($0)) }
            || (0..<controllers.mintedCount).contains { predicate(controllers.mintedRecord($0)) }
    }

    /// The record of `id`, or `nil` for an ID the state does not know.
    @inlinable
    public func record(_ id: ControllerID) -> ControllerRecord? { controllers.slot(id)?.pointee }

    /// Whether `id` names a known controller (a released one is no longer known).
    @inlinable @inline(__always) public func contains(_ id: ControllerID) -> Bool {
        guard let r = controllers.slot(id) else { return false }
        return !r.pointee.isReleased
    }

    /// The kind of `id` (`nil` if unknown).
    @inlinable @inline(__always) public func kind(of id: ControllerID) -> ControllerKind? { controllers.slot(id)?.pointee.kind }

    /// The screen name of `id`.
    public func name(of id: ControllerID) -> String {
        guard let r = controllers.slot(id) else { return "\(id)" }
        return names[r.pointee.name]
    }

    /// The restoration identifier of `id`, if it has one.
    public func restorationID(of id: ControllerID) -> String? {
        guard let r = record(id), let rid = r.restorationID else { return nil }
        return names[rid]
    }

    /// The item controller `id` shows (``ControllerRecord/item``), if the app set one.
    public func itemName(of id: ControllerID) -> String? {
        guard let r = record(id), let item = r.item else { return nil }
        return names[item]
    }

    /// The item shown where `id` is seen: its own, else that of its visible end (a navigation
    /// controller shows what its top shows).
    public func shownItem(of id: ControllerID) -> String? {
        itemName(of: id) ?? itemName(of: visibleEnd(from: id))
    }

    /// The stack of navigation controller `id` (empty for anything else), copied out: hot paths
    /// read it in place with ``stackCount(of:)`` and ``stackChild(_:of:)``.
    public func stack(of id: ControllerID) -> [ControllerID] {
        guard let r = controllers.slot(id), r.pointee.stackCount > 0 else { return [] }
        return Array(controllers.stack(of: r))
    }

    /// Whether navigation controller `id`'s stack is `ids` (an empty one for anything else),
    /// compared in place: ``stack(of:)`` would copy it out.
    @inlinable public func stack(of id: ControllerID, is ids: [ControllerID]) -> Bool {
        guard let r = controllers.slot(id), r.pointee.stackCount > 0 else { return ids.isEmpty }
        let stack = controllers.stack(of: r)
        guard stack.count == ids.count else { return false }
        // Element by element over both buffers: `elementsEqual` iterated generically, a call per event.
        return ids.withUnsafeBufferPointer { ids in
            for position in 0..<ids.count where stack[position] != ids[position] { return false }
            return true
        }
    }

    /// The top of navigation controller `id`'s stack.
    @inlinable @inline(__always) public func top(of id: ControllerID) -> ControllerID? {
        guard let r = controllers.slot(id), r.pointee.stackCount > 0 else { return nil }
        return controllers.stack(of: r)[Int(r.pointee.stackCount) - 1]
    }

    /// The controller at `position` in navigation controller `id`'s stack, read in place
    /// (`position` below ``stackCount(of:)``).
    @inlinable public func stackChild(_ position: Int, of id: ControllerID) -> ControllerID {
        guard let r = controllers.slot(id) else { preconditionFailure("stackChild of an unknown controller") }
        return controllers.stack(of: r)[position]
    }

    /// Whether `child` is in navigation controller `id`'s stack, read in place.
    @inlinable public func stackContains(_ child: ControllerID, of id: ControllerID) -> Bool {
        guard let r = controllers.slot(id) else { return false }
        return controllers.stack(of: r).contains(child)
    }

    /// The position of `child` in navigation controller `id`'s stack, read in place.
    @inlinable public func stackPosition(of child: ControllerID, in id: ControllerID) -> Int? {
        guard let r = controllers.slot(id) else { return nil }
        return controllers.stack(of: r).firstIndex(of: child)
    }

    /// The number of controllers in navigation controller `id`'s stack (0 for anything else).
    @inlinable @inline(__always) public func stackCount(of id: ControllerID) -> Int {
        guard let r = controllers.slot(id) else { return 0 }
        return Int(r.pointee.stackCount)
    }

    /// The parent of `id` (INV-1).
    @inlinable @inline(__always) public func parent(of id: ControllerID) -> ControllerParent {
        controllers.slot(id)?.pointee.parent ?? .none
    }

    /// Whether `id` is known and has been detail content (no record copy).
    @inlinable @inline(__always) func knownRecordIsDetail(_ id: ControllerID) -> Bool {
        controllers.slot(id)?.pointee.hasBeenDetail ?? false
    }

    /// The parent of `id`, or `nil` for an ID the state does not know (no record copy).
    @inlinable @inline(__always) func knownParent(of id: ControllerID) -> ControllerParent? {
        controllers.slot(id)?.pointee.parent
    }

    /// Makes the store this state's own (copied if another state shares it): the one
    /// copy-on-write check of a mutating step, after which it is written through pointers.
    @inlinable @inline(__always)
    package mutating func makeControllersUnique() {
        if controllers.isKnownUnique {
            assertControllersUnique()
            return
        }
        if !isKnownUniquelyReferenced(&controllers.owner) { controllers.copyBuffers() }
    }

    /// Runs `body`, a fold's loop of steps on this state, with the store made unique once and each
    /// step's uniqueness check skipped (that runtime call was 7 % of a replay's time). `body` must
    /// not copy the state, nor let anything else see it, before it returns: a step would then
    /// write into buffers a copy shares (debug builds assert it does not). The check on entry is
    /// the real one, whatever the flag says, so a flag a copy carried out of a span is harmless.
    @inlinable
    package mutating func withControllersKnownUnique<Failure: Error>(_ body: (inout NavigationState) throws(Failure) -> Void) throws(Failure) {
        if !isKnownUniquelyReferenced(&controllers.owner) { controllers.copyBuffers() }
        controllers.isKnownUnique = true
        defer { controllers.isKnownUnique = false }
        try body(&self)
    }

    /// Mutates the record of `id` in place; unknown IDs are ignored (evolve is total).
    @inlinable @inline(__always)
    package mutating func modify(_ id: ControllerID, _ body: (inout ControllerRecord) -> Void) {
        makeControllersUnique()
        if let r = controllers.slot(id) { body(&r.pointee) }
    }

    /// Pushes `child` onto `navigation`'s stack as it is, without touching any parent link: a step
    /// for tests and tools that build a state by hand (``evolve(_:)`` is the checked way).
    package mutating func appendToStack(_ child: ControllerID, of navigation: ControllerID) {
        makeControllersUnique()
        if let r = controllers.slot(navigation) { controllers.push(child, onto: r) }
    }

    /// Removes the top of `navigation`'s stack without touching any parent link (see
    /// ``appendToStack(_:of:)``).
    package mutating func removeLastFromStack(of navigation: ControllerID) {
        makeControllersUnique()
        if let r = controllers.slot(navigation) { _ = controllers.popLast(of: r) }
    }

    /// Checks, in debug builds, that the store is this state's own: what a helper that writes
    /// without ``makeControllersUnique()`` relies on (the step that calls it made it so on entry).
    @inlinable @inline(__always)
    package mutating func assertControllersUnique() {
        assert(isKnownUniquelyReferenced(&controllers.owner), "a step wrote to a store another state shares")
    }

    /// Sets the parent of `id` (unknown IDs are ignored); the store must be this state's own.
    @inlinable @inline(__always)
    mutating func setParent(_ id: ControllerID, _ parent: ControllerParent) {
        assertControllersUnique()
        controllers.slot(id)?.pointee.parent = parent
    }

    /// Appends a new record (no parent, an empty stack) at the next index of `id`'s space, or
    /// (minted) reuses a released slot in place; any other ID is ignored, so a hostile log cannot
    /// make the registry sparse or huge.
    mutating func create(_ id: ControllerID, kind: ControllerKind, name: NameID, restorationID: NameID?) {
        makeControllersUnique()
        if id.isMinted {
            if id.index == controllers.mintedCount {
                controllers.append(ControllerRecord(kind: kind, name: name, restorationID: restorationID), minted: true)
            } else if let r = controllers.slot(id), r.pointee.isReleased {
                r.pointee.reuse(kind: kind, name: name, restorationID: restorationID)
            }
        } else if id.index == controllers.appCount {
            controllers.append(ControllerRecord(kind: kind, name: name, restorationID: restorationID), minted: false)
        }
    }
}
