import ByteCoding
import NavigationCore

/// The binary encoding of a whole ``NavigationState``: checkpoints and snapshots.
///
/// The encoding is canonical: states that are `==` encode to the same bytes (signed zeros are
/// written as `+0.0`), so ``hash(_:)`` of the encoding identifies a state across processes,
/// machines and format versions. The layout is in `docs/EventEncoding.md`, "State".
public enum StateCodec {
    /// The version byte ``encode(_:)`` writes. Version 2 appended the column-style fields
    /// (supplementary and compact columns, split behaviours, the two button settings) and added the
    /// `legacy` and `manual` styles; version 3 appended the delegate's state (the policy the session
    /// changed to, the app's flags) and marks released controllers (bit 7 of a record's first byte);
    /// version 4 gives a record the item its controller shows (bit 3, then the name ID last).
    public static let formatVersion: UInt8 = 4
    /// The versions ``decode(_:)-([UInt8])`` reads: older states decode with the fields later
    /// versions added at their defaults.
    public static let readableFormatVersions: ClosedRange<UInt8> = 1...4

    /// The canonical encoding of `state`: the name table, both controller registries and every
    /// split field.
    ///
    /// - Complexity: O(number of controllers + total stack length + total name length).
    public static func encode(_ state: NavigationState) -> [UInt8] {
        var writer = ByteWriter(capacity: 64 + 8 * (state.appControllerCount + state.mintedControllerCount))
        writer.writeState(state, version: formatVersion)
        return writer.bytes
    }

    /// The canonical encoding of `state` in format `version`, or `nil` when that version cannot
    /// hold it: a version this build does not know, or version 1 for a `legacy` or `manual` style or
    /// a column-style field away from its default, or version 1–2 for a state with a changed
    /// policy, a flag set or a released controller.
    ///
    /// Version 1 is what builds before the column-style fields wrote.
    public static func encode(_ state: NavigationState, formatVersion version: UInt8) -> [UInt8]? {
        guard readableFormatVersions.contains(version) else { return nil }
        if version == 1 && !state.fitsVersion1 { return nil }
        if version == 2 && !state.fitsVersion2 { return nil }
        if version == 3 && !state.fitsVersion3 { return nil }
        var writer = ByteWriter(capacity: 64 + 8 * (state.appControllerCount + state.mintedControllerCount))
        writer.writeState(state, version: version)
        return writer.bytes
    }

    /// Whether state format version 1 (and session description version 1) knew `style`.
    static func isVersion1Style(_ style: SplitStyle) -> Bool {
        style == .unspecified || style == .doubleColumn || style == .tripleColumn
    }

