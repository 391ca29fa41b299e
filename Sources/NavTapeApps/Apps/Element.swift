import NavigationCore

extension AppModel {
    /// Element iOS (Riot), the tab-bar layout (`Riot/Modules/SplitView/SplitViewCoordinator.swift`
    /// 291-347, element-hq/element-ios 1a45793021f0d1ca0d43d79267cf7cc3899ee47c, the parent of 5a79db57
    /// "Removed labs flag and enabled New App Layout"): a classic split whose primary navigation
    /// controller's root is the `MasterTabBarController` (TabBarCoordinator.swift 86-112,
    /// `navigationRouter.setRootModule(masterTabBarController)`); the one detail navigation controller
    /// holds the placeholder or a room.
    ///
    /// A room is shown as `wantsToReplaceDetailWith` does (SplitViewCoordinator.swift 362-387): the
    /// detail navigation controller's root becomes the room, then the split's
    /// `showDetailViewController(detailNavigationController)`; collapsed, UIKit pushes that navigation
    /// controller, nested, onto `MasterNav`. The model shows a detail navigation controller holding the
    /// room (a pooled instance, where Element reuses its one instance; the hierarchies are the same).
    /// Settings are pushed above the tab bar controller on `MasterNav` (TabBarCoordinator.swift
    /// 414-419), room info above the room on the detail stack (`wantsToStack`), the bug report is
    /// presented full screen (TabBarCoordinator.swift 269-277).
    ///
    /// Not modelled: when Back pops the nested detail navigation controller off `MasterNav`, Element's
    /// `navigationRouterDidPopViewController` (SplitViewCoordinator.swift 256-287) calls
    /// `detailNavigationRouter.popAllModules`, which sets that controller's stack to `[]`; NavTape
    /// keeps no empty stack (INV-6), so the next separate returns it with the room still in it
    /// where Element returns it empty.
    public static let element = AppModel(
        name: "element",
        summary: "Element iOS (classic split, tab bar as the primary's root): rooms, room info, settings (SplitViewCoordinator)",
        devices: [.iPhonePlus, .iPad],
        policy: """
            name element; collapseSecondary discard if secondary top is Placeholder or secondary is Placeholder else keep; \
            separateSecondary nil if primary top is DetailNav else existing DetailNav
            """,
        primary: "MasterNav[MasterTabBar:tab]",
        secondary: "DetailNav[Placeholder]",
        preparation: [.setPreferredDisplayMode(.allVisible)],
        screens: [
            AppScreen(
                "MasterTabBar",
                [
                    AppAction("open a room", [.showDetail(.navigation("DetailNav", [.content("Room")]), item: true)]),
                    AppAction("open settings", weight: 2, [.push(.content("Settings"))]),
                    AppAction("report a bug", weight: 1, [.present(.content("BugReport"))]),
                ]),
            AppScreen("Room", [AppAction("open room info", weight: 5, [.push(.content("RoomInfo"))])]),
            AppScreen("Settings", [AppAction("open security", weight: 3, [.push(.content("Security"))])]),
        ])
}
