/// What state preservation saves of a split (RS-1..RS-3): the configuration and every child that
/// has a restoration identifier along with all its ancestors.
///
/// `isCollapsed` and `displayMode` are not saved: they are derived again from the environment the
/// snapshot is restored into (RS-3).
public struct RestorationSnapshot: Hashable, Sendable {
    /// The split's own restoration identifier.
    public var splitIdentifier: String
    /// The split's style.
    public var style: SplitStyle
    /// `preferredDisplayMode`.
    public var preferredDisplayMode: DisplayMode
    /// `presentsWithGesture`.
    public var presentsWithGesture: Bool
    /// `primaryEdge`.
    public var primaryEdge: PrimaryEdge
    /// The width preferences.
    public var widthPreferences: ColumnWidthPreferences
    /// The preserved children in `viewControllers` order; a child without an identifier is `nil`
    /// and nothing below it is saved (RS-2).
    public var columns: [ControllerSpec?]
    /// Whether the saved hierarchy was collapsed (one stack, possibly with a nested detail).
    public var wasCollapsed: Bool
}

extension NavigationState {
    /// The snapshot UIKit's state preservation would save for a split whose restoration identifier
    /// is `splitIdentifier`, or `nil` when the split has none ("should not be saved", RS-2).
    public func restorationSnapshot(splitIdentifier: String?) -> RestorationSnapshot? {
        guard let splitIdentifier else { return nil }
        return RestorationSnapshot(
            splitIdentifier: splitIdentifier, style: style, preferredDisplayMode: preferredDisplayMode,
            presentsWithGesture: presentsWithGesture, primaryEdge: primaryEdge, widthPreferences: widthPreferences,
            columns: viewControllers.map { preservedSpec($0, depth: 0) }, wasCollapsed: isCollapsed)
    }

    /// The preserved subtree of `id`: `nil` without an identifier; identified children only (RS-1, RS-2).
    func preservedSpec(_ id: ControllerID, depth: Int) -> ControllerSpec? {
        guard depth < 64, let record = record(id), let identifier = record.restorationID else { return nil }
        var spec = ControllerSpec(record.kind, names[record.name], restorationID: names[identifier])
        // A stack keeps its identified prefix: a gap would change every later position.
        for child in stack(of: id) {
            guard let childSpec = preservedSpec(child, depth: depth + 1) else { break }
            spec.children.append(childSpec)
        }
        return spec
    }
}

extension RestorationSnapshot {
    /// The commands that restore this snapshot into a new split in `traits` (RS-3): create the
    /// preserved controllers, configure the split, put it on screen as it was saved (collapsed or
    /// not), then move it to `traits`. A hierarchy saved collapsed and restored into a regular
    /// environment therefore runs the expand procedure (EX-1).
    ///
    /// Controllers are created with the next app IDs of the target state, in column order.
    public func restoreCommands(into traits: Traits, startingAt firstID: ControllerID = ControllerID(app: 0)) -> [NavigationCommand] {
        var commands: [NavigationCommand] = []
        var next = firstID.index
        var roots: [ControllerID] = []
        var nestedPushes: [(ControllerID, ControllerID)] = []
        for column in columns.compactMap({ $0 }) {
            // Nested navigation controllers cannot be created inside a stack; push them afterwards.
            var flat = column
            flat.children = column.children.filter { $0.kind != .navigation }
            let root = ControllerID(app: next)
            roots.append(root)
            commands.append(.instantiate(flat))
            next += flat.count
            for nested in column.children where nested.kind == .navigation {
                nestedPushes.append((ControllerID(app: next), root))
                commands.append(.instantiate(nested))
                next += nested.count
            }
        }
        guard !roots.isEmpty else { return commands }
        commands.append(.setSplitViewControllers(roots))
        commands.append(.setProperty(.presentsWithGesture(presentsWithGesture)))
        commands.append(.setProperty(.primaryEdge(primaryEdge)))
        commands.append(.setProperty(.preferredPrimaryColumnWidthFraction(widthPreferences.fraction)))
        commands.append(.setProperty(.preferredPrimaryColumnWidth(widthPreferences.width)))
        commands.append(.setProperty(.minimumPrimaryColumnWidth(widthPreferences.minimum)))
        commands.append(.setProperty(.maximumPrimaryColumnWidth(widthPreferences.maximum)))
        if preferredDisplayMode != .automatic { commands.append(.setPreferredDisplayMode(preferredDisplayMode)) }
        var savedTraits = traits
        savedTraits.horizontalSizeClass = wasCollapsed ? .compact : .regular
        commands.append(.launch(savedTraits))
        for (nested, navigation) in nestedPushes { commands.append(.push(nested, onto: navigation)) }
        if savedTraits != traits { commands.append(.changeTraits(traits)) }
        return commands
    }
}