    /// Decodes a state, validating every field.
    ///
    /// Beyond the format itself (version, enum raw values, reserved bits, counts capped by the
    /// bytes that remain, UTF-8, canonical doubles, no trailing bytes), the result must be coherent:
    /// the name table holds no string twice, every controller ID and name ID resolves,
    /// ``NavigationState/structuralInvariantsHold`` holds, the split's columns are coherent (no
    /// controller in two columns; supplementary and compact columns and split behaviours only where
    /// the style has them; the compact column hangs from the split), and parent links and stacks
    /// agree both ways (each controller in one stack at most, with that stack's owner as its
    /// parent). Version 1 states (see ``readableFormatVersions``) decode with the column-style
    /// fields at their defaults; a version this build does not know is `.unsupportedVersion`. States
    /// that `decide` and `evolve` produce qualify, and decoding their encoding gives a state `==`
    /// to them; a state built by evolving forged events may not, and then fails with `.invalidValue`.
    /// - Parameter bytes: Exactly one encoded state.
    /// - Throws: ``CodecError``; never traps.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(CodecError) -> NavigationState {
        var reader = ByteReader(bytes)
        let state = try reader.readState()
        try reader.expectEnd(for: "state")
        return state
    }

    /// Decodes a state held in an array (see ``decode(_:)-(UnsafeRawBufferPointer)``).
    public static func decode(_ bytes: [UInt8]) throws(CodecError) -> NavigationState {
        try ByteReader.withReader(over: bytes) { (reader: inout ByteReader) throws(CodecError) in
            let state = try reader.readState()
            try reader.expectEnd(for: "state")
            return state
        }
    }

    /// A deterministic 64-bit hash of `state`: FNV-1a 64 over its canonical encoding in the oldest
    /// format version that holds it.
    ///
    /// Equal states have equal hashes in every process (unlike `Hasher`, which is seeded per
    /// process), so recorded and replayed states can be compared by hash. The hash is also stable
    /// across format versions: a state an older version can hold (every state an older build could
    /// produce) hashes that version's encoding, exactly as before, so checkpoints stored by older
    /// builds still verify. (Different states still hash different byte strings: the encodings
    /// start with their version.)
    /// - Complexity: O(size of the encoding).
    public static func hash(_ state: NavigationState) -> UInt64 {
        var writer = ByteWriter(capacity: 64 + 8 * (state.appControllerCount + state.mintedControllerCount))
        writer.writeState(state, version: state.oldestFittingVersion)
        return fnv1a64(writer.bytes)
    }

    /// FNV-1a 64 of the encoding in format `version` (see ``encode(_:formatVersion:)``), or `nil`
    /// when that version cannot hold `state`. ``hash(_:)`` is this for the oldest version that
    /// holds `state`.
    public static func hash(_ state: NavigationState, formatVersion version: UInt8) -> UInt64? {
        encode(state, formatVersion: version).map(fnv1a64)
    }

    /// FNV-1a 64 of `bytes` (offset basis `0xCBF29CE484222325`, prime `0x100000001B3`).
    public static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes(FNV1a64.hash)
    }
}

extension ByteWriter {
    /// A state in format `version` (layout in docs/EventEncoding.md, "State"); version 1 leaves out
    /// the fields it predates, so the caller checks ``NavigationState/fitsVersion1``.
    mutating func writeState(_ state: NavigationState, version: UInt8) {
        writeUInt8(version)
        writeStrings(state.names.strings)
        writeVarint(UInt64(state.appControllerCount))
        writeVarint(UInt64(state.mintedControllerCount))
        for index in 0..<state.appControllerCount { writeRecord(ControllerID(app: index), of: state, version: version) }
        for index in 0..<state.mintedControllerCount { writeRecord(ControllerID(minted: index), of: state, version: version) }
        writeUInt8(state.style.rawValue)
        writeTraits(state.traits)
        let flags: UInt8 =
            (state.isLaunched ? 0x01 : 0) | (state.isCollapsed ? 0x02 : 0)
            | (state.presentsWithGesture ? 0x04 : 0) | (state.rememberedSecondaryWasPushed ? 0x08 : 0)
        writeUInt8(flags)
        writeUInt8(state.primaryEdge.rawValue)
        writeUInt8(state.preferredDisplayMode.rawValue)
        writeUInt8(state.displayMode.rawValue)
        let preferences = state.widthPreferences
        let values = [preferences.fraction, preferences.width, preferences.minimum, preferences.maximum]
        var mask: UInt8 = 0
        for (bit, value) in values.enumerated() where value != nil { mask |= 1 &<< UInt8(bit) }
        writeUInt8(mask)
        for case let value? in values { writeCanonicalDouble(value) }
        writeCanonicalDouble(state.primaryColumnWidth)
        writeOptionalID(state.primary)
        writeOptionalID(state.secondary)
        writeOptionalID(state.rememberedSecondary)
        writeOptionalID(state.nestingNavigation)  // derived (ST-13); kept in the layout, checked on decode
        writeOptionalID(state.presented)
        guard version >= 2 else { return }
        // Version 2: the column-style fields, appended.
        writeOptionalID(state.supplementary)
        writeOptionalID(state.compactColumn)
        writeUInt8(state.preferredSplitBehavior.rawValue)
        writeUInt8(state.splitBehavior.rawValue)
        writeBool(state.showsSecondaryOnlyButton)
        writeUInt8(state.displayModeButtonVisibility.rawValue)
        guard version >= 3 else { return }
        // Version 3: the delegate's state, appended.
        writeBool(state.policy != nil)
        if let policy = state.policy { writePolicy(policy) }
        writeVarint(UInt64(state.flags.count))
        for flag in state.flags { writeNameID(flag) }
    }

