import Testing

@testable import NavigationCore

/// A minted slot is reused in place (EX-3): `reuse(kind:name:restorationID:)` and `release()` write a record field by
/// field to keep its stack's span, so a stored property they forget would survive into the next
/// controller of the slot.
@Suite("ControllerRecord: reusing a slot in place")
struct ControllerRecordTests {
    /// A record whose every stored property differs from a fresh record's.
    static func full() -> ControllerRecord {
        var record = ControllerRecord(kind: .navigation, name: NameID(rawValue: 3), restorationID: NameID(rawValue: 4))
        record.stackStart = 6
        record.stackCount = 2
        record.stackCapacity = 4
        record.parent = .navigation(ControllerID(app: 7))
        record.hasBeenDetail = true
        record.isReleased = true
        record.item = NameID(rawValue: 5)
        return record
    }

    @Test("reuse(kind:name:restorationID:) makes the slot equal to a fresh record, whatever it held (EX-3)")
    func reuse() {
        #expect(Mirror(reflecting: Self.full()).children.count == 10, "a new stored property: write it in reuse and release()")
        var slot = Self.full()
        slot.reuse(kind: .content, name: NameID(rawValue: 9), restorationID: nil)
        #expect(slot == ControllerRecord(kind: .content, name: NameID(rawValue: 9), restorationID: nil))
        // The span is kept for the slot's next stack.
        #expect(slot.stackStart == 6 && slot.stackCapacity == 4)
    }

    @Test("release() keeps kind, name and restoration identifier, and clears the rest (EX-3)")
    func release() {
        var slot = Self.full()
        slot.isReleased = false
        slot.release()
        var expected = ControllerRecord(kind: .navigation, name: NameID(rawValue: 3), restorationID: NameID(rawValue: 4))
        expected.isReleased = true
        #expect(slot == expected)
        #expect(slot.stackStart == 6 && slot.stackCapacity == 4)
    }
}
