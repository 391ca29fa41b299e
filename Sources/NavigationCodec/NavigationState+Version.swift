import NavigationCore

extension NavigationState {
    /// Whether state format version 1 holds this state: a style it knew and every column-style
    /// field at its default.
    var fitsVersion1: Bool {
        StateCodec.isVersion1Style(style) && supplementary == nil && compactColumn == nil
            && preferredSplitBehavior == .automatic && splitBehavior == .automatic
            && !showsSecondaryOnlyButton && displayModeButtonVisibility == .automatic && fitsVersion2
    }

    /// Whether state format version 2 holds this state: the session's own policy in effect, no flag
    /// set, no released controller.
    var fitsVersion2: Bool {
        policy == nil && flags.isEmpty && !containsRecord(where: \.isReleased) && fitsVersion3
    }

    /// Whether state format version 3 holds this state: no controller shows an item.
    var fitsVersion3: Bool {
        !containsRecord(where: { $0.item != nil })
    }

    /// The oldest state format version that holds this state (what ``StateCodec/hash(_:)`` encodes).
    var oldestFittingVersion: UInt8 { fitsVersion1 ? 1 : fitsVersion2 ? 2 : fitsVersion3 ? 3 : StateCodec.formatVersion }

}