    /// A double with `-0.0` written as `+0.0` (they are `==`), so equal states encode equally.
    mutating func writeCanonicalDouble(_ value: Double) {
        writeDouble(value == 0 ? 0 : value)
    }

    /// One controller record: kind (bits 0–2; bit 3 in version 4: an item follows), parent tag
    /// (bits 4–5), `hasBeenDetail` (bit 6) and `isReleased` (bit 7, version 3) in one byte, then the
    /// name, the optional restoration ID, the parent navigation controller when the parent is one,
    /// the stack, and the item's name ID.
    mutating func writeRecord(_ id: ControllerID, of state: NavigationState, version: UInt8) {
        guard let record = state.record(id) else { return }
        let parentTag: ControllerParentWireTag
        switch record.parent {
        case .none: parentTag = .none
        case .navigation: parentTag = .navigation
        case .split: parentTag = .split
        case .presented: parentTag = .presented
        }
        let item = version >= 4 ? record.item : nil
        writeUInt8(
            record.kind.rawValue | (item != nil ? 0x08 : 0) | parentTag.rawValue &<< 4 | (record.hasBeenDetail ? 0x40 : 0)
                | (record.isReleased ? 0x80 : 0))
        writeNameID(record.name)
        writeOptionalNameID(record.restorationID)
        if case .navigation(let navigation) = record.parent { writeID(navigation) }
        let count = state.stackCount(of: id)
        writeVarint(UInt64(count))
        for position in 0..<count { writeID(state.stackChild(position, of: id)) }
        if let item { writeNameID(item) }
    }
}

