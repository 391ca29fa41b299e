import NavigationCore

extension NavigationState {
    /// Whether state format version 1 holds this state: a style it knew and every column-style
    /// field at its default.
    var fitsVersion1: Bool {
        StateCodec.isVersion1Style(style) && supplementary == nil && compactColumn == nil
            && preferredSplitBehavior == .automatic && splitBehavior == .automatic
            && !showsSecondaryOnlyButton && displayModeButtonVisibility == .automatic
    }

}
