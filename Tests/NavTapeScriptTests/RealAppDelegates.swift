// swift-format-ignore-file
// (docs/Delegates.md quotes this code as it is laid out here.)
import NavigationCore

// Four real apps' split view delegates, ported line by line to SplitViewDelegate. Each cites the
// file it was read from; the apps' own state (a selection, "the detail was modified") is read from
// the flags the sessions set (SplitView.flag), and the apps' content identities from restoration
// identifiers, so a what-if decides as the recording did.

/// Apple's AdaptivePhotos, v2.0 (`AdaptivePhotosAnAdaptiveApplication/AdaptiveCode/AdaptiveCode/AAPLAppDelegate.m`,
/// robovm/apple-ios-samples a63abc0fa29ea008fefd00d0e17d6ed889ae6f81).
///
/// Conversations are `Conversation@NAME`, photos `Photo@ID`; `conversations` is the app's data (which
/// conversation holds which photo), fixed for a session.
struct AdaptivePhotosDelegate: SplitViewDelegate {
    var name: String { "adaptive-photos (Swift)" }
    var conversations: [String: Set<String>] = ["Alice": ["A1"], "Bob": ["B1", "B2", "B3"]]
    /// The broken variant: separate always returns a new empty controller.
    var brokenSeparate = false

    /// `aapl_containedPhoto`: a photo controller's photo.
    func containedPhoto(_ controller: ViewController) -> String? {
        controller.name == "Photo" ? controller.restorationIdentifier : nil
    }

    /// `aapl_containsPhoto:`: the list contains every photo; a conversation the photos it holds.
    func contains(_ controller: ViewController, photo: String) -> Bool {
        switch controller.name {
        case "List": return true
        case "Conversation": return controller.restorationIdentifier.flatMap { conversations[$0]?.contains(photo) } ?? false
        default: return false
        }
    }

    // - (BOOL)splitViewController:collapseSecondaryViewController:ontoPrimaryViewController:
    func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
        guard let photo = containedPhoto(secondary) else {
            // "If our secondary controller doesn't show a photo, do the collapse ourself by doing nothing."
            return true
        }
        // "Before collapsing, remove any view controllers on our stack that don't match the photo we are
        // about to merge on."
        if primary.isNavigationController {
            primary.viewControllers = primary.viewControllers.filter { contains($0, photo: photo) }
        }
        return false
    }

    // - (UIViewController *)splitViewController:separateSecondaryViewControllerFromPrimaryViewController:
    func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? {
        if primary.isNavigationController, !brokenSeparate {
            for controller in primary.viewControllers where containedPhoto(controller) != nil {
                return nil  // "Do the standard behavior if we have a photo."
            }
        }
        // "If there's no content on the navigation stack, make an empty view controller for the detail side."
        return split.make(.content("Empty"))
    }
}

/// WordPress-iOS `WPSplitViewController` (`WordPress/Classes/ViewRelated/System/WPSplitViewController.swift`,
/// wordpress-mobile/WordPress-iOS 03d52ec38c1e1e258ea62cc95c659e68b7542297 and
/// 17afed0bfa363fd3d5447aa99a6ee08536646b7a, identical delegate methods).
///
/// `isDetailViewDimmed` is the flag `detailDimmed`; `detailNavigationStackHasBeenModified` the flag
/// `detailModified` (set by the split's showDetailViewController override, never reset).
struct WordPressDelegate: SplitViewDelegate {
    var name: String { "wordpress (Swift)" }
    static let restorationIdentifier = "WPSplitViewDetailNavigationControllerRestorationID"
    /// The classes conforming to WPSplitViewControllerDetailProvider.
    static let detailProviders: Set<String> = ["BlogList", "BlogDetails"]
    /// The broken variant: no separate answer (UIKit's default).
    var withoutSeparate = false

    /// `dimsDetailViewControllerAutomatically`, set by MySitesCoordinator for My Sites.
    var dimsDetailAutomatically = true