extension ByteReader {
    /// Consumes a state and validates it (see ``StateCodec/decode(_:)-(UnsafeRawBufferPointer)``).
    ///
    /// `previous`, a name table decoded before (the last checkpoint's), is taken as the state's own
    /// when the state holds the same names byte for byte: a session interns its names early, so
    /// most checkpoints repeat them, and comparing bytes costs less than building strings and
    /// hashing them into a table. Anything else decodes the names in full, with the same errors.
    mutating func readState(reusingNames previous: NameTable? = nil) throws(CodecError) -> NavigationState {
        let versionOffset = offset
        let version = try readByte(for: "state.version")
        guard StateCodec.readableFormatVersions.contains(version) else {
            throw CodecError.unsupportedVersion(version, at: versionOffset, "state.version", readable: StateCodec.readableFormatVersions)
        }
        var names = NameTable()
        let namesOffset = offset
        let nameCount = try readCount(for: "state.names")
        guard nameCount <= NavigationState.Limits.maximumNames else { throw Self.failure(.tooLarge, at: namesOffset, for: "state.names") }
        if let previous, previous.count == nameCount, consumeStrings(equalTo: previous.strings) {
            names = previous
        } else {
            try readNames(count: nameCount, into: &names)
        }

        // Both counts come first so that each record's IDs can be checked as it is read.
        let countsOffset = offset
        let appCount = try readCount(minimumSize: 4, for: "state.appControllers")
        let mintedCount = try readCount(minimumSize: 4, for: "state.mintedControllers")
        guard appCount + mintedCount <= NavigationState.Limits.maximumControllers else {
            throw Self.failure(.tooLarge, at: countsOffset, for: "state.controllers")
        }
        guard appCount + mintedCount <= remaining / 4 else {
            throw Self.failure(.truncated, at: countsOffset, for: "state.controllers")
        }
        let context = RegistryContext(nameCount: names.count, appCount: appCount, mintedCount: mintedCount, version: version)
        let recordsOffset = offset
        // A stacked controller takes at least a byte: the arena's room is bounded by what is left.
        var controllers = ControllerStore(appCapacity: appCount, mintedCapacity: mintedCount, arenaCapacity: Swift.min(remaining, appCount + mintedCount))
        for index in 0..<(appCount + mintedCount) { try readRecord(context, into: &controllers, minted: index >= appCount) }

        let styleOffset = offset
        let style = try readEnum(SplitStyle.self, for: "state.style")
        guard version >= 2 || StateCodec.isVersion1Style(style) else {
            throw Self.failure(.invalidValue, at: styleOffset, for: "state.style (not in version 1)")
        }
        let traits = try readTraits(for: "state.traits")
        let flagsOffset = offset
        let flags = try readByte(for: "state.flags")
        guard flags & 0xF0 == 0 else { throw Self.failure(.invalidValue, at: flagsOffset, for: "state.flags") }
        let primaryEdge = try readEnum(PrimaryEdge.self, for: "state.primaryEdge")
        let preferredDisplayMode = try readEnum(DisplayMode.self, for: "state.preferredDisplayMode")
        let displayMode = try readEnum(DisplayMode.self, for: "state.displayMode")
        let maskOffset = offset
        let mask = try readByte(for: "state.widthPreferences")
        guard mask & 0xF0 == 0 else { throw Self.failure(.invalidValue, at: maskOffset, for: "state.widthPreferences") }
        var preferences = ColumnWidthPreferences()
        if mask & 0x01 != 0 { preferences.fraction = try readCanonicalDouble(for: "state.widthPreferences.fraction") }
        if mask & 0x02 != 0 { preferences.width = try readCanonicalDouble(for: "state.widthPreferences.width") }
        if mask & 0x04 != 0 { preferences.minimum = try readCanonicalDouble(for: "state.widthPreferences.minimum") }
        if mask & 0x08 != 0 { preferences.maximum = try readCanonicalDouble(for: "state.widthPreferences.maximum") }
        let primaryColumnWidth = try readCanonicalDouble(for: "state.primaryColumnWidth")
        let columnsOffset = offset
        let primary = try readKnownOptionalID(context, for: "state.primary")
        let secondary = try readKnownOptionalID(context, for: "state.secondary")
        let rememberedSecondary = try readKnownOptionalID(context, for: "state.rememberedSecondary")
        // Derived from the state (ST-13); stored for the layout, and checked so decoding stays canonical.
        let nestingNavigation = try readKnownOptionalID(context, for: "state.nestingNavigation")
        let presented = try readKnownOptionalID(context, for: "state.presented")
        // Version 2 appended the column-style fields; a version 1 state has their defaults.
        var supplementary: ControllerID?
        var compactColumn: ControllerID?
        var preferredSplitBehavior = SplitBehavior.automatic
        var splitBehavior = SplitBehavior.automatic
        var showsSecondaryOnlyButton = false
        var displayModeButtonVisibility = ButtonVisibility.automatic
        var policy: SplitPolicy?
        var appFlags: [NameID] = []
        if version >= 2 {
            supplementary = try readKnownOptionalID(context, for: "state.supplementary")
            compactColumn = try readKnownOptionalID(context, for: "state.compactColumn")
            preferredSplitBehavior = try readEnum(SplitBehavior.self, for: "state.preferredSplitBehavior")
            splitBehavior = try readEnum(SplitBehavior.self, for: "state.splitBehavior")
            showsSecondaryOnlyButton = try readBool(for: "state.showsSecondaryOnlyButton")
            displayModeButtonVisibility = try readEnum(ButtonVisibility.self, for: "state.displayModeButtonVisibility")
        }
        if version >= 3 {
            if try readBool(for: "state.policy") { policy = try readPolicy(version: SessionDescription.formatVersion) }
            let flagCount = try readCount(for: "state.flags")
            for _ in 0..<flagCount {
                let flagOffset = offset
                let flag = try readKnownNameID(context, for: "state.flags")
                // Sorted, each once: the encoding stays canonical.
                guard appFlags.last.map({ $0.rawValue < flag.rawValue }) ?? true else {
                    throw Self.failure(.invalidValue, at: flagOffset, for: "state.flags")
                }
                appFlags.append(flag)
            }
        }

        var state = NavigationState(style: style, traits: traits)
        state.names = names
        state.controllers = controllers
        state.isLaunched = flags & 0x01 != 0
        state.isCollapsed = flags & 0x02 != 0
        state.presentsWithGesture = flags & 0x04 != 0
        state.rememberedSecondaryWasPushed = flags & 0x08 != 0
        state.primaryEdge = primaryEdge
        state.preferredDisplayMode = preferredDisplayMode
        state.displayMode = displayMode
        state.widthPreferences = preferences
        state.primaryColumnWidth = primaryColumnWidth
        state.primary = primary
        state.secondary = secondary
        state.rememberedSecondary = rememberedSecondary
        state.presented = presented
        state.supplementary = supplementary
        state.compactColumn = compactColumn
        state.preferredSplitBehavior = preferredSplitBehavior
        state.splitBehavior = splitBehavior
        state.showsSecondaryOnlyButton = showsSecondaryOnlyButton
        state.displayModeButtonVisibility = displayModeButtonVisibility
        state.policy = policy
        state.flags = appFlags
        // `evolve` asserts these after every event in checked builds: a state breaking them is not
        // one a log can hold, and would trap the first `evolve` on it.
        guard state.structuralInvariantsHold else {
            throw Self.failure(.invalidValue, at: flagsOffset, for: "state (structural invariants INV-2, INV-3, split children)")
        }
        if let problem = state.columnProblem() {
            throw CodecError(.invalidValue, at: columnsOffset, "state.columns (\(problem))")
        }
        if let problem = state.containmentProblem() {
            throw CodecError(.invalidValue, at: recordsOffset, "state.controllers (\(problem))")
        }
        guard nestingNavigation == state.nestingNavigation else {
            throw CodecError(.invalidValue, at: columnsOffset, "state.nestingNavigation (not the collapsed navigation primary)")
        }
        return state
    }

