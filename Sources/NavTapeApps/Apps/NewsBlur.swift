import NavigationCore

extension AppModel {
    /// NewsBlur's iPad client (`clients/ios/Classes/SplitViewDelegate.swift` 1-45, samuelclay/NewsBlur
    /// 3b1c824ab37486fc370f0e9e3c50edf92a265ab0; the split from `MainInterface.storyboard` at
    /// 012af7fe54ae3af2af4702c2e9106b861bafce73): a triple-column split of three navigation
    /// controllers, feeds, story titles (`FeedDetailViewController`) and story pages
    /// (`DetailViewController`), `preferredDisplayMode="twoBeside"`, `minimumPrimaryColumnWidth="320"`.
    ///
    /// Opening a feed loads the story titles and shows their column (`loadFeedDetailView`,
    /// `showColumn(.supplementary)` with the titles on the left, the iPad's layout); opening a story
    /// shows the story pages (`showColumn(.secondary)`) and loads a story (`hasStory`, the flag
    /// `storyLoaded`). "Find in feed detail" shows the titles' column again, `popToRootWithCompletion`
    /// the feeds' (`showColumn(.primary)`, after dismissing what the split presents); the preferences
    /// (`showPreferences`) are presented over the split.
    ///
    /// iPad only: the delegate answers by `UIDevice.current.userInterfaceIdiom`, which the policy
    /// language cannot test, so the policy reads the idiom from the app flag `phone`, which a session
    /// on the iPhone sets before launch (`newsblur-plus.navscript`) and a model cannot (its preparation
    /// is the same on every device).
    public static let newsBlur = AppModel(
        name: "newsblur",
        summary: "NewsBlur (triple column from a storyboard): feeds, story titles, story pages (SplitViewDelegate)",
        style: .tripleColumn,
        devices: [.iPad],
        policy: """
            name newsblur; topColumnForCollapsing secondary if flag phone and flag storyLoaded else primary; \
            displayModeForExpanding oneOverSecondary if flag phone and proposed twoOverSecondary else proposed
            """,
        primary: "FeedsNav[Feeds]",
        supplementary: "FeedDetailNav[FeedDetail]",
        secondary: "DetailNav[Detail]",
        preparation: [.setPreferredDisplayMode(.twoBesideSecondary), .setProperty(.minimumPrimaryColumnWidth(320))],
        screens: [
            AppScreen(
                "Feeds",
                [
                    AppAction("open a feed", [.flag("storyLoaded", false), .showColumn(.supplementary)]),
                    AppAction("open the preferences", weight: 2, [.present(.navigation("PreferencesNav", [.content("Preferences")]))]),
                ]),
            AppScreen("FeedDetail", [AppAction("open a story", [.flag("storyLoaded", true), .showColumn(.secondary)])]),
            AppScreen(
                "Detail",
                [
                    AppAction("find in feed detail", weight: 2, [.showColumn(.supplementary)]),
                    AppAction("go to the feeds", weight: 2, [.showColumn(.primary)]),
                ]),
        ])
}
