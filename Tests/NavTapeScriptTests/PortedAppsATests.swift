import Foundation
import NavTape
import NavTapeTestSupport
import NavigationCore
import NavigationProjections
import Testing
@testable import NavTapeScript

/// Element iOS, Apple's Lister 1.0, NewsBlur and Mullvad VPN, each written twice — as a Swift
/// `SplitViewDelegate` (RealAppDelegates+PortsA.swift) and as the policy of its sessions
/// (Tests/Scenarios/Apps) — give the same hierarchy at every step; the apps' correct flows raise only
/// the app's own known bug (Lister 1.0's BUG-9), each broken variant its bug. The checks are
/// `RealAppDelegateTests`'.
@Suite("Real apps' split view delegates, ported (A)")
struct PortedAppsATests {
    typealias Session = RealAppDelegateTests.Session

    static let sessions = [
        Session(script: "element-ipad", delegate: { ElementDelegate() }),
        Session(script: "element-plus", delegate: { ElementDelegate() }),
        Session(script: "element-broken", delegate: { ElementDelegate(withoutPlaceholderCheck: true) }, bug: "BUG-5"),
        // Lister 1.0's own collapse raises BUG-9 (its sessions end on it; ListerDelegate's comments).
        Session(script: "lister-ipad", delegate: { ListerDelegate() }, bug: "BUG-9"),
        Session(script: "lister-plus", delegate: { ListerDelegate() }, bug: "BUG-9"),
        Session(script: "lister-broken", delegate: { ListerDelegate(withoutSeparate: true) }, bug: "BUG-7"),
        Session(script: "newsblur-ipad", delegate: { NewsBlurDelegate() }),
        Session(script: "newsblur-plus", delegate: { NewsBlurDelegate() }),
        Session(script: "newsblur-broken", delegate: { NewsBlurDelegate(withoutTopColumn: true) }, bug: "BUG-5"),
        Session(script: "mullvad-ipad", delegate: { MullvadDelegate() }),
        Session(script: "mullvad-plus", delegate: { MullvadDelegate() }),
        Session(script: "mullvad-broken", delegate: { MullvadDelegate(withoutCollapseAnswers: true) }, bug: "BUG-6"),
    ]

    /// The sessions of the apps' own delegates (not the broken variants).
    static let appSessions = sessions.filter { !$0.script.hasSuffix("-broken") }

    @Test(
        "the Swift delegate and the script policy give the same hierarchy at every step; the bug report is as expected",
        arguments: sessions)
    func session(_ session: Session) throws { try RealAppDelegateTests.checkSession(session) }

    @Test(
        "a what-if re-decides a Swift-delegate session under its script policy, and the reverse, to the same state",
        arguments: appSessions)
    func whatIf(_ session: Session) throws { try RealAppDelegateTests.checkWhatIf(session) }
}
