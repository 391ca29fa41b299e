import NavigationCore

extension AppModel {
    /// WordPress-iOS, My Sites (WPSplitViewController.swift, wordpress-mobile/WordPress-iOS 03d52ec3 and
    /// 17afed0b): the site list and a site's menu on the primary stack; the menu's rows show a detail
    /// (posts, stats) wrapped in a navigation controller by the split's showDetail override, which
    /// marks the detail modified; Back to the site list dims the detail.
    public static let wordPress = AppModel(
        name: "wordpress",
        summary: "WordPress-iOS My Sites: site list, site menu, posts and stats details (WPSplitViewController)",
        devices: [.iPhonePlus, .iPad],
        policy: """
            name wordpress; collapseSecondary discard if flag detailDimmed else merge if flag detailModified else discard; \
            separateSecondary unmerge firstNested or after BlogList|BlogDetails wrap WPDetailNC@WPSplitViewDetailNavigationControllerRestorationID \
            else fresh WPDetailNC@WPSplitViewDetailNavigationControllerRestorationID[Stats]
            """,
        primary: "BlogListNav@WPBlogListNavigationID[BlogList, BlogDetails]",
        secondary: "WPDetailNC@WPSplitViewDetailNavigationControllerRestorationID[Stats]",
        preparation: [
            .setPreferredDisplayMode(.allVisible), .setProperty(.presentsWithGesture(false)),
            .setProperty(.minimumPrimaryColumnWidth(320)), .setProperty(.maximumPrimaryColumnWidth(320)),
            .setProperty(.preferredPrimaryColumnWidthFraction(3.2)),
        ],
        screens: [
            AppScreen("BlogList", [AppAction("open a site", [.flag("detailDimmed", false), .show(.content("BlogDetails"), item: true)])]),
            AppScreen(
                "BlogDetails",
                [
                    AppAction(
                        "open posts",
                        [.flag("detailModified", true), .showDetail(detail("PostList"))]),
                    AppAction("open stats", weight: 5, [.flag("detailModified", true), .showDetail(detail("Stats"))]),
                ]),
            AppScreen("PostList", [AppAction("open a post", [.push(.content("Post"))])]),
        ],
        reactions: [AppReaction(backTo: "BlogList", [.flag("detailDimmed", true)])])

    private static func detail(_ root: String) -> ControllerSpec {
        .navigation("WPDetailNC", restorationID: "WPSplitViewDetailNavigationControllerRestorationID", [.content(root)])
    }
}
