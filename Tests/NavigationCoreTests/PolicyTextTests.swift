import Testing
@testable import NavigationCore

/// The policy language's text reads back to the policy it gave (what FuzzPolicy checks), presets
/// and their arguments included.
@Suite("Policy text")
struct PolicyTextTests {
    @Test("a preset's argument is a screen name, or the policy is refused at the argument")
    func presetArguments() throws {
        // FuzzPolicy's finding (2026-11-27, 11.7 M inputs in): `template` took a placeholder of
        // control characters, and printed it as a pattern no parser reads back.
        #expect(throws: NotationError.self) { try SplitPolicy(parsing: "template\t\u{0}\u{0}\u{0}\u{2}") }
        let error = #expect(throws: NotationError.self) { try SplitPolicy(parsing: "template A,B") }
        #expect(error?.description.contains("'A,B' is not a screen name for template") == true, "\(String(describing: error))")
        #expect(SplitPolicy.preset(named: "template:A|B") == nil)
        #expect(SplitPolicy.preset(named: "calendar-paste:A,,B") == nil)
        for text in ["template", "template Empty", "calendar-paste", "calendar-paste PasteDetail,Other", "template:Écran"] {
            let policy = try SplitPolicy(parsing: text)
            #expect(try SplitPolicy(parsing: policy.text) == policy, "\(text)")
        }
    }
}
