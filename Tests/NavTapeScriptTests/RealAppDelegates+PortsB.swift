import NavigationCore

// Four more real apps' split view delegates, ported line by line to SplitViewDelegate, as in
// RealAppDelegates.swift: KeePassium, Nextcloud Talk, DoroDoro and Kiwix. Each cites the file and
// commit it was read from; comments in quotes are the apps' own. App state is read from flags, a
// controller the app keeps (a router's navigation controller, a stored property) from the controller
// of that name in the session.

/// KeePassium's two split view delegates (keepassium/KeePassium be22b0614573f55404d58cc5ecb39892ea5448e1,
/// the last classic-split commit before 6a71e7bc "Update to modern split view controller"):
/// `MainCoordinator` (`KeePassium/general/main/MainCoordinator+splitVC.swift` 20-55) and, while a
/// database is open, `DatabaseViewerCoordinator` (`KeePassium/database/DatabaseViewerCoordinator.swift`
/// 1196-1224), which installs itself in `start()` (136-150, `splitViewController.delegate = self`)
/// and gives the split back to the old delegate when its root group is popped (363-380).
///
/// App state as flags: `databaseOpen` is "the database viewer is the split's delegate", `unlockerShown`
/// is `_databaseUnlockerRouter != nil`. The routers' navigation controllers are `UnlockerNav`, `EntryNav`
/// and the two placeholders' `PlaceholderNav` (MainCoordinator's) and `DBPlaceholderNav` (the viewer's
/// own, made in its `init`); the primary router's is `PrimaryNav`, whose root is the database picker.
/// `entryViewerRouter` lives exactly while its navigation controller is on screen (Back off the
/// collapsed primary runs `collapsedDetailDismissalHandler`, which drops it), so it is read from the
/// hierarchy.
struct KeePassiumDelegate: SplitViewDelegate {
    var name: String { "keepassium (Swift)" }
    /// The broken variant: `DatabaseViewerCoordinator.start()` does not install itself as the
    /// split's delegate, so MainCoordinator's answers stay in effect while a database is open.
    var withoutDatabaseViewerDelegate = false

    /// Whether DatabaseViewerCoordinator is the split's delegate.
    func databaseViewerIsDelegate(_ split: SplitView) -> Bool {
        !withoutDatabaseViewerDelegate && split.flag("databaseOpen")
    }

    // Both delegates: `return _primaryRouter.navigationController` (primaryRouter's in the viewer).
    func primaryViewController(forCollapsing split: SplitView) -> ViewController? {
        split.viewController(named: "PrimaryNav")
    }

    func primaryViewController(forExpanding split: SplitView) -> ViewController? {
        split.viewController(named: "PrimaryNav")
    }

    func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
        if databaseViewerIsDelegate(split) {
            // DatabaseViewerCoordinator: `if secondaryViewController === placeholderRouter.navigationController
            // { return true }; return false`
            return secondary.name == "DBPlaceholderNav"
        }
        // MainCoordinator: `if secondaryViewController is PlaceholderVC { return true }`, then the same for
        // the top of a navigation controller; otherwise `false` (UIKit pushes the secondary, nested).
        if secondary.name == "Placeholder" {
            return true
        }
        if secondary.isNavigationController, let topSecondary = secondary.topViewController, topSecondary.name == "Placeholder" {
            return true
        }
        return false
    }

    func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? {
        if databaseViewerIsDelegate(split) {
            // DatabaseViewerCoordinator: `if let entryViewerRouter { return entryViewerRouter.navigationController }`
            if let entry = split.viewController(named: "EntryNav"), entry.isInHierarchy {
                return separated(entry, from: primary)
            }
            // `return placeholderRouter.navigationController`: the viewer's own placeholder, made in its
            // `init`; the session creates it the first time it is needed.
            if let placeholder = split.viewController(named: "DBPlaceholderNav"), placeholder.parent == .none {
                return placeholder
            }
            return split.make(.navigation("DBPlaceholderNav", [.content("Placeholder")]))
        }
        // MainCoordinator: `if _databaseUnlockerRouter != nil { return _databaseUnlockerRouter?.navigationController }`
        if split.flag("unlockerShown"), let unlocker = split.viewController(named: "UnlockerNav") {
            return separated(unlocker, from: primary)
        }
        // `return _placeholderRouter.navigationController`
        return split.viewController(named: "PlaceholderNav")
    }

    /// The router's navigation controller `detail` as the secondary. After a collapse that kept it (or
    /// `setDetailRouter` pushed it onto the collapsed primary), it is still the top of the primary's
    /// stack: UIKit then counts the answer as `nil` and the navigation primary pops its top (DECOMP,
    /// EX-2), the same controller. The port pops it itself, the same state, so that the log records the
    /// delegate's choice: NavTape's BUG-7 detector would take UIKit's pop of a navigation controller the
    /// app pushed itself (never through `showDetailViewController`) for a master drill-down.
    func separated(_ detail: ViewController, from primary: ViewController) -> ViewController {
        if primary.topViewController == detail {
            primary.popViewController()
        }
        return detail
    }

    /// The primary router's `navigationController(_:didShow:animated:)` (`KeePassium/util/NavigationRouter.swift`
    /// 327-354) fires the pop handlers of what was popped: the root group's gives the split back.
    func navigationController(_ split: SplitView, didShow controller: ViewController, in navigation: ViewController) {
        // The root group's `onPop`: `if previousGroup == nil { self.showEntry(nil);
        // self.splitViewController.delegate = self.oldSplitDelegate … }`. (showEntry's
        // `setDetailRouter(placeholderRouter)` and didLeaveDatabase's unlocker, both expanded only, are
        // the app's calls in the sessions.)
        if split.flag("databaseOpen"), navigation.name == "PrimaryNav", controller.name == "Picker" {
            split.setFlag("databaseOpen", false)
        }
    }
}

