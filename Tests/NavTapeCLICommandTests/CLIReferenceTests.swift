import ArgumentParser
import Foundation
import NavTapeTestSupport
import Testing

@testable import NavTapeCLI

/// docs/CLI.md is the commands' own help, one section per command, generated here and checked
/// (the house, issue 27, point 7): a flag added to a command reaches the reference without anyone
/// editing it (`scripts/regenerate` rewrites it).
@Suite("docs/CLI.md is generated from the commands' help")
struct CLIReferenceTests {
    /// The reference: `navtape --help`, then each subcommand's help, at 100 columns.
    static func reference() -> String {
        var text = [
            "<!-- cli: generated from the commands' help by CLIReferenceTests (scripts/regenerate) -->",
            "# The navtape command line", "",
            "Every command's `--help`, as `navtape` prints it. Exit statuses, `--json` output and the",
            "scenario script language are in `navtape --help`, [JSON.md](JSON.md) and [ScriptFormat.md](ScriptFormat.md).", "",
            "```", NavtapeCommand.helpMessage(columns: 100).trimmingCharacters(in: .whitespacesAndNewlines), "```",
        ]
        for command in NavtapeCommand.configuration.subcommands {
            text += [
                "", "## navtape \(command._commandName)", "", "```",
                NavtapeCommand.helpMessage(for: command, columns: 100).trimmingCharacters(in: .whitespacesAndNewlines), "```",
            ]
        }
        return (text + ["<!-- end of cli -->"]).joined(separator: "\n")
    }

    @Test("docs/CLI.md holds every command's help, as the commands print it")
    func reference() throws {
        let text = Self.reference()
        #expect(NavtapeCommand.configuration.subcommands.allSatisfy { text.contains("## navtape \($0._commandName)") })
        let problem = try GeneratedRegion.problem(in: "docs/CLI.md", from: "<!-- cli: generated", through: "<!-- end of cli -->", equals: text)
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test("the binary prints the same help the reference shows")
    func binaryAgrees() throws {
        let help = try Navtape.run(["stats", "--help"])
        #expect(help.status == 0)
        let expected = NavtapeCommand.helpMessage(for: StatsCommand.self, columns: 100)
        // The binary wraps to its terminal (80 columns when not one): compare the words.
        #expect(help.stdout.split(whereSeparator: \.isWhitespace) == expected.split(whereSeparator: \.isWhitespace))
    }
}
