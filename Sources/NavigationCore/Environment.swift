/// A horizontal (or vertical) size class.
public enum SizeClass: UInt8, Hashable, Sendable, CaseIterable {
    /// Horizontally compact: phones in portrait, narrow iPad multitasking slices.
    case compact = 0
    /// Horizontally regular: iPad full screen, Plus/Max phones in landscape.
    case regular = 1
}

/// The device idiom (ST-7): needed for the legacy split and the automatic tables.
public enum Idiom: UInt8, Hashable, Sendable, CaseIterable {
    /// An iPhone or iPod touch.
    case phone = 0
    /// An iPad.
    case pad = 1
}

/// Whether an environment is wide enough to show the primary beside the secondary (DM-5).
///
/// UIKit decides this from widths we cannot observe for the iPad 2/3 and Pro 1/2 multitasking slices;
/// a trait change may state it explicitly, otherwise orientation decides.
public enum SideBySide: UInt8, Hashable, Sendable {
    /// Decide by orientation: side by side exactly in landscape (`width > height`).
    case byOrientation = 0
    /// Wide enough for side by side.
    case wide = 1
    /// Too narrow: acts like portrait.
    case narrow = 2
}

/// The environment the split lives in (ST-7). UIKit derives it from the window; the model is told.
public struct Traits: Hashable, Sendable {
    /// The horizontal size class; compact collapses the split (SZ-1).
    public var horizontalSizeClass: SizeClass
    /// Container width in points.
    public var width: Int32
    /// Container height in points.
    public var height: Int32
    /// The device idiom.
    public var idiom: Idiom
    /// An explicit side-by-side hint for in-between widths (DM-5 last row).
    public var sideBySide: SideBySide

    /// Creates traits.
    public init(
        horizontalSizeClass: SizeClass, width: Int32, height: Int32, idiom: Idiom,
        sideBySide: SideBySide = .byOrientation
    ) {
        self.horizontalSizeClass = horizontalSizeClass
        self.width = width
        self.height = height
        self.idiom = idiom
        self.sideBySide = sideBySide
    }

    /// Landscape exactly when the container is wider than tall.
    @inlinable public var isLandscape: Bool { width > height }

    /// Whether the automatic display mode puts the primary beside the secondary (DM-5).
    @inlinable public var isWideEnoughForSideBySide: Bool {
        switch sideBySide {
        case .byOrientation: return isLandscape
        case .wide: return true
        case .narrow: return false
        }
    }
}

/// An orientation, for the device presets.
public enum Orientation: UInt8, Hashable, Sendable, CaseIterable {
    /// Taller than wide.
    case portrait = 0
    /// Wider than tall.
    case landscape = 1
}

/// Device presets that produce the traits of the SZ-2 table.
public enum Device: String, Hashable, Sendable, CaseIterable {
    /// A regular iPhone: compact in both orientations.
    case iPhone = "iphone"
    /// An iPhone Plus/Max: regular width in landscape (SEED-CP).
    case iPhonePlus = "iphone-plus"
    /// A 9.7"/10.2" iPad, full screen: regular in both orientations.
    case iPad = "ipad"
    /// A 12.9" iPad Pro, full screen.
    case iPadPro = "ipad-pro"

    /// The traits of this device full screen in `orientation` (SZ-2).
    public func traits(_ orientation: Orientation) -> Traits {
        let (short, long): (Int32, Int32)
        switch self {
        case .iPhone: (short, long) = (375, 667)
        case .iPhonePlus: (short, long) = (414, 736)
        case .iPad: (short, long) = (768, 1024)
        case .iPadPro: (short, long) = (1024, 1366)
        }
        let landscape = orientation == .landscape
        let sizeClass: SizeClass
        switch self {
        case .iPhone: sizeClass = .compact
        case .iPhonePlus: sizeClass = landscape ? .regular : .compact
        case .iPad, .iPadPro: sizeClass = .regular
        }
        return Traits(
            horizontalSizeClass: sizeClass,
            width: landscape ? long : short, height: landscape ? short : long,
            idiom: self == .iPad || self == .iPadPro ? .pad : .phone)
    }

    /// The traits of an iPad multitasking slice (SZ-2 rows 3–6): `fraction` is 1/3, 1/2 or 2/3 of
    /// the landscape width, or any slice in portrait.
    public func multitaskingTraits(_ orientation: Orientation, widthFraction: Double) -> Traits {
        var t = traits(orientation)
        // Rounded to the nearest point without libm (the core links nothing but the standard library).
        let width = Int32(clamping: Int(Double(t.width) * Swift.min(Swift.max(widthFraction, 0), 1) + 0.5))
        t.width = width
        let proHalf = self == .iPadPro && orientation == .landscape && widthFraction >= 0.5
        t.horizontalSizeClass = (orientation == .landscape && widthFraction > 0.5) || proHalf ? .regular : .compact
        // In-between widths act like portrait (DM-5: "treat as portrait").
        t.sideBySide = .narrow
        return t
    }
}
