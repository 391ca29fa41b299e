/// Who recorded a session: the app, its version and build, the operating system and the device
/// model. Every field is optional: a session whose recorder did not say, and every log written
/// before version 4 of the session description, reads as unknown (`nil`).
public struct SessionOrigin: Hashable, Sendable {
    /// The app's name (`Calendar Paste`).
    public var app: String?
    /// The app's marketing version (`2.1`).
    public var appVersion: String?
    /// The app's build (`412`).
    public var build: String?
    /// The operating system and its version (`iOS 17.4`).
    public var os: String?
    /// The hardware model (`iPhone15,2`), as opposed to the session's device preset or label.
    public var deviceModel: String?

    /// The longest value of a field, in UTF-8 bytes: names and versions, never documents.
    public static let maximumFieldLength = 256

    /// The fields' names, in the order the codec stores them and documents list them.
    public static let fieldNames = ["app", "appVersion", "build", "os", "deviceModel"]

    /// An origin; every field unknown by default.
    public init(app: String? = nil, appVersion: String? = nil, build: String? = nil, os: String? = nil, deviceModel: String? = nil) {
        self.app = app
        self.appVersion = appVersion
        self.build = build
        self.os = os
        self.deviceModel = deviceModel
    }

    /// Nothing known.
    public static let unknown = SessionOrigin()

    /// Whether no field is known.
    public var isUnknown: Bool { self == .unknown }

    /// The fields in ``fieldNames`` order.
    public var fields: [String?] {
        get { [app, appVersion, build, os, deviceModel] }
        set {
            precondition(newValue.count == 5, "an origin has five fields")
            (app, appVersion, build, os, deviceModel) = (newValue[0], newValue[1], newValue[2], newValue[3], newValue[4])
        }
    }

    /// The field named `name` (one of ``fieldNames``); `nil` for another name.
    public subscript(field name: String) -> String? {
        get { Self.fieldNames.firstIndex(of: name).flatMap { fields[$0] } }
        set {
            guard let index = Self.fieldNames.firstIndex(of: name) else { return }
            fields[index] = newValue
        }
    }

    /// Why `value` cannot be a field's value (empty, longer than ``maximumFieldLength`` bytes, or
    /// holding a control character), or `nil` when it can.
    public static func problem(with value: String) -> String? {
        if value.isEmpty { return "an empty value (leave the field out when it is unknown)" }
        if value.utf8.count > maximumFieldLength { return "longer than \(maximumFieldLength) bytes" }
        if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "a control character" }
        return nil
    }

    /// One line for people: `Calendar Paste 2.1 (412) · iOS 17.4 · iPhone15,2`, the unknown parts
    /// left out; `unknown` when nothing is known.
    public var text: String {
        var parts: [String] = []
        let app = [self.app ?? (appVersion != nil || build != nil ? "app" : nil), appVersion, build.map { "(\($0))" }]
            .compactMap { $0 }.joined(separator: " ")
        if !app.isEmpty { parts.append(app) }
        if let os { parts.append(os) }
        if let deviceModel { parts.append(deviceModel) }
        return parts.isEmpty ? "unknown" : parts.joined(separator: " · ")
    }
}
