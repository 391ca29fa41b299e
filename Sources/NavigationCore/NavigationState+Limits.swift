extension NavigationState {
    /// The most one session's state holds: totals that bound the memory of any log, however forged
    /// (docs/FileFormat.md, "Limits on hostile input").
    ///
    /// `decide` rejects a command that would pass one (`invalidValue`); `evolve` leaves the state as
    /// it was for an event that would; ``NavigationState/refusal(of:)`` names the cap; the codec
    /// refuses a checkpoint over one, and the readers an event that passes one.
    public enum Limits {
        /// Interned strings: screen names, restoration identifiers, items and flags.
        public static let maximumNames = 1 << 16
        /// The UTF-8 bytes of every interned string together.
        public static let maximumNameBytes = 1 << 21
        /// Controllers of both registries together (the app's and the ones minted for a delegate),
        /// released ones included. A state at every cap still fits one checkpoint block (4 MiB).
        public static let maximumControllers = 1 << 17
    }

    /// The cap `event` would pass in this state, as a clause, or `nil`. Only interning a name and
    /// creating a controller grow the state.
    /// - Complexity: O(1).
    @inline(__always)
    public func limitProblem(_ event: NavigationEvent) -> String? {
        switch event {
        case .nameInterned(let string): internLimitProblem(string)
        case .controllerCreated(let id, _, _, _): creationLimitProblem(id)
        default: nil
        }
    }

    /// The cap interning `string` would pass, or `nil` (also when it is interned already).
    func internLimitProblem(_ string: String) -> String? {
        guard names.id(of: string) == nil else { return nil }
        if names.count >= Limits.maximumNames { return "the session holds \(Limits.maximumNames) names already (the cap)" }
        if names.byteCount + string.utf8.count > Limits.maximumNameBytes {
            return "the session's names would pass \(Limits.maximumNameBytes) bytes (the cap)"
        }
        return nil
    }

    /// The cap creating `id` would pass, or `nil` (also when it reuses a released slot). Inlined,
    /// also into the fused decoder: called out of line from a mutating step, it would be handed a
    /// copy of the whole state.
    @inlinable @inline(__always)
    package func creationLimitProblem(_ id: ControllerID) -> String? {
        guard id.index >= (id.isMinted ? mintedControllerCount : appControllerCount),
            appControllerCount + mintedControllerCount >= Limits.maximumControllers
        else { return nil }
        return "the session holds \(Limits.maximumControllers) controllers already (the cap)"
    }

    /// Whether creating `spec` as app controllers, with its names, stays within ``Limits``.
    func fitsCreation(of spec: ControllerSpec) -> Bool {
        guard appControllerCount + mintedControllerCount + spec.count <= Limits.maximumControllers else { return false }
        var newNames = 0
        var newBytes = 0
        func count(_ name: String?) {
            guard let name, names.id(of: name) == nil else { return }
            newNames += 1
            newBytes += name.utf8.count
        }
        func visit(_ node: ControllerSpec) {
            count(node.name)
            count(node.restorationID)
            node.children.forEach(visit)
        }
        visit(spec)
        return names.count + newNames <= Limits.maximumNames && names.byteCount + newBytes <= Limits.maximumNameBytes
    }
}

extension NavigationEvent {
    /// Whether the event can pass a cap of ``NavigationState/Limits``: only interning a name and
    /// creating a controller grow the state. Readers test this first, so the other events cost no
    /// call with the state.
    @inlinable
    public var growsState: Bool {
        switch self {
        case .nameInterned, .controllerCreated: true
        default: false
        }
    }
}
