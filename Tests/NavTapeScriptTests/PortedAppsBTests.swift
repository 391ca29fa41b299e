import Foundation
import NavTape
import NavTapeApps
import NavTapeTestSupport
import NavigationCore
import NavigationProjections
import Testing
@testable import NavTapeScript

/// KeePassium, Nextcloud Talk, DoroDoro and Kiwix, each written twice — as a Swift
/// `SplitViewDelegate` (RealAppDelegates+PortsB.swift) and as the policy of its sessions
/// (Tests/Scenarios/Apps) — give the same hierarchy at every step; the apps' correct flows raise no
/// bug report, each broken variant its bug.
/// The checks are `RealAppDelegateTests`'.
@Suite("Real apps' split view delegates, ported (B)")
struct PortedAppsBTests {
    typealias Session = RealAppDelegateTests.Session

    static let sessions = [
        Session(script: "keepassium-ipad", delegate: { KeePassiumDelegate() }),
        Session(script: "keepassium-plus", delegate: { KeePassiumDelegate() }),
        Session(script: "keepassium-broken", delegate: { KeePassiumDelegate(withoutDatabaseViewerDelegate: true) }, bug: "BUG-8"),
        Session(script: "nextcloud-talk-ipad", delegate: { NextcloudTalkDelegate() }),
        Session(script: "nextcloud-talk-plus", delegate: { NextcloudTalkDelegate() }),
        Session(script: "nextcloud-talk-broken", delegate: { NextcloudTalkDelegate(withoutTopColumn: true) }, bug: "BUG-5"),
        Session(script: "dorodoro-ipad", delegate: { DoroDoroDelegate() }),
        Session(script: "dorodoro-plus", delegate: { DoroDoroDelegate() }),
        Session(script: "dorodoro-broken", delegate: { DoroDoroDelegate(withoutSeparate: true) }, bug: "BUG-1"),
        Session(script: "kiwix-ipad", delegate: { KiwixDelegate() }),
        Session(script: "kiwix-plus", delegate: { KiwixDelegate() }),
        Session(script: "kiwix-broken", delegate: { KiwixDelegate(withoutPrimaryForExpanding: true) }, bug: "BUG-2"),
    ]

    @Test(
        "the Swift delegate and the script policy give the same hierarchy at every step; the bug report is as expected",
        arguments: sessions)
    func session(_ session: Session) throws { try RealAppDelegateTests.checkSession(session) }

    @Test(
        "a what-if re-decides a Swift-delegate session under its script policy, and the reverse, to the same state",
        arguments: sessions.filter { $0.bug == nil })
    func whatIf(_ session: Session) throws { try RealAppDelegateTests.checkWhatIf(session) }

    @Test(
        "each app's sessions run under the app model's policy (generate --app walks the same delegate)",
        arguments: ["keepassium", "nextcloud-talk", "dorodoro", "kiwix"])
    func modelPolicy(app: String) throws {
        let model = try #require(AppModel.named(app))
        for device in ["ipad", "plus"] {
            let url = RealAppDelegateTests.directory.appendingPathComponent("\(app)-\(device).navscript")
            let script = try ScriptParser.parse(String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent)
            #expect(script.setup.policy == model.policy, "\(url.lastPathComponent)")
        }
    }
}
