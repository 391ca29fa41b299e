import Foundation
import NavigationCore
import Testing

/// docs/ScriptFormat.md's "Delegate policies" shows an example per answer: each must be a policy the
/// parser reads, whose canonical text reads back to the same policy, and every answer the language
/// has must have an example.
@Suite("Policy documentation")
struct PolicyDocumentationTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/ScriptFormat.md")

    /// The last cell of each row of the answers table (the example), unescaped.
    static func examples() throws -> [String] {
        let text = try String(contentsOf: document, encoding: .utf8)
        guard let section = text.range(of: "### Delegate policies") else { return [] }
        return text[section.upperBound...].split(separator: "\n")
            .prefix { !$0.hasPrefix("## ") }
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| method") }
            .compactMap { row -> String? in
                let cells = row.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|")
                guard let last = cells.last?.trimmingCharacters(in: .whitespaces),
                    last.hasPrefix("`"), last.hasSuffix("`")
                else { return nil }
                return String(last.dropFirst().dropLast()).replacingOccurrences(of: "\u{1}", with: "|")
            }
    }

    @Test("every example parses and its canonical text reads back the same")
    func examplesParse() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 15)
        for example in examples {
            do {
                let policy = try SplitPolicy(parsing: example)
                #expect(try SplitPolicy(parsing: policy.text) == policy, "\(example)")
            } catch {
                Issue.record("docs/ScriptFormat.md example `\(example)` does not parse: \(error.message) at \(error.offset)")
            }
        }
    }

    @Test("every kind of answer has an example")
    func everyAnswerShown() throws {
        var shown: Set<String> = []
        for example in try Self.examples() {
            for rules in try SplitPolicy(parsing: example).methods.values {
                for rule in rules { shown.insert(Self.kind(of: rule.answer)) }
            }
        }
        let all: Set<String> = [
            "keep", "discard", "merge", "mergeTop", "filter", "returnsNil", "secondary", "existing",
            "fresh", "unmerge", "mode", "column", "proposed", "bool", "nothing",
        ]
        #expect(all.subtracting(shown).isEmpty, "no example for \(all.subtracting(shown).sorted())")
    }

    @Test("every kind of action has an example")
    func everyActionShown() throws {
        var shown: Set<String> = []
        for example in try Self.examples() {
            for rules in try SplitPolicy(parsing: example).methods.values {
                for rule in rules { shown.formUnion(rule.actions.map { String($0.text.prefix { $0 != " " }) }) }
            }
        }
        let all: Set<String> = [
            "flag", "preferredDisplayMode", "preferredSplitBehavior", "set", "push", "replaceSecondary", "showDetail",
            "present", "dismiss", "pop", "popToRoot", "setStack", "moveStack", "showColumn", "hideColumn", "setColumn",
        ]
        #expect(all.subtracting(shown).isEmpty, "no example for \(all.subtracting(shown).sorted())")
    }

    static func kind(of answer: PolicyAnswer) -> String {
        switch answer {
        case .keep: return "keep"
        case .discard: return "discard"
        case .merge: return "merge"
        case .mergeTop: return "mergeTop"
        case .filter: return "filter"
        case .returnsNil: return "returnsNil"
        case .secondary: return "secondary"
        case .existing: return "existing"
        case .fresh: return "fresh"
        case .unmerge: return "unmerge"
        case .mode: return "mode"
        case .column: return "column"
        case .proposed: return "proposed"
        case .bool: return "bool"
        case .nothing: return "nothing"
        }
    }
}
