import NavigationCore

extension AppModel {
    /// NetNewsWire 5 (iOS/SceneCoordinator.swift, Ranchero-Software/NetNewsWire tag ios-5.0.5-56,
    /// 9621021b): feeds and a timeline on the master stack; selecting an article sets the coordinator's
    /// current article and, collapsed, pushes a bare article controller; Back to the timeline or the
    /// feeds clears it.
    public static let netNewsWire5 = AppModel(
        name: "netnewswire-5",
        summary: "NetNewsWire 5 (classic split): feeds, timeline, article (SceneCoordinator)",
        devices: [.iPhonePlus, .iPad],
        policy: """
            name netnewswire-5; collapseSecondary mergeTop if flag articleSelected and secondary top is Article else discard; \
            separateSecondary unmerge top wrap ArticleNav if primary top is Article else fresh ArticleNav[Article] if not flag articleSelected else nil
            """,
        primary: "MasterNav[Feeds]",
        secondary: "ArticleNav[Article]",
        preparation: [.setPreferredDisplayMode(.allVisible)],
        screens: [
            AppScreen("Feeds", [AppAction("open a feed", [.show(.content("Timeline"), item: true)])]),
            AppScreen(
                "Timeline",
                [
                    AppAction("select an article", if: .collapsed, [.flag("articleSelected", true), .push(.content("Article"))]),
                    AppAction("select an article", if: .not(.collapsed), [.flag("articleSelected", true)]),
                ]),
        ],
        reactions: [
            AppReaction(backTo: "Timeline", [.flag("articleSelected", false)]),
            AppReaction(backTo: "Feeds", [.flag("articleSelected", false)]),
        ])

    /// NetNewsWire 6 (iOS/SceneCoordinator.swift, tag iOS-6.1.6-6136): a triple-column split; a feed's
    /// selection shows the timeline column, an article's the article column; the delegate picks the
    /// top column on collapse from what is selected.
    public static let netNewsWire6 = AppModel(
        name: "netnewswire-6",
        summary: "NetNewsWire 6 (triple column): feeds, timeline, article columns (topColumnForCollapsing)",
        style: .tripleColumn,
        devices: [.iPad, .iPhonePlus],
        policy: """
            name netnewswire-6; topColumnForCollapsing secondary if proposed secondary and flag articleSelected \
            else supplementary if not proposed primary and flag feedSelected else primary
            """,
        primary: "Feeds",
        supplementary: "Timeline",
        secondary: "Article",
        screens: [
            AppScreen("Feeds", [AppAction("select a feed", [.flag("feedSelected", true), .showColumn(.supplementary)])]),
            AppScreen("Timeline", [AppAction("select an article", [.flag("articleSelected", true), .showColumn(.secondary)])]),
        ],
        reactions: [
            AppReaction(backTo: "Timeline", [.flag("articleSelected", false)]),
            AppReaction(backTo: "Feeds", [.flag("feedSelected", false), .flag("articleSelected", false)]),
        ])
}
