/// The built-in delegates, as values of the policy language.
extension SplitPolicy {
    /// The names ``preset(named:)`` knows, for help texts.
    public static let presetNames = ["none", "calendar-paste", "merge-stacks", "template", "template:NAME"]

    /// A delegate preset by name: `none`, `calendar-paste` (optionally `calendar-paste:A,B` for
    /// the paste-detail names), `merge-stacks`, `template` or `template:PLACEHOLDER`.
    /// Returns `nil` for an unknown name, or an argument that is not a screen name (the policy's
    /// text must read back to it, and a pattern only holds names).
    public static func preset(named text: String) -> SplitPolicy? {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts.first.map(String.init) ?? ""
        let argument = parts.count == 2 ? String(parts[1]) : nil
        if let argument, argument.isEmpty { return nil }
        func isName(_ text: String) -> Bool { !text.isEmpty && text.unicodeScalars.allSatisfy(ControllerSpec.isNameCharacter) }
        switch name {
        case "none" where argument == nil: return .noDelegate
        case "merge-stacks" where argument == nil: return .mergeStacks
        case "template":
            guard argument.map(isName) ?? true else { return nil }
            return .template(placeholderName: argument ?? "Placeholder")
        case "calendar-paste":
            guard let argument else { return .calendarPaste() }
            let names = argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return names.allSatisfy(isName) ? .calendarPaste(pasteDetailNames: names) : nil
        default: return nil
        }
    }

    /// Whether `word` is the name of a preset that takes an argument after it (`template NAME`).
    static func presetTakesArgument(_ word: String) -> Bool { word == "template" || word == "calendar-paste" }

    /// The Xcode Master-Detail template delegate (CO-3): discard the secondary on collapse when it
    /// is a navigation controller whose top is the empty placeholder named `placeholderName`:
    /// `collapseSecondary discard if secondary top is Placeholder`.
    public static func template(placeholderName: String = "Placeholder") -> SplitPolicy {
        SplitPolicy(
            name: "template",
            methods: [
                .collapseSecondary: [PolicyRule(.discard, if: .test(.secondary, .top(.named(placeholderName))))]
            ])
    }

    /// The seeds' Calendar Paste delegate (`001_…`): always discard the empty "no selection" detail
    /// (restoration identifier `NoSelectionNC`) on collapse; on separate keep the detail when a paste
    /// detail is on top of the nested detail navigation controller, otherwise return a fresh
    /// `NoSelectionNC[NoSelection]` navigation controller (a new instance every time, EX-3):
    /// `collapseSecondary discard if secondary is @NoSelectionNC; separateSecondary nil if primary
    /// nestedTop is PasteDetail else fresh NoSelectionNC@NoSelectionNC[NoSelection]`.
    public static func calendarPaste(pasteDetailNames: [String] = ["PasteDetail"]) -> SplitPolicy {
        SplitPolicy(
            name: "calendar-paste",
            methods: [
                .collapseSecondary: [PolicyRule(.discard, if: .test(.secondary, .is(ControllerMatch(restorationID: "NoSelectionNC"))))],
                .separateSecondary: [
                    PolicyRule(.returnsNil, if: .test(.primary, .nestedTop(ControllerMatch(names: pasteDetailNames)))),
                    PolicyRule(.fresh(.navigation("NoSelectionNC", restorationID: "NoSelectionNC", [.content("NoSelection")]))),
                ],
            ])
    }

    /// The merge-stacks delegate CMDSHIFT describes (CO-4): move the secondary's children onto the
    /// primary stack on collapse and rely on the default on expand — the recipe for BUG-2(a):
    /// `collapseSecondary merge`.
    public static let mergeStacks = SplitPolicy(name: "merge-stacks", methods: [.collapseSecondary: [PolicyRule(.merge)]])
}

extension Device {
    /// The preset names, for help texts: `iphone, iphone-plus, ipad, ipad-pro`.
    public static var presetNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
