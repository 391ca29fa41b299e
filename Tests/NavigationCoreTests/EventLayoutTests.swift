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

    @Test("boxed cases keep their values: equal, hashable, and matched by pattern as before")
    func boxedCasesRoundTrip() {
        let spec = ControllerSpec.navigation("Detail NC", [.content("Detail")])
        let command = NavigationCommand.instantiate(spec)
        guard case .instantiate(let inside) = command else {
            Issue.record("not an instantiate: \(command)")
            return
        }
        #expect(inside == spec)
        #expect(command == .instantiate(spec) && command != .instantiate(.content("Other")))
        let event = NavigationEvent.ignored(command, reason: .atRoot, subject: nil)
        #expect(Set([event, event, .ignored(.representItem(ControllerID(app: 1), "item"), reason: .atRoot, subject: nil)]).count == 2)
        let policy = NavigationEvent.policyChanged(.calendarPaste())
        #expect(policy == .policyChanged(.calendarPaste()) && policy.kind == .policyChanged)
    }
}
