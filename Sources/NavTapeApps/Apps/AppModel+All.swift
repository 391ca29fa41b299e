import NavigationCore

extension AppModel {
    /// Every app model, the seeds' app first, then the ported apps in the order they were ported.
    public static let all: [AppModel] = [
        .calendarPaste, .wordPress, .adaptivePhotos, .netNewsWire5, .netNewsWire6, .element, .lister, .newsBlur, .mullvad,
        .keePassium, .nextcloudTalk, .doroDoro, .kiwix,
    ]

    /// The model named `name`.
    public static func named(_ name: String) -> AppModel? { all.first { $0.name == name } }
}