/// Nextcloud Talk's `NCSplitViewController` (`NextcloudTalk/User Interface/NCSplitViewController.swift`
/// 210-237 and 181-208, nextcloud/talk-ios 2d31eda5e2acbf3cef27aa289376942bdf0de25d), a column-style split
/// (`allowDoubleColumnStyle="YES"` in `Main.storyboard`).
///
/// Only `topColumnForCollapsing` is ported here. What else the split subclass does is the app's own
/// calls in the sessions: its `showDetailViewController` override wraps a chat in a new navigation
/// controller and calls `super`, which the sessions send as `showDetail ChatNav[Chat]`; its
/// navigation-controller `didShow` installs a new placeholder column when Back returns to the rooms
/// list, and its `splitViewControllerDidExpand` shows a new placeholder: both make controllers, which
/// no policy action can, so the sessions make those calls (the didExpand one replaces a placeholder
/// with an identical new one and is left out).
struct NextcloudTalkDelegate: SplitViewDelegate {
    var name: String { "nextcloud-talk (Swift)" }
    /// The broken variant: no `topColumnForCollapsing` (UIKit's proposal, the secondary column).
    var withoutTopColumn = false

    func splitViewController(_ split: SplitView, topColumnForCollapsingToProposedTopColumn proposed: Column) -> Column {
        guard !withoutTopColumn else { return proposed }
        // "UIKit throws "Cannot display a nested UINavigationController with zero viewControllers" when
        // collapsing while the secondary column contains an empty navigation controller, so restore a
        // placeholder in that case (see #2328)". (No session here empties it; the policy cannot make the
        // placeholder.)
        if let navController = split.viewController(for: .secondary), navController.isNavigationController,
            navController.viewControllers.isEmpty, let placeholder = split.make(.content("Placeholder"))
        {
            navController.viewControllers = [placeholder]
        }
        // "When we rotate the device and the splitViewController gets collapsed we need to determine if
        // we're still in a chat or not. In case we are, we want to stay in the chat view, else we want to
        // show the roomList"
        if hasActiveChatViewController(split) {
            return .secondary
        }
        return .primary
    }

    /// `getActiveViewController()`: a chat anywhere in the secondary column's navigation controller, then
    /// in the primary column's.
    func hasActiveChatViewController(_ split: SplitView) -> Bool {
        for column in [Column.secondary, .primary] {
            if let navController = split.viewController(for: column), navController.isNavigationController,
                navController.viewControllers.contains(where: { $0.name == "Chat" })
            {
                return true
            }
        }
        return false
    }
}

/// DoroDoro's `DetailedNVCSplitViewControllerDelegate` (`DoroDoro/View/Component/DetailedNVCSplitViewControllerDelegate.swift`
/// 1-64, pookjw/DoroDoro 4a38e5af3aa878be062703344b9739c83742734a), the delegate of the Search tab's
/// classic split (`MainTabBarController.swift` 36-85): `SearchNav[Search]` and an empty
/// `UINavigationController()`, `DetailNav`.
struct DoroDoroDelegate: SplitViewDelegate {
    var name: String { "dorodoro (Swift)" }
    /// The broken variant: no `separateSecondaryFrom` (UIKit pops only the top of the merged stack).
    var withoutSeparate = false

