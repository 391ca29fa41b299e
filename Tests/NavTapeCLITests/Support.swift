import Foundation
import NavTapeTestSupport
import Testing

/// The small session most end-to-end tests use: Calendar Paste on an iPhone Plus, launch, select a
/// paste, rotate.
let fixtureScript = """
    session fixture
    device iphone-plus portrait
    policy calendar-paste
    primary MN[M]
    secondary NoSelectionNC@NoSelectionNC[NoSelection]

    launch
    showDetail PasteNC[PasteDetail] from M at +2s
    rotate landscape
    expect hierarchy MN[M] | PasteNC[PasteDetail]

    """

extension Scratch {
    /// Records the fixture session to `t.navtape` (and its script to `t.navscript`).
    func recordFixture() throws {
        try write(fixtureScript, to: "t.navscript")
        let result = try navtape("record", "t.navscript", "-o", "t.navtape")
        #expect(result.status == 0, "\(result)")
    }
}
