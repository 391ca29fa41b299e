import Foundation
import NavTapeTestSupport
import NavigationCore
import Testing

/// Text derived from the command vocabulary (`CommandVocabulary.swift`) that lives in committed
/// files: the commands' lines of the script grammar and table, their JSON members, their wire
/// tags, the capture schema's command definitions, and the Swift literals `testgen` writes. Each is
/// generated here and must equal what is committed, so a new command reaches every document
/// without anyone editing one: `scripts/regenerate`
/// rewrites the stale regions, and a stale region fails until then.
@Suite("Generated from the command vocabulary")
struct GeneratedDocsTests {
    /// Records an issue where the generated region of `file` from `start` through `end` is not
    /// `content` (``GeneratedRegion``).
    static func check(
        _ file: String, from start: String, through end: String, equals content: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if let problem = try GeneratedRegion.problem(in: file, from: start, through: end, equals: content) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    static let kinds = CommandKind.allCases.sorted { $0.rawValue < $1.rawValue }

    // MARK: docs/ScriptFormat.md

    /// A parameter's value in the grammar's terms (`REF`, `TARGET`, `ENV`…).
    static func grammarValue(_ parameter: CommandParameter) -> String {
        let value: String
        switch parameter.type {
        case .controller: value = parameter.createsNamedController ? "TARGET" : "REF"
        case .optionalController: value = "( TARGET | \"nil\" )"
        case .controllers: value = "LIST"
        case .tree: value = "TREE"
        case .traits: value = "ENV"
        case .displayMode: value = "MODE"
        case .column: value = "COLUMN"
        case .splitBehavior: value = "BEHAVIOR"
        case .property: value = "PROPERTY"
        case .flag(true: "true", false: "false"): value = "BOOL"
        case .flag(let yes, let no): value = "( \"\(yes)\" | \"\(no)\" )"
        case .text: value = "NAME"
        case .policy: value = "POLICY"
        }
        let spelled = (parameter.word.map { "\"\($0)\" " } ?? "") + value
        return parameter.isOptional ? "[ \(spelled) ]" : spelled
    }

    static var scriptGrammar: String {
        let alternatives = kinds.map { kind -> String in
            let signature = kind.signature
            let keywords = signature.keywords.map { "\"\($0)\"" }
            var parts = [keywords.count == 1 ? keywords[0] : "( " + keywords.joined(separator: " | ") + " )"]
            parts += signature.parameters.map(grammarValue)
            return parts.joined(separator: " ")
        }
        return "command      = " + alternatives.joined(separator: "\n             | ") + " ;"
    }

    /// `.push(controller, onto:)`.
    static func swiftForm(_ signature: CommandSignature) -> String {
        guard !signature.parameters.isEmpty else { return ".\(signature.kind.name)" }
        let arguments = signature.parameters.map { $0.label.map { "\($0):" } ?? $0.name }
        return ".\(signature.kind.name)(\(arguments.joined(separator: ", ")))"
    }

    static let tableStart = "<!-- The command table is generated from the vocabulary by GeneratedDocsTests. -->"
    static let tableEnd = "<!-- End of the generated command table. -->"

    static var scriptTable: String {
        var lines = [tableStart, "", "| line | other keywords | command | what it models |", "| --- | --- | --- | --- |"]
        for kind in kinds {
            let signature = kind.signature
            let others = signature.keywords.dropFirst().map { "`\($0)`" }.joined(separator: ", ")
            lines.append("| `\(signature.synopsis)` | \(others.isEmpty ? "—" : others) | `\(swiftForm(signature))` | \(signature.summary) |")
        }
        return (lines + ["", tableEnd]).joined(separator: "\n")
    }

    @Test("docs/ScriptFormat.md: the grammar's command production and the command table")
    func scriptFormat() throws {
        try Self.check("docs/ScriptFormat.md", from: "command      = ", through: " ;", equals: Self.scriptGrammar)
        try Self.check("docs/ScriptFormat.md", from: Self.tableStart, through: Self.tableEnd, equals: Self.scriptTable)
    }

    // MARK: docs/JSON.md

    static let jsonStart = "<!-- The commands' members are generated from the vocabulary by GeneratedDocsTests. -->"
    static let jsonEnd = "<!-- End of the generated members. -->"

    static var jsonMembers: String {
        var items: [String] = [], bare: [String] = []
        for kind in kinds {
            let parameters = kind.signature.parameters
            guard !parameters.isEmpty else {
                bare.append("`\(kind.name)`")
                continue
            }
            let members = parameters.map { "`\($0.name)`" + ($0.type == .optionalController ? " (nullable)" : "") }
            items.append("`\(kind.name)` → " + members.joined(separator: ", "))
        }
        return jsonStart + "\n" + items.joined(separator: ";\n") + ";\n" + bare.joined(separator: ", ")
            + ": no other member.\n" + jsonEnd
    }

    @Test("docs/JSON.md: each command's members")
    func json() throws {
        try Self.check("docs/JSON.md", from: Self.jsonStart, through: Self.jsonEnd, equals: Self.jsonMembers)
    }

    // MARK: docs/EventEncoding.md

    /// A parameter's bytes in the encoding document's terms.
    static func payload(_ parameter: CommandParameter) -> String {
        let type: String
        switch parameter.type {
        case .controller: type = "ID"
        case .optionalController: type = "ID?"
        case .controllers: type = "[ID]"
        case .tree: type = "Spec"
        case .traits: type = "Traits"
        case .displayMode: type = "Mode"
        case .column: type = "Column"
        case .splitBehavior: type = "Behavior"
        case .property: type = "Property"
        case .flag: type = "bool"
        case .text: type = "String"
        case .policy: type = "Policy"
        }
        return "`\(type)` \(parameter.name)"
    }

    static let encodingStart = "| tag | command | payload |"
    static let encodingEnd = "\n\n"

    static var encodingTable: String {
        var lines = [encodingStart, "| --- | --- | --- |"]
        for kind in kinds {
            let tag = String(kind.rawValue, radix: 16, uppercase: true)
            let payload = kind.signature.parameters.map(payload).joined(separator: ", ")
            lines.append("| `0x\(tag.count == 1 ? "0" + tag : tag)` | `\(kind.name)` | \(payload.isEmpty ? "—" : payload) |")
        }
        return lines.joined(separator: "\n") + encodingEnd
    }

    @Test("docs/EventEncoding.md: the commands' tags and payloads")
    func encoding() throws {
        try Self.check("docs/EventEncoding.md", from: Self.encodingStart, through: Self.encodingEnd, equals: Self.encodingTable)
    }

    // MARK: docs/capture.schema.json

    /// The schema definition a parameter's member refers to: its type's name.
    static func definition(_ type: CommandParameterType) -> String {
        switch type {
        case .controller: return "controller"
        case .optionalController: return "optionalController"
        case .controllers: return "controllers"
        case .tree: return "tree"
        case .traits: return "traits"
        case .displayMode: return "displayMode"
        case .column: return "column"
        case .splitBehavior: return "splitBehavior"
        case .property: return "property"
        case .flag: return "flag"
        case .text: return "text"
        case .policy: return "policy"
        }
    }

    /// What a capture line means when it leaves a member out.
    static func absence(_ parameter: CommandParameter) -> String? {
        switch parameter.type {
        case .optionalController: return "An absent `\(parameter.name)` is null."
        case .flag where parameter.isOptional: return "An absent `\(parameter.name)` is true."
        case .traits where parameter.isOptional: return "An absent `\(parameter.name)` is the session's traits."
        default: return nil
        }
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static let schemaStart = "    \"command\": {\n"
    static let schemaEnd = "\n    \"time\": {"

    static var schemaCommands: String {
        var lines = [
            "    \"command\": {",
            "      \"description\": "
                + quoted(
                    "Every line after the first: one command of the vocabulary (Sources/NavigationCore/CommandVocabulary.swift), `command` being the CommandKind case name and each parameter a member named as in the vocabulary, with every controller a controller reference; plus an optional `time` and `observed` state (docs/Capture.md, \"Command lines\"). The definition `command.NAME` of each command lists its members exactly (no others are allowed). The command definitions are generated from the vocabulary (Tests/NavTapeCLITests/GeneratedDocsTests.swift)."
                ) + ",",
            "      \"type\": \"object\",",
            "      \"required\": [\"command\"],",
            "      \"properties\": {",
            "        \"command\": {",
            "          \"description\": \"The command's name: a CommandKind case name.\",",
            "          \"enum\": [",
        ]
        // The names, a few to a line.
        var row: [String] = [], rows: [String] = []
        for kind in kinds {
            let item = quoted(kind.name)
            if (row + [item]).joined(separator: ", ").count > 100 {
                rows.append(row.joined(separator: ", "))
                row = []
            }
            row.append(item)
        }
        rows.append(row.joined(separator: ", "))
        lines += rows.enumerated().map { "            " + $1 + ($0 < rows.count - 1 ? "," : "") }
        lines += ["          ]", "        }", "      },", "      \"allOf\": ["]
        for (i, kind) in kinds.enumerated() {
            lines += [
                "        {",
                "          \"if\": {\"properties\": {\"command\": {\"const\": \(quoted(kind.name))}}, \"required\": [\"command\"]},",
                "          \"then\": {\"$ref\": \"#/$defs/command.\(kind.name)\"}",
                "        }" + (i < kinds.count - 1 ? "," : ""),
            ]
        }
        lines += ["      ]", "    },"]
        for kind in kinds {
            let signature = kind.signature
            let description = ["`\(kind.name)`: \(signature.summary)."] + signature.parameters.compactMap(absence)
            let required = ["command"] + signature.parameters.filter { !$0.isOptional && $0.type != .optionalController }.map(\.name)
            var properties = ["\"command\": {\"const\": \(quoted(kind.name))}"]
            properties += signature.parameters.map { "\(quoted($0.name)): {\"$ref\": \"#/$defs/\(definition($0.type))\"}" }
            properties += ["\"time\": {\"$ref\": \"#/$defs/time\"}", "\"observed\": {\"$ref\": \"#/$defs/observed\"}"]
            lines += [
                "    \(quoted("command." + kind.name)): {",
                "      \"description\": \(quoted(description.joined(separator: " "))),",
                "      \"type\": \"object\",",
                "      \"required\": [\(required.map(quoted).joined(separator: ", "))],",
                "      \"properties\": {",
            ]
            lines += properties.enumerated().map { "        " + $1 + ($0 < properties.count - 1 ? "," : "") }
            lines += ["      },", "      \"additionalProperties\": false", "    },"]
        }
        return lines.joined(separator: "\n") + schemaEnd
    }

    @Test("docs/capture.schema.json: the command definitions")
    func captureSchema() throws {
        try Self.check("docs/capture.schema.json", from: Self.schemaStart, through: Self.schemaEnd, equals: Self.schemaCommands)
    }

    /// The generated texts fail when the vocabulary changes: a command with another summary gives
    /// another table, so a stale document cannot pass.
    @Test("a generated region follows the vocabulary")
    func followsVocabulary() {
        #expect(
            Self.scriptTable.contains(
                "| `push CONTROLLER|TREE onto CONTROLLER` | — | `.push(controller, onto:)` | navigation.pushViewController(controller) (NV-1) |"))
        #expect(Self.encodingTable.contains("| `0x0A` | `push` | `ID` controller, `ID` onto |"))
        #expect(Self.jsonMembers.contains("`showDetail` → `target` (nullable), `sender`;"))
        #expect(Self.scriptGrammar.contains("| ( \"traits\" | \"rotate\" | \"changeTraits\" ) ENV\n"))
        #expect(
            Self.schemaCommands.contains(
                "\"command.launch\": {\n      \"description\": \"`launch`: put the split on screen; compact collapses at once (SZ-3). An absent `traits` is the session's traits.\","
            ))
        #expect(Self.kinds.count == CommandKind.allCases.count)
    }
}
