
extension SplitPolicy {
    /// The names ``preset(named:)`` knows, for help texts.
    public static let presetNames = ["none", "calendar-paste", "merge-stacks", "template", "template:NAME"]

    /// A delegate preset by name: `none`, `calendar-paste` (optionally `calendar-paste:A,B` for
    /// the paste-detail names), `merge-stacks`, `template` or `template:PLACEHOLDER`.
    /// Returns `nil` for an unknown name.
    public static func preset(named text: String) -> SplitPolicy? {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts.first.map(String.init) ?? ""
        let argument = parts.count == 2 ? String(parts[1]) : nil
        if let argument, argument.isEmpty { return nil }
        switch name {
        case "none" where argument == nil: return .noDelegate
        case "merge-stacks" where argument == nil: return .mergeStacks
        case "template": return .template(placeholderName: argument ?? "Placeholder")
        case "calendar-paste":
            guard let argument else { return .calendarPaste() }
            let names = argument.split(separator: ",").map(String.init)
            return names.isEmpty ? nil : .calendarPaste(pasteDetailNames: names)
        default: return nil
        }
    }
}

extension Device {
    /// The preset names, for help texts: `iphone, iphone-plus, ipad, ipad-pro`.
    public static var presetNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
