import NavigationCore

extension AppModel {
    /// Kiwix 1.13.7 (kiwix/kiwix-apple 75c91ad2, `RootController`): a classic split whose primary is
    /// the sidebar tab bar controller (bookmarks and outline; no code reads its tabs, so a leaf) and
    /// whose secondary is the reader's `Nav[Content]`, the sidebar hidden at launch. The delegate
    /// re-wraps the content on every collapse and separate; everything else is modal (library,
    /// settings, tabs; outline and bookmarks when compact) or a child swap inside the content. The bug
    /// its history fixed (#235, #322: launch crashes on iOS 11 and 12 when these methods returned the
    /// existing secondary, e2f5038a) is an old UIKit's, which the model does not have.
    public static let kiwix = AppModel(
        name: "kiwix",
        summary: "Kiwix 1.13 (classic split, tab bar primary, primary swapped on collapse and expand): reader and sidebar",
        devices: [.iPhonePlus, .iPad],
        policy: kiwixPolicy,
        primary: "Sidebar:tab",
        secondary: "ContentNav[Content]",
        // RootController.init: `presentsWithGesture = false`; `if #available(iOS 13.0, *) { preferredDisplayMode = .primaryHidden }`.
        preparation: [.setProperty(.presentsWithGesture(false)), .setPreferredDisplayMode(.secondaryOnly)],
        screens: [
            AppScreen(
                "Content",
                [
                    // openLibrary: `present(libraryController)`, itself a split; NavTape models one split and
                    // refuses to present another, so the library is a leaf here.
                    AppAction("open the library", weight: 5, [.present(.content("Library"))]),
                    AppAction("open the settings", weight: 5, [.present(.navigation("SettingNav", [.content("Settings")]))]),
                    AppAction("open the tabs", weight: 3, [.present(.content("Tabs"))]),
                    // The compact toolbar's outline and bookmark buttons.
                    AppAction("open the outline", weight: 5, if: .collapsed, [.present(.navigation("OutlineNav", [.content("Outline")]))]),
                    AppAction(
                        "open the bookmarks", weight: 5, if: .collapsed, [.present(.navigation("BookmarksNav", [.content("Bookmarks")]))]),
                ]),
            AppScreen("Settings", [AppAction("open a setting", [.push(.content("SettingDetail"))])]),
        ],
        // The sidebar button sets `preferredDisplayMode`, which no step does: the display-mode button
        // gesture stands in for it. `presentsWithGesture = false` (212f4e24, "disable present with gesture").
        gestures: AppGestures(swipe: 0))

    /// `primaryViewController(forExpanding:)` the sidebar; collapsing and separating wrap the content in
    /// a navigation controller (see KiwixDelegate: the collapse returns the secondary, the same content
    /// under its navigation controller, the screen the app showed).
    static let kiwixPolicy: SplitPolicy = """
        name kiwix; primaryForCollapsing secondary; primaryForExpanding existing Sidebar; separateSecondary fresh ContentNav[Content]
        """
}
