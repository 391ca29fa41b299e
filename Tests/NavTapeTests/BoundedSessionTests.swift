import NavTape
import NavTapeApps
import NavigationCore
import NavTapeTestSupport
import NavigationCodec
import Testing

/// EX-3: the Calendar Paste delegate returns a fresh "no selection" controller on every separate (as
/// UIKit's delegate allocates one); controllers nothing references are released and their slots
/// reused, so a long session keeps a flat state and checkpoint size.
@Suite("Long sessions stay bounded")
struct BoundedSessionTests {
    @Test("100k events of Calendar Paste: minted slots bounded, state size flat between 20k and 100k events")
    func calendarPaste() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("long.navtape")
        try recordGenerated(events: 100_000, seed: 11, to: path)
        let tape = try TimeMachine(path: path)
        var sizes: [Int] = []
        var separatesWithFreshDetail = 0
        for point in [UInt64(20_000), 60_000, tape.eventCount] {
            let state = try tape.state(at: point)
            #expect(state.mintedControllerCount <= 8, "at \(point): \(state.mintedControllerCount) minted slots")
            #expect(state.liveMintedControllerCount <= 6, "at \(point)")
            sizes.append(StateCodec.encode(state).count)
        }
        // The same pools and slots: the encoded state does not grow with the session.
        #expect(sizes.max()! - sizes.min()! < 64, "\(sizes)")
        var releases = 0
        try tape.forEachEvent { recorded in
            if case .separated(let resolution) = recorded.event, resolution.source == .delegate { separatesWithFreshDetail += 1 }
            if case .controllerReleased = recorded.event { releases += 1 }
            return true
        }
        #expect(separatesWithFreshDetail > 100 && releases > 100, "\(separatesWithFreshDetail) fresh details, \(releases) releases")
    }
}