    func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
        let detailDimmed = split.flag("detailDimmed")
        // "Un-dim the detail view" (dimDetailViewController(false): app state, recorded as a flag event;
        // the script policy cannot change app state, so its sessions leave the flag set)
        if dimsDetailAutomatically { split.setFlag("detailDimmed", false) }
        // "If we had dimmed the detail view controller, then return true so that we discard the detail
        // VCs and just show the primary view controller"
        if detailDimmed { return true }
        // "Otherwise, concatenate the primary and detail navigation controllers' content"
        if primary.isNavigationController {
            if secondary.isNavigationController, split.flag("detailModified") {
                primary.viewControllers += secondary.viewControllers
            }
            return true
        }
        return false
    }

    func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? {
        guard !withoutSeparate, primary.isNavigationController else { return nil }
        var viewControllers: [ViewController] = []
        let stack = primary.viewControllers
        func separateViewControllers(at index: Int) {
            viewControllers = Array(stack[index...])
            primary.viewControllers = Array(stack[..<index])
        }
        if let index = stack.firstIndex(where: \.isNavigationController) {
            separateViewControllers(at: index)
        } else if let index = stack.lastIndex(where: { Self.detailProviders.contains($0.name) }) {
            separateViewControllers(at: index + 1)
        }
        // "If we have no detail view controllers, try and fetch the primary view controller's initial
        // detail view controller": only a detail provider on top has one (BlogDetails: Stats); otherwise
        // the empty list below is wrapped, as the app does.
        if viewControllers.isEmpty, let top = primary.viewControllers.last, Self.detailProviders.contains(top.name) {
            return split.make(.navigation("WPDetailNC", restorationID: Self.restorationIdentifier, [.content("Stats")]))
        }
        if let first = viewControllers.first, first.isNavigationController { return first }
        return split.makeNavigationController("WPDetailNC", restorationIdentifier: Self.restorationIdentifier,
                                              viewControllers: viewControllers)
    }
}

/// NetNewsWire 5 `SceneCoordinator` (`iOS/SceneCoordinator.swift`, Ranchero-Software/NetNewsWire tag
/// ios-5.0.5-56, 9621021b9ca26737dc4a3f91f9c02826a8eaa022), standard (two-panel) mode.
///
/// `currentArticle != nil` is the flag `articleSelected`.
struct NetNewsWire5Delegate: SplitViewDelegate {
    var name: String { "netnewswire-5 (Swift)" }
    /// The broken variant: no pop-and-wrap branch.
    var withoutPop = false

    func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
        if let article = secondary.topViewController, secondary.isNavigationController, article.name == "Article" {
            if split.flag("articleSelected") { primary.pushViewController(article) }
        }
        return true
    }

    func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? {
        if !withoutPop, let article = primary.viewControllers.last, article.name == "Article" {
            primary.popViewController()
            return split.makeNavigationController("ArticleNav", viewControllers: [article])  // addNavControllerIfNecessary
        }
        if !split.flag("articleSelected") {
            return split.make(.navigation("ArticleNav", [.content("Article")]))
        }
        return nil
    }
}

/// NetNewsWire 6 `SceneCoordinator` with the triple-column split (`iOS/SceneCoordinator.swift`, tag
/// iOS-6.1.6-6136, fa6269fa1f67da991ffb24860c4d900327e4acfd; the method is unchanged through 7.1.3).
///
/// `currentFeedIndexPath != nil` is the flag `feedSelected`, `currentArticle != nil` `articleSelected`.
struct NetNewsWire6Delegate: SplitViewDelegate {
    var name: String { "netnewswire-6 (Swift)" }

    func splitViewController(_ split: SplitView, topColumnForCollapsingToProposedTopColumn proposedTopColumn: Column) -> Column {
        switch proposedTopColumn {
        case .supplementary:
            return split.flag("feedSelected") ? .supplementary : .primary
        case .secondary:
            if split.flag("articleSelected") { return .secondary }
            return split.flag("feedSelected") ? .supplementary : .primary
        default:
            return .primary
        }
    }
}
