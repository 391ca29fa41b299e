import NavigationCore

extension AppModel {
    /// Apple's Lister 1.0, the iOS 8 sample (`Objective-C/Lister/AAPLAppDelegate.m` 36-47 and 63-105,
    /// rzaitov/ListerSample 81afdfcc4f98f301d85523c5ad76c3df47e2d4d3, Apple's WWDC 2014 code): the
    /// documents list on the primary stack, the storyboard's empty controller as the first detail.
    ///
    /// Selecting a list (AAPLListDocumentsViewController.m 96-116): collapsed, `showViewController:`
    /// pushes a bare list controller; expanded, a new `listViewNavigationController` from the
    /// storyboard is shown with `showDetailViewController:` (the app first sets the split's
    /// `viewControllers` to `[primary, [[UIViewController alloc] init]]`, which an action of a model
    /// cannot say; the detail it shows replaces that blank one either way). "+" presents the new-list
    /// sheet (storyboard segue `newListDocument`, form sheet); deleting a list while expanded shows a
    /// new empty controller (lines 187-196).
    public static let lister = AppModel(
        name: "lister",
        summary: "Apple's Lister 1.0 (iOS 8 sample, classic split): documents, lists (targetDisplayModeForAction)",
        devices: [.iPhonePlus, .iPad],
        policy: """
            name lister; targetDisplayMode allVisible; \
            collapseSecondary discard then preferredDisplayMode automatic then showDetail secondary top if secondary is *:navigation \
            else discard then preferredDisplayMode automatic; \
            separateSecondary unmerge top wrap ListNav else fresh Empty
            """,
        primary: "DocumentsNav[Documents]",
        secondary: "Empty",
        preparation: [.setPreferredDisplayMode(.allVisible)],
        screens: [
            AppScreen(
                "Documents",
                [
                    AppAction("select a list", if: .collapsed, [.show(.content("List"), item: true)]),
                    AppAction(
                        "select a list", if: .not(.collapsed),
                        [.showDetail(.navigation("ListNav", [.content("List")]), item: true)]),
                    AppAction("add a list", weight: 2, [.present(.content("NewListDocument"))]),
                ]),
            AppScreen("List", [AppAction("delete the list", weight: 1, if: .not(.collapsed), [.showDetail(.content("Empty"))])]),
        ],
        knownBugs: [
            AppKnownBug(
                RuleID(.BUG, 9),
                evidence: """
                    collapseSecondary's showDetailViewController: of the secondary's own top, sent while the split is \
                    still expanded (isCollapsed is false until the callback returns), is forwarded to that navigation \
                    controller, which holds it already; Apple's next revision of the sample (galrito/lister-apple-sample-code \
                    7159d784, AAPLAppDelegate.m 100-138) removed the call and returns NO for a list
                    """)
        ])
}
