import NavigationCore

extension AppModel {
    /// Calendar Paste 3, the seeds' app (christiantietze.de, "How I Now Deal with Collapsible Split
    /// View Controllers on the iPhone 6", 2015): a list of pastes whose selection shows the paste's
    /// shift-assignment scene in its own navigation controller, an empty "no selection" detail in
    /// landscape. The seed shows no screen below the paste scene, so the model has none.
    public static let calendarPaste = AppModel(
        name: "calendar-paste",
        summary: "Calendar Paste 3 (the seeds' app): a paste list and a paste detail in a navigation controller",
        devices: [.iPhonePlus, .iPad, .iPhone],
        policy: .calendarPaste(),
        primary: "MN[M]",
        secondary: "NoSelectionNC@NoSelectionNC[NoSelection]",
        screens: [
            AppScreen("M", [AppAction("select a paste", weight: 20, [.showDetail(.navigation("PasteNC", [.content("PasteDetail")]), item: true)])])
        ])
}
