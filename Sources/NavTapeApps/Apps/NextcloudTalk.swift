import NavigationCore

extension AppModel {
    /// Nextcloud Talk (nextcloud/talk-ios 2d31eda5, `NCSplitViewController`): a column-style split
    /// from the storyboard, the rooms list in the primary column and a placeholder in the secondary.
    /// Opening a room runs `NCUserInterfaceController.present(_:)`: the secondary column back to a
    /// placeholder (`popSecondaryColumnToRootViewController` → `showPlaceholderView`, expanded only),
    /// `show(.primary)`, then `showDetailViewController(chat)`, which the split's override wraps in a
    /// new navigation controller before calling `super` (sent here as that navigation controller, the
    /// override being the app's own code, not a delegate method of a column-style split). Back to the
    /// rooms list while collapsed makes the navigation-controller `didShow` install a new placeholder
    /// column. The delegate proper is `topColumnForCollapsing`. The bugs its history fixed (the empty
    /// nested navigation controller of #2328, the navigation item in two bars of PR #1612, the chat in
    /// the wrong column of b9625179) are of stack surgery this version no longer does or of UIKit
    /// behaviour NavTape does not model; its sessions raise no report, so no known bug is listed.
    public static let nextcloudTalk = AppModel(
        name: "nextcloud-talk",
        summary: "Nextcloud Talk (double column, showDetail override, didShow): rooms, chat, room info",
        style: .doubleColumn,
        devices: [.iPhonePlus, .iPad],
        policy: nextcloudTalkPolicy,
        primary: "RoomsNav[Rooms]",
        secondary: "SecondaryNav[Placeholder]",
        // Main.storyboard: `maximumPrimaryColumnWidth="600" minimumPrimaryColumnWidth="300"
        // preferredDisplayMode="beside" behavior="tile"`; viewDidLoad: `preferredDisplayMode =
        // .oneBesideSecondary`, `presentsWithGesture = false`; SceneDelegate: `displayModeButtonVisibility = .never`.
        preparation: [
            .setProperty(.maximumPrimaryColumnWidth(600)), .setProperty(.minimumPrimaryColumnWidth(300)),
            .setPreferredSplitBehavior(.tile), .setPreferredDisplayMode(.oneBesideSecondary),
            .setProperty(.presentsWithGesture(false)), .setProperty(.displayModeButtonVisibility(.never)),
        ],
        screens: [
            AppScreen(
                "Rooms",
                [
                    AppAction(
                        "open a room", if: .not(.collapsed),
                        [.showDetail(placeholder), .showColumn(.primary), .showDetail(chat, item: true)]),
                    AppAction("open a room", if: .collapsed, [.showColumn(.primary), .showDetail(chat, item: true)]),
                    // presentChatForRoom: "When a room is selected, that is currently displayed, leave that room and
                    // optionally show the placeholder view again" (showPlaceholderView returns when collapsed).
                    AppAction(
                        "select the open room again", weight: 3,
                        if: .all([.not(.collapsed), .test(.secondary, .contains(.named("Chat")))]), [.showDetail(placeholder)]),
                    AppAction("open the settings", weight: 3, [.present(.navigation("SettingsNav", [.content("Settings")]))]),
                    // handleChipSelection: the threads list, a modal with its own navigation controller.
                    AppAction("open the threads", weight: 3, [.present(.navigation("ThreadsNav", [.content("Threads")]))]),
                ]),
            AppScreen(
                "Chat",
                [
                    // chatTitleViewTapped: a page sheet when expanded, a push onto the chat's navigation controller
                    // when collapsed.
                    AppAction("open the room info", if: .collapsed, [.push(.content("RoomInfo"))]),
                    AppAction(
                        "open the room info", if: .not(.collapsed), [.present(.navigation("RoomInfoNav", [.content("RoomInfo")]))]),
                ]),
            AppScreen("RoomInfo", [AppAction("open the shared items", [.push(.content("SharedItems"))])]),
            AppScreen("Threads", [AppAction("open a thread", [.push(.content("ThreadChat"))])]),
        ],
        // NCSplitViewController's `navigationController(_:didShow:animated:)`: collapsed, when the rooms list
        // shows again, "Make sure the chatViewController gets properly deallocated": a new
        // `UINavigationController(rootViewController: newPlaceholderViewController)` as the secondary column.
        // (Expanded, the rooms list is the only screen of its column: Back never lands on it.)
        reactions: [AppReaction(backTo: "Rooms", [.setColumn(placeholder, .secondary)])],
        gestures: AppGestures(button: 0, swipe: 0))

    /// `topColumnForCollapsing`: the secondary column while a chat is in either column, else the primary.
    static let nextcloudTalkPolicy: SplitPolicy = """
        name nextcloud-talk; topColumnForCollapsing secondary if secondary contains Chat or primary contains Chat else primary
        """

    private static let placeholder = ControllerSpec.navigation("DetailNav", [.content("Placeholder")])
    private static let chat = ControllerSpec.navigation("ChatNav", [.content("Chat")])
}
