import Testing
import NavigationCore

/// The size of the values a fold reads: an event is as large as its largest inline case, and the
/// Evolve suite's loop reads them from memory one after another (64-byte events, before the rare
/// large cases were boxed, took 12.4 ns each; 32-byte ones 8.8 ns).
@Suite("event layout")
struct EventLayoutTests {
    @Test("an event fits 32 bytes and a command 24: a new large case is boxed (`indirect`), not inline")
    func sizes() {
        #expect(MemoryLayout<NavigationEvent>.stride <= 32, "\(MemoryLayout<NavigationEvent>.size) bytes")
        #expect(MemoryLayout<NavigationCommand>.size <= 24, "\(MemoryLayout<NavigationCommand>.size) bytes")
    }

}
