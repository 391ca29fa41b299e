import NavTapeTestSupport
import Testing
@testable import NavigationCore

/// The command vocabulary is described once (CommandVocabulary.swift); these check the description
/// itself. Each form derived from it (bytes, script, JSON, Swift literal) has its own every-case
/// round trip in its module's tests.
@Suite("Command vocabulary")
struct VocabularyTests {
    @Test("every kind has one signature; keywords and parameter names never clash")
    func signatures() {
        var keywords: [String: CommandKind] = [:]
        for kind in CommandKind.allCases {
            let signature = kind.signature
            #expect(signature.kind == kind)
            #expect(CommandKind(name: kind.name) == kind)
            for keyword in signature.keywords {
                #expect(keywords[keyword] == nil, "\(keyword) names \(kind) and \(String(describing: keywords[keyword]))")
                keywords[keyword] = kind
                #expect(CommandKind(keyword: keyword) == kind)
            }
            let names = signature.parameters.map(\.name)
            #expect(Set(names).count == names.count, "\(kind): \(names)")
            // Only trailing parameters may be left out of a script line.
            if let firstOptional = signature.parameters.firstIndex(where: \.isOptional) {
                #expect(signature.parameters[firstOptional...].allSatisfy { $0.isOptional }, "\(kind)")
            }
            #expect(!signature.summary.isEmpty && signature.synopsis.hasPrefix(signature.keyword))
        }
        #expect(CommandKind(keyword: "rotate") == .changeTraits && CommandKind(keyword: "lanch") == nil)
    }

    @Test("arguments and init(kind:arguments:) are inverse for a sample of every kind and value")
    func composeDecompose() {
        let samples = CommandSamples.all
        #expect(Set(samples.map(\.kind)) == Set(CommandKind.allCases))
        for command in samples {
            #expect(command.arguments.count == command.signature.parameters.count)
            #expect(NavigationCommand(kind: command.kind, arguments: command.arguments) == command)
        }
        // Arguments that do not fit their parameters build nothing.
        #expect(NavigationCommand(kind: .push, arguments: [.controller(ControllerID(app: 1))]) == nil)
        #expect(NavigationCommand(kind: .push, arguments: [.flag(true), .controller(ControllerID(app: 1))]) == nil)
        #expect(NavigationCommand(kind: .dismiss, arguments: [.flag(true)]) == nil)
    }

    @Test("mappingIDs moves every controller argument and nothing else")
    func mapping() {
        for command in CommandSamples.all {
            let mapped = command.mappingIDs { ControllerID(app: $0.index + 100) }
            for (before, after) in zip(command.arguments, mapped.arguments) {
                switch (before, after) {
                case (.controller(let a), .controller(let b)): #expect(b.index == a.index + 100 && !b.isMinted)
                case (.optionalController(let a), .optionalController(let b)): #expect(b?.index == a.map { $0.index + 100 })
                case (.controllers(let a), .controllers(let b)): #expect(b.map(\.index) == a.map { $0.index + 100 })
                default: #expect(before == after)
                }
            }
        }
    }

    @Test("every split property: name and value rebuild it; a value of the wrong type does not")
    func properties() {
        for case .property(let property) in CommandSamples.values(of: .property) {
            #expect(SplitProperty(name: property.name, value: property.value) == property)
        }
        #expect(
            Set(CommandSamples.values(of: .property).compactMap { if case .property(let p) = $0 { p.name } else { nil } })
                == Set(SplitProperty.Name.allCases))
        #expect(SplitProperty(name: .primaryEdge, value: .bool(true)) == nil)
    }

    @Test("controller names: letters of any script; no spaces, brackets, controls or bidirectional overrides")
    func names() throws {
        #expect(try ControllerSpec.parse("Détail") == .content("Détail"))
        #expect(try ControllerSpec.parse("名前NC[名前, Ünïcødé]").children.map(\.name) == ["名前", "Ünïcødé"])
        for bad in ["A\u{202E}B", "A\u{200B}B", "A\u{7}", "A B[C]", "🚀"] {
            #expect(throws: (any Error).self, "\(bad)") { _ = try ControllerSpec.parse(bad) }
        }
    }
}
