/// A settable split property (ST-8..ST-10).
///
/// Width values are in points; `nil` means `UISplitViewController.automaticDimension`.
public enum SplitProperty: Hashable, Sendable {
    /// `presentsWithGesture` (ST-8, BTN-6).
    case presentsWithGesture(Bool)
    /// `primaryEdge` (ST-9, WD-4).
    case primaryEdge(PrimaryEdge)
    /// `preferredPrimaryColumnWidthFraction`, 0…1 (ST-10, WD-1).
    case preferredPrimaryColumnWidthFraction(Double?)
    /// `preferredPrimaryColumnWidth` in points; takes precedence over the fraction (ST-10).
    case preferredPrimaryColumnWidth(Double?)
    /// `minimumPrimaryColumnWidth` (default 0 pt).
    case minimumPrimaryColumnWidth(Double?)
    /// `maximumPrimaryColumnWidth` (default 320 pt).
    case maximumPrimaryColumnWidth(Double?)
    /// `showsSecondaryOnlyButton`, triple column only (ST-11, BTN-7).
    case showsSecondaryOnlyButton(Bool)
    /// `displayModeButtonVisibility`, column style (ST-11, BTN-6).
    case displayModeButtonVisibility(ButtonVisibility)
}

/// The primary column width preferences (ST-10). `nil` is `automaticDimension`.
public struct ColumnWidthPreferences: Hashable, Sendable {
    /// `preferredPrimaryColumnWidthFraction`.
    public var fraction: Double?
    /// `preferredPrimaryColumnWidth`.
    public var width: Double?
    /// `minimumPrimaryColumnWidth`.
    public var minimum: Double?
    /// `maximumPrimaryColumnWidth`.
    public var maximum: Double?

    /// All automatic.
    public init(fraction: Double? = nil, width: Double? = nil, minimum: Double? = nil, maximum: Double? = nil) {
        self.fraction = fraction
        self.width = width
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The automatic fraction: "a third of the screen to the primary pane" (WD-2, SEED-HIG).
    public static let automaticFraction = 1.0 / 3.0
    /// The automatic minimum (WD-1).
    public static let automaticMinimum = 0.0
    /// The automatic maximum (WD-1).
    public static let automaticMaximum = 320.0

    /// The resolved primary column width for a split `splitWidth` points wide (WD-1, WD-2):
    /// `clamp(preferred, min, max)`, where preferred is the explicit width, else the fraction of
    /// the split's width, else a third. A minimum above the maximum wins (the bounds are checked in
    /// that order).
    @inlinable
    public func resolvedWidth(splitWidth: Int32) -> Double {
        let preferred = width ?? (fraction ?? Self.automaticFraction) * Double(splitWidth)
        let upper = maximum ?? Self.automaticMaximum
        let lower = minimum ?? Self.automaticMinimum
        return Swift.max(lower, Swift.min(preferred, upper))
    }
}