    /// Consumes a double that the state encoding writes canonically: `-0.0` is refused (it is
    /// written as `+0.0`), so a decoded state re-encodes to the same bytes.
    mutating func readCanonicalDouble(for context: StaticString) throws(CodecError) -> Double {
        let start = offset
        let value = try readDouble(for: context)
        guard value != 0 || value.sign == .plus else { throw Self.failure(.invalidValue, at: start, for: context) }
        return value
    }

    /// The sizes that IDs read from a state must fit.
    struct RegistryContext {
        var nameCount: Int
        var appCount: Int
        var mintedCount: Int
        var version: UInt8

        func contains(_ id: ControllerID) -> Bool {
            id.index < (id.isMinted ? mintedCount : appCount)
        }
    }

    /// Consumes a controller ID that must name a controller of the registries.
    mutating func readKnownID(_ context: RegistryContext, for field: StaticString) throws(CodecError) -> ControllerID {
        let start = offset
        let id = try readID(for: field)
        guard context.contains(id) else { throw Self.failure(.invalidValue, at: start, for: field) }
        return id
    }

    /// Consumes an optional controller ID that, when present, must name a known controller.
    mutating func readKnownOptionalID(_ context: RegistryContext, for field: StaticString) throws(CodecError) -> ControllerID? {
        let start = offset
        guard let id = try readOptionalID(for: field) else { return nil }
        guard context.contains(id) else { throw Self.failure(.invalidValue, at: start, for: field) }
        return id
    }