    func splitViewController(_ split: SplitView, showDetail controller: ViewController, sender: ViewController) -> Bool {
        guard !split.isCollapsed else {
            return false
        }
        // `splitViewController.viewControllers[1] as? UINavigationController` (the app indexes without a
        // count check: the split always has two children since 34fb7086).
        let children = split.viewControllers
        guard children.count > 1, children[1].isNavigationController else {
            return false
        }
        children[1].viewControllers = [controller]
        return true
    }

    func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
        guard primary.isNavigationController else {
            return false
        }
        guard secondary.isNavigationController else {
            return false
        }
        primary.viewControllers += secondary.viewControllers
        secondary.viewControllers = []
        return true
    }

    func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? {
        guard !withoutSeparate, primary.isNavigationController else {
            return nil
        }
        let stack = primary.viewControllers
        guard stack.count > 1 else {
            // `let secondaryNavigationController: UINavigationController = .init()`
            return split.makeNavigationController("DetailNav", viewControllers: [])
        }
        let secondaryViewControllers = Array(stack[1...])
        primary.viewControllers = [stack[0]]
        return split.makeNavigationController("DetailNav", viewControllers: secondaryViewControllers)
    }

    // Column style only: never asked of this classic split.
    func splitViewController(_ split: SplitView, topColumnForCollapsingToProposedTopColumn proposed: Column) -> Column {
        .primary
    }
}

/// Kiwix's `RootController` (`iOS/Controller/RootController.swift` 179-198, kiwix/kiwix-apple
/// 75c91ad269fabb2d2b6c8306967d2198a8c3949a, iOS 1.13.7): a classic split whose primary is the sidebar
/// `UITabBarController` (`Sidebar`, a leaf: no code reads its tabs) and whose secondary is
/// `secondaryController`, `ContentNav[Content]`.
///
/// The app makes a new `UINavigationController(rootViewController: contentController)` on every
/// collapse and separate. Collapsing onto such a new primary, UIKit is then asked to collapse the old
/// secondary onto it (Kiwix implements no `collapseSecondary`), and NavTape pushes it, nested and emptied
/// (the content moved): `ContentNav[Content, ContentNav[]]`, an iPhone launch on a blank screen, which
/// Kiwix 1.13.6 and 1.13.7 did not show; what UIKit does with that emptied secondary is not documented.
/// So `primaryViewController(forCollapsing:)` returns the secondary itself, the screen the app showed
/// (`ContentNav[Content]`, the answer of Kiwix 1.11 and of 5a024bdb); `newNavigationControllerOnCollapse`
/// is the app's own code.
struct KiwixDelegate: SplitViewDelegate {
    var name: String { "kiwix (Swift)" }
    /// The broken variant: no `primaryViewController(forExpanding:)`.
    var withoutPrimaryForExpanding = false
    /// The app's exact collapse: a new navigation controller around the content.
    var newNavigationControllerOnCollapse = false

    func primaryViewController(forExpanding split: SplitView) -> ViewController? {
        // `return sideBarController`
        withoutPrimaryForExpanding ? nil : split.viewController(named: "Sidebar")
    }

    func primaryViewController(forCollapsing split: SplitView) -> ViewController? {
        // `configureBarButtons(isGrouped: false)` rebuilds the toolbar only.
        if newNavigationControllerOnCollapse, let contentController = split.viewController(named: "Content") {
            // `secondaryController = UINavigationController(rootViewController: contentController)`
            return split.makeNavigationController("ContentNav", viewControllers: [contentController])
        }
        return split.viewController(for: .secondary)
    }

    func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? {
        // `configureBarButtons(isGrouped: true)`; `secondaryController = UINavigationController(rootViewController:
        // contentController)`
        contentNavigationController(split)
    }

    /// `UINavigationController(rootViewController: contentController)`: a new navigation controller around
    /// the content. The app moves its one `contentController` into it; the policy language can only make a
    /// new tree (`fresh ContentNav[Content]`), so both ports make a new content controller: the same
    /// screens, a new instance (the page it shows is app state).
    func contentNavigationController(_ split: SplitView) -> ViewController? {
        split.make(.navigation("ContentNav", [.content("Content")]))
    }
}
