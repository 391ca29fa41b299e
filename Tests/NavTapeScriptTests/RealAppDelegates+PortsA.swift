import NavigationCore

// Four more real apps' split view delegates, ported line by line to SplitViewDelegate, as in
// RealAppDelegates.swift: Element iOS, Apple's Lister 1.0, NewsBlur and Mullvad VPN. Each cites the file
// and commit it was read from; comments in quotes are the apps' own. App state is read from flags, a
// stored controller of the app from the controller of that name in the session.

/// Element iOS (Riot) in its tab-bar layout: `SplitViewCoordinator`'s delegate methods
/// (`Riot/Modules/SplitView/SplitViewCoordinator.swift` 291-347, helpers 193-226,
/// element-hq/element-ios 1a45793021f0d1ca0d43d79267cf7cc3899ee47c).
///
/// The primary is `MasterNav`, whose root is the `MasterTabBarController`; `detailNavigationController`
/// is the one detail navigation controller the coordinator keeps, `DetailNav` in the sessions.
struct ElementDelegate: SplitViewDelegate {
    var name: String { "element (Swift)" }
    /// The broken variant: collapseSecondary without its placeholder check.
    var withoutPlaceholderCheck = false

    /// `self.detailNavigationController`.
    func detailNavigationController(_ split: SplitView) -> ViewController? { split.viewController(named: "DetailNav") }

    /// `isPlaceholderShown(from:)`: the top of a navigation controller, else the controller itself.
    func isPlaceholderShown(from secondary: ViewController) -> Bool {
        if secondary.isNavigationController, let top = secondary.viewControllers.last {
            return top.name == "Placeholder"
        }
        return secondary.name == "Placeholder"
    }

    func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? {
        // "So if the top view controller of the primary navigation controller is a navigation controller
        // and it corresponds to the existing `detailNavigationController` instance. Return
        // `detailNavigationController` as is, it will be used as the secondary view of the split view
        // controller." (`selectedNavigationRouter.modules.last` is the top of MasterNav, the primary.)
        let detail = detailNavigationController(split)
        if let top = primary.topViewController, top.isNavigationController, top == detail {
            return detail
        }
        // "Else return the default empty details view controller. Be sure that the primary is then
        // visible too."
        if split.displayMode == .primaryHidden {
            split.preferredDisplayMode = .allVisible
        }
        // "Restore detail navigation controller with placeholder as root": resetDetailNavigationController
        // (animated: false); the split is still collapsed, so it only pops the detail navigation
        // controller off the primary when it is the top, which the branch above returned.
        if split.isCollapsed, let top = primary.topViewController, top.isNavigationController, top == detail {
            primary.popViewController()
        }
        // "Return up to date detail navigation controller"
        return detail
    }

    func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
        // "If the secondary view is the placeholder screen do not merge the secondary into the primary.
        // Note: In this case, the secondaryViewController will be automatically discarded."
        if !withoutPlaceholderCheck, isPlaceholderShown(from: secondary) {
            return true
        }
        // "Return false to let the split view controller try to incorporate the secondary view
        // controller's content into the collapsed interface." "So in this case returning false here will
        // push the `detailNavigationController` on top of the `primaryNavigationController`."
        return false
    }
}

/// Apple's Lister 1.0, the iOS 8 sample: `AAPLAppDelegate`'s delegate methods
/// (`Objective-C/Lister/AAPLAppDelegate.m` 63-105, rzaitov/ListerSample
/// 81afdfcc4f98f301d85523c5ad76c3df47e2d4d3; `Swift/Lister/AppDelegate.swift` is the same logic).
///
/// `self.primaryViewController` is the split's primary navigation controller (the documents), the
/// `primary` the callbacks are given; the bar appearance the callbacks copy is not modelled.
struct ListerDelegate: SplitViewDelegate {
    var name: String { "lister (Swift)" }
    /// The broken variant: no separate answer (UIKit's default).
    var withoutSeparate = false

    // - (UISplitViewControllerDisplayMode)targetDisplayModeForActionInSplitViewController:
    func targetDisplayModeForAction(in split: SplitView) -> DisplayMode { .allVisible }

