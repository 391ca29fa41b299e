import NavigationCore

extension AppModel {
    /// DoroDoro, the Search tab's split (pookjw/DoroDoro 4a38e5af, `DetailedNVCSplitViewControllerDelegate`
    /// and `MainTabBarController.swift` 36-85; the split is a tab of the window's tab bar controller, ported
    /// as the root): a search list on the primary stack and an empty detail navigation controller. A
    /// result's selection sends a bare details screen to `showDetailViewController`; the delegate puts it
    /// in the detail navigation controller when expanded and lets UIKit push it when collapsed. The
    /// details' map is a page sheet.
    public static let doroDoro = AppModel(
        name: "dorodoro",
        summary: "DoroDoro (classic split, showDetail delegate that sets the detail stack): address search and details",
        devices: [.iPhonePlus, .iPad],
        policy: doroDoroPolicy,
        primary: "SearchNav[Search]",
        secondary: "DetailNav[]",
        // `searchSplitVC.preferredDisplayMode = .oneBesideSecondary`
        preparation: [.setPreferredDisplayMode(.oneBesideSecondary)],
        screens: [
            AppScreen(
                "Search",
                [
                    // pushToDetailsVC(linkJusoData:): `splitViewController?.showDetailViewController(detailsVC, sender: nil)`,
                    // from a row, a context-menu preview or the geolocation result.
                    AppAction("select a result", weight: 20, [.showDetail(.content("Details"), item: true)])
                ]),
            AppScreen(
                "Details",
                [
                    // presentMapView: a page-sheet `UINavigationController(rootViewController: mapVC)`.
                    AppAction("open the map", [.present(.navigation("MapNav", [.content("Map")]))]),
                    // MainTabBarController: re-tapping the selected tab sets the primary's stack to its first
                    // controller (collapsed, the details are on it; expanded, it holds only the search).
                    AppAction("tap the Search tab again", weight: 3, if: .collapsed, [.popToRoot]),
                ]),
        ],
        gestures: AppGestures(button: 0))

    /// The delegate's four methods (`topColumnForCollapsing` is never asked of this classic split).
    static let doroDoroPolicy: SplitPolicy = """
        name dorodoro; \
        showDetailOverride handled then setStack secondary [target] if not collapsed and secondary is *:navigation; \
        collapseSecondary discard then moveStack secondary onto primary if primary is *:navigation and secondary is *:navigation else keep; \
        separateSecondary unmerge after Search wrap DetailNav if primary is *:navigation else fresh DetailNav[] if primary is *:navigation; \
        topColumnForCollapsing primary
        """
}
