import NavigationCore

/// Help texts derived from the vocabulary.
public enum ScriptHelp {
    /// Two lines per command: its synopsis, then what it models (and other keywords), e.g.
    /// `  push CONTROLLER|TREE onto CONTROLLER` / `      navigation.pushViewController(controller) (NV-1)`.
    public static var commands: String {
        CommandKind.allCases.map { kind in
            let signature = kind.signature
            let aliases = signature.keywords.dropFirst()
            return "  " + signature.synopsis + "\n      " + signature.summary
                + (aliases.isEmpty ? "" : "; also written \(aliases.joined(separator: ", "))")
        }.joined(separator: "\n")
    }
}