    // - (BOOL)splitViewController:collapseSecondaryViewController:ontoPrimaryViewController:
    func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
        split.preferredDisplayMode = .automatic
        // "If there's a list that's currently selected in separated mode and we want to show it in
        // collapsed mode, we'll transfer over the view controller's settings."
        if secondary.isNavigationController, let top = secondary.topViewController {
            // (the title attributes and tint colours copied to the primary's bars)
            primary.showDetailViewController(top)
        }
        return true
    }

    // - (UIViewController *)splitViewController:separateSecondaryViewControllerFromPrimaryViewController:
    func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? {
        guard !withoutSeparate else { return nil }
        if primary.topViewController == primary.viewControllers.first {
            // "If no list is on the stack, fill the detail area with an empty controller."
            return split.make(.content("Empty"))
        }
        guard let popped = primary.popViewController() else { return nil }
        // [[UINavigationController alloc] initWithRootViewController:poppedViewController]
        return split.makeNavigationController("ListNav", viewControllers: [popped])
    }
}

/// NewsBlur's `SplitViewDelegate` (`clients/ios/Classes/SplitViewDelegate.swift` 1-45, samuelclay/NewsBlur
/// 3b1c824ab37486fc370f0e9e3c50edf92a265ab0), the delegate of the triple-column split of
/// `MainInterface.storyboard` (012af7fe54ae3af2af4702c2e9106b861bafce73).
///
/// `storyController.hasStory` is the flag `storyLoaded`; `appDelegate.feedDetailViewController` the
/// controller named `FeedDetail`. The idiom is read from the traits, where the policy reads the flag `phone`.
struct NewsBlurDelegate: SplitViewDelegate {
    var name: String { "newsblur (Swift)" }
    /// The broken variant: no topColumnForCollapsing (UIKit's proposal).
    var withoutTopColumn = false

    func splitViewController(_ split: SplitView, topColumnForCollapsingToProposedTopColumn proposed: Column) -> Column {
        guard !withoutTopColumn else { return proposed }
        if split.traits.idiom == .phone {
            if let navController = split.viewController(for: .secondary), navController.isNavigationController,
                let detailController = navController.viewControllers.first, detailController.name == "Detail",
                split.flag("storyLoaded")
            {
                return .secondary
            } else {
                return .primary
            }
        } else {
            return .primary
        }
    }

    func splitViewController(_ split: SplitView, displayModeForExpandingToProposedDisplayMode proposed: DisplayMode) -> DisplayMode {
        if let supplementaryNav = split.viewController(for: .supplementary), supplementaryNav.isNavigationController,
            supplementaryNav.viewControllers.isEmpty,
            let primaryNav = split.viewController(for: .primary), primaryNav.isNavigationController,
            let feedsList = primaryNav.viewControllers.first, feedsList.name == "Feeds"
        {
            let stack = primaryNav.viewControllers
            if stack.count > 1, stack[1].name == "FeedDetail" {
                supplementaryNav.viewControllers = [stack[1]]
            } else if let feedDetail = split.viewController(named: "FeedDetail") {
                supplementaryNav.viewControllers = [feedDetail]
            }
        }
        if split.traits.idiom == .phone, proposed == .twoOverSecondary {
            return .oneOverSecondary
        } else {
            return proposed
        }
    }
}

/// Mullvad VPN's `ApplicationCoordinator` as the split's delegate
/// (`ios/MullvadVPN/Coordinators/ApplicationCoordinator.swift` 921-950, mullvad/mullvadvpn-app
/// d304842116557290d2cd0086216aedc6fdbb1a83).
///
/// `splitLocationCoordinator?.navigationController` is `LocationNav`, `splitTunnelCoordinator?.rootViewController`
/// the `Tunnel` screen; `router.dismissAll(.selectLocation)` dismisses the presented `SelectLocationNav`.
struct MullvadDelegate: SplitViewDelegate {
    var name: String { "mullvad (Swift)" }
    /// The broken variant: no primaryViewController(forCollapsing:) and no collapseSecondary.
    var withoutCollapseAnswers = false

    func primaryViewController(forExpanding split: SplitView) -> ViewController? {
        split.viewController(named: "LocationNav")
    }

    func primaryViewController(forCollapsing split: SplitView) -> ViewController? {
        withoutCollapseAnswers ? nil : split.viewController(named: "Tunnel")
    }

    func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
        !withoutCollapseAnswers
    }

    func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? {
        nil
    }

    // splitViewControllerDidExpand(_:)
    func splitViewController(_ split: SplitView, notified notification: SplitNotification) {
        guard notification == .didExpand, let presented = split.presentedViewController, presented.name == "SelectLocationNav" else {
            return
        }
        split.dismiss()
    }
}
