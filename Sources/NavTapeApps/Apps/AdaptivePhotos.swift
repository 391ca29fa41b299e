import NavigationCore

extension AppModel {
    /// Apple's AdaptivePhotos (WWDC 2014 session 216; AAPLAppDelegate.m, robovm/apple-ios-samples
    /// a63abc0f): a list of conversations; a one-photo conversation shows its photo as the detail, a
    /// longer one is pushed and its photos shown from it. Photos carry their identity as restoration
    /// identifiers; the app knows whether the conversation on the stack holds the shown photo.
    public static let adaptivePhotos = AppModel(
        name: "adaptive-photos",
        summary: "AdaptivePhotos (Apple, WWDC 2014): conversations and photos, bare photo details",
        devices: [.iPhonePlus, .iPad],
        policy: """
            name adaptive-photos; collapseSecondary discard if not secondary is Photo else filter List if flag photoFromOtherConversation else keep; \
            separateSecondary nil if primary contains Photo else fresh Empty
            """,
        primary: "ListNav[List]",
        secondary: "Empty",
        preparation: [.setPreferredDisplayMode(.allVisible)],
        screens: [
            AppScreen(
                "List",
                [
                    AppAction(
                        "open Alice's photo", weight: 5,
                        [.flag("photoFromOtherConversation", false), .showDetail(ControllerSpec(.content, "Photo", restorationID: "A1"))]),
                    AppAction(
                        "open Bob's conversation",
                        [.flag("photoFromOtherConversation", true), .show(ControllerSpec(.content, "Conversation", restorationID: "Bob"))]),
                ]),
            AppScreen(
                "Conversation",
                [
                    AppAction(
                        "open one of Bob's photos",
                        [.flag("photoFromOtherConversation", false), .showDetail(ControllerSpec(.content, "Photo", restorationID: "B2"))])
                ]),
        ])
}
