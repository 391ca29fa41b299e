/// The controllers of a ``NavigationState`` as flat data: app and minted records in two contiguous
/// buffers indexed by ``ControllerID/index``, and every navigation stack a span of one arena of IDs.
///
/// Records and IDs are plain values, so a snapshot (a checkpoint, time travel, a what-if) copies the
/// three buffers in one move each, and the evolve path allocates only when a stack outgrows its
/// span. The buffers are held inline as pointers, so reading them costs no reference counting; a
/// class instance, ``Owner``, frees them and tells shared from unshared: a mutating step calls
/// ``NavigationState/makeControllersUnique()`` once (copy-on-write), then writes through pointers.
/// Equality and hashing are logical: the arena's layout (where spans lie, their slack) is not compared.
@usableFromInline
package struct ControllerStore: @unchecked Sendable {
    /// Frees the buffers when the last state holding them goes; shared means copy before writing.
    @usableFromInline
    package final class Owner {
        var app: UnsafeMutablePointer<ControllerRecord>
        var minted: UnsafeMutablePointer<ControllerRecord>
        var arena: UnsafeMutablePointer<ControllerID>

        init(app: UnsafeMutablePointer<ControllerRecord>, minted: UnsafeMutablePointer<ControllerRecord>, arena: UnsafeMutablePointer<ControllerID>) {
            self.app = app
            self.minted = minted
            self.arena = arena
        }

        deinit {
            app.deallocate()
            minted.deallocate()
            arena.deallocate()
        }
    }

    @usableFromInline package private(set) var app: UnsafeMutablePointer<ControllerRecord>
    @usableFromInline package private(set) var appCount: Int
    @usableFromInline var appCapacity: Int
    @usableFromInline package private(set) var minted: UnsafeMutablePointer<ControllerRecord>
    @usableFromInline package private(set) var mintedCount: Int
    @usableFromInline var mintedCapacity: Int
    /// Every stack, each at its record's `stackStart`, with `stackCapacity` slots reserved.
    @usableFromInline var arena: UnsafeMutablePointer<ControllerID>
    /// The arena's used end: new spans start here.
    @usableFromInline package private(set) var arenaCount: Int
    @usableFromInline var arenaCapacity: Int
    /// The buffers' owner.
    @usableFromInline package var owner: Owner
    /// Set only while a fold that lets no one else see the state runs its steps
    /// (``NavigationState/withControllersKnownUnique(_:)``): the steps then skip the per-step
    /// uniqueness check, a runtime call. Not part of the value (`==` and hashing ignore it).
    @usableFromInline package var isKnownUnique = false

    /// An empty store.
    package init() { self.init(appCapacity: 8, mintedCapacity: 4, arenaCapacity: 32) }

    /// An empty store with room for `appCapacity` app and `mintedCapacity` minted records and
    /// `arenaCapacity` stacked controllers (a decoder that knows the counts allocates three times).
    package init(appCapacity: Int, mintedCapacity: Int, arenaCapacity: Int) {
        self.appCapacity = Swift.max(appCapacity, 8)
        app = .allocate(capacity: self.appCapacity)
        appCount = 0
        self.mintedCapacity = Swift.max(mintedCapacity, 4)
        minted = .allocate(capacity: self.mintedCapacity)
        mintedCount = 0
        self.arenaCapacity = Swift.max(arenaCapacity, 32)
        arena = .allocate(capacity: self.arenaCapacity)
        arenaCount = 0
        owner = Owner(app: app, minted: minted, arena: arena)
    }

    /// Gives this store buffers of its own, copies of the ones it shares (three buffer copies).
    /// Never inlined: the cold path of every copy-on-write check, kept out of the steps.
    @usableFromInline @inline(never)
    package mutating func copyBuffers() {
        var copy = ControllerStore(appCapacity: appCount, mintedCapacity: mintedCount, arenaCapacity: arenaCount)
        copy.app.initialize(from: app, count: appCount)
        copy.appCount = appCount
        copy.minted.initialize(from: minted, count: mintedCount)
        copy.mintedCount = mintedCount
        copy.arena.initialize(from: arena, count: arenaCount)
        copy.arenaCount = arenaCount
        self = copy
    }

    /// The record of `id`, or `nil` for an index past its space's end.
    @inlinable @inline(__always)
    package func slot(_ id: ControllerID) -> UnsafeMutablePointer<ControllerRecord>? {
        let i = id.index
        if id.isMinted { return i < mintedCount ? minted + i : nil }
        return i < appCount ? app + i : nil
    }

    /// The record at `index` of the app space (`index` below ``appCount``).
    @inlinable @inline(__always)
    package func appRecord(_ index: Int) -> ControllerRecord { app[index] }

    /// The record at `index` of the minted space (`index` below ``mintedCount``).
    @inlinable @inline(__always)
    package func mintedRecord(_ index: Int) -> ControllerRecord { minted[index] }

    /// The stack of `record`, in place: valid until the next change to the store.
    @inlinable @inline(__always)
    package func stack(of record: UnsafePointer<ControllerRecord>) -> UnsafeMutableBufferPointer<ControllerID> {
        UnsafeMutableBufferPointer(start: arena + Int(record.pointee.stackStart), count: Int(record.pointee.stackCount))
    }

    /// Appends a record with an empty stack (`minted` chooses the space) and returns where it lies
    /// (until the next append).
    @discardableResult
    package mutating func append(_ record: ControllerRecord, minted isMinted: Bool) -> UnsafeMutablePointer<ControllerRecord> {
        var record = record
        record.stackStart = 0
        record.stackCount = 0
        record.stackCapacity = 0
        // The owner learns of a buffer only when it moves: most appends fit.
        if isMinted {
            let before = minted
            let slot = Self.append(record, to: &minted, count: &mintedCount, capacity: &mintedCapacity)
            if minted != before { owner.minted = minted }
            return slot
        }
        let before = app
        let slot = Self.append(record, to: &app, count: &appCount, capacity: &appCapacity)
        if app != before { owner.app = app }
        return slot
    }

    /// Appends `record` to one space's buffer, growing it when full (the caller updates ``owner``).
    private static func append(
        _ record: ControllerRecord, to buffer: inout UnsafeMutablePointer<ControllerRecord>, count: inout Int, capacity: inout Int
    ) -> UnsafeMutablePointer<ControllerRecord> {
        if count == capacity { grow(&buffer, count: count, capacity: &capacity, to: count + 1) }
        (buffer + count).initialize(to: record)
        count += 1
        return buffer + (count - 1)
    }

    /// Pushes `id` onto the stack of `record`.
    @inline(__always)
    package mutating func push(_ id: ControllerID, onto record: UnsafeMutablePointer<ControllerRecord>) {
        if record.pointee.stackCount == record.pointee.stackCapacity { reserve(Int(record.pointee.stackCount) + 1, for: record) }
        arena[Int(record.pointee.stackStart) + Int(record.pointee.stackCount)] = id
        record.pointee.stackCount &+= 1
    }

    /// Removes and returns the top of the stack of `record`, if it has one.
    @inlinable @inline(__always)
    package mutating func popLast(of record: UnsafeMutablePointer<ControllerRecord>) -> ControllerID? {
        guard record.pointee.stackCount > 0 else { return nil }
        record.pointee.stackCount &-= 1
        return arena[Int(record.pointee.stackStart) + Int(record.pointee.stackCount)]
    }

    /// Cuts the stack of `record` to its first `count` controllers.
    @inline(__always)
    package mutating func truncate(_ record: UnsafeMutablePointer<ControllerRecord>, to count: Int) {
        if count < Int(record.pointee.stackCount) { record.pointee.stackCount = UInt32(truncatingIfNeeded: count) }
    }

    /// Removes the controller at `position` of the stack of `record`, closing the gap.
    package mutating func remove(at position: Int, fromStackOf record: UnsafeMutablePointer<ControllerRecord>) {
        let base = arena + Int(record.pointee.stackStart)
        let count = Int(record.pointee.stackCount)
        guard position >= 0, position < count else { return }
        (base + position).update(from: base + position + 1, count: count - position - 1)
        record.pointee.stackCount &-= 1
    }

    /// Makes the stack of `record` `list`, reusing its span when it fits.
    package mutating func setStack<List: Collection<ControllerID>>(_ list: List, of record: UnsafeMutablePointer<ControllerRecord>) {
        let count = list.count
        record.pointee.stackCount = 0
        if count > Int(record.pointee.stackCapacity) { reserve(count, for: record) }
        var cursor = arena + Int(record.pointee.stackStart)
        for id in list {
            cursor.pointee = id
            cursor += 1
        }
        record.pointee.stackCount = UInt32(truncatingIfNeeded: count)
    }

    /// Gives the stack of `record` room for `minimum` controllers, keeping its contents: extended in
    /// place at the arena's end, else moved there. Capacities double, so the spans a stack left
    /// behind hold fewer slots than its current one: the arena stays within twice its live spans.
    package mutating func reserve(_ minimum: Int, for record: UnsafeMutablePointer<ControllerRecord>) {
        let capacity = Int(record.pointee.stackCapacity)
        guard minimum > capacity else { return }
        let newCapacity = Swift.max(minimum, capacity * 2, 4)
        let start = Int(record.pointee.stackStart)
        if capacity > 0 && start + capacity == arenaCount {
            ensureArena(start + newCapacity)
            arenaCount = start + newCapacity
        } else {
            let newStart = arenaCount
            ensureArena(newStart + newCapacity)
            (arena + newStart).initialize(from: arena + start, count: Int(record.pointee.stackCount))
            arenaCount = newStart + newCapacity
            record.pointee.stackStart = UInt32(truncatingIfNeeded: newStart)
        }
        record.pointee.stackCapacity = UInt32(truncatingIfNeeded: newCapacity)
    }

    private mutating func ensureArena(_ minimum: Int) {
        guard minimum > arenaCapacity else { return }
        Self.grow(&arena, count: arenaCount, capacity: &arenaCapacity, to: minimum)
        owner.arena = arena
    }

    private static func grow<Element>(_ buffer: inout UnsafeMutablePointer<Element>, count: Int, capacity: inout Int, to minimum: Int) {
        let newCapacity = Swift.max(minimum, capacity * 2, 4)
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        fresh.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        buffer = fresh
        capacity = newCapacity
    }
}

extension ControllerStore: Hashable {
    @usableFromInline
    package static func == (a: ControllerStore, b: ControllerStore) -> Bool {
        if a.owner === b.owner { return true }
        guard a.appCount == b.appCount, a.mintedCount == b.mintedCount else { return false }
        for (left, right, count) in [(a.app, b.app, a.appCount), (a.minted, b.minted, a.mintedCount)] {
            for i in 0..<count {
                guard left[i] == right[i] else { return false }
                if !a.stack(of: left + i).elementsEqual(b.stack(of: right + i)) { return false }
            }
        }
        return true
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(appCount)
        hasher.combine(mintedCount)
        for (records, count) in [(app, appCount), (minted, mintedCount)] {
            for i in 0..<count {
                hasher.combine(records[i])
                for id in stack(of: records + i) { hasher.combine(id) }
            }
        }
    }
}