    /// Consumes a name ID that must be in the name table.
    mutating func readKnownNameID(_ context: RegistryContext, for field: StaticString) throws(CodecError) -> NameID {
        let start = offset
        let id = try readNameID(for: field)
        guard Int(id.rawValue) < context.nameCount else { throw Self.failure(.invalidValue, at: start, for: field) }
        return id
    }

    /// Consumes `count` names into `names` (empty), checking their bytes, the table's byte cap and
    /// that none repeats.
    mutating func readNames(count: Int, into names: inout NameTable) throws(CodecError) {
        names.reserveCapacity(count)  // readCount bounds it by the bytes left: a forged count reserves little
        for _ in 0..<count {
            let stringOffset = offset
            let string = try readString(for: "state.names")
            guard names.byteCount + string.utf8.count <= NavigationState.Limits.maximumNameBytes else {
                throw Self.failure(.tooLarge, at: stringOffset, for: "state.names (bytes)")
            }
            // `append` ignores a string it holds: a repeat would shift every later name ID.
            let before = names.count
            names.append(string)
            guard names.count == before + 1 else {
                throw Self.failure(.invalidValue, at: stringOffset, for: "state.names (repeated string)")
            }
        }
    }

    /// Consumes strings encoded as `strings` are, byte for byte, and returns `true`; otherwise
    /// consumes nothing and returns `false`.
    mutating func consumeStrings(equalTo strings: [String]) -> Bool {
        var ahead = self
        for string in strings {
            guard let length = ahead.readVarint(), length == UInt64(string.utf8.count),
                let body = ahead.readBytes(count: Int(length)), string.utf8.elementsEqual(body)
            else { return false }
        }
        self = ahead
        return true
    }

    /// Consumes one controller record.
    mutating func readRecord(_ context: RegistryContext, into controllers: inout ControllerStore, minted: Bool) throws(CodecError) {
        let start = offset
        let packed = try readByte(for: "record.kind")
        let hasItem = context.version >= 4 && packed & 0x08 != 0
        guard packed & 0x80 == 0 || context.version >= 3, let kind = ControllerKind(rawValue: packed & (context.version >= 4 ? 0x07 : 0x0F)),
            let parentTag = ControllerParentWireTag(rawValue: packed &>> 4 & 0x03)
        else { throw Self.failure(.invalidValue, at: start, for: "record.kind") }
        let name = try readKnownNameID(context, for: "record.name")
        let restorationOffset = offset
        let restorationID = try readOptionalNameID(for: "record.restorationID")
        if let restorationID, Int(restorationID.rawValue) >= context.nameCount {
            throw Self.failure(.invalidValue, at: restorationOffset, for: "record.restorationID")
        }
        var record = ControllerRecord(kind: kind, name: name, restorationID: restorationID)
        switch parentTag {
        case .none: record.parent = .none
        case .navigation: record.parent = .navigation(try readKnownID(context, for: "record.parent"))
        case .split: record.parent = .split
        case .presented: record.parent = .presented
        }
        record.hasBeenDetail = packed & 0x40 != 0
        record.isReleased = packed & 0x80 != 0
        // The stack goes straight into the store; a record refused below leaves it there, but a
        // refusal throws, and the store is dropped with the state being decoded.
        let count = try readCount(for: "record.stack")
        let stored = controllers.append(record, minted: minted)
        if count > 0 { controllers.reserve(count, for: stored) }
        for _ in 0..<count { controllers.push(try readKnownID(context, for: "record.stack"), onto: stored) }
        if hasItem { stored.pointee.item = try readKnownNameID(context, for: "record.item") }
        // A released controller is a free slot: no parent, no stack, never detail.
        let item = stored.pointee.item
        if record.isReleased, record.parent != .none || count != 0 || record.hasBeenDetail || item != nil {
            throw Self.failure(.invalidValue, at: start, for: "record (released)")
        }
    }
}
