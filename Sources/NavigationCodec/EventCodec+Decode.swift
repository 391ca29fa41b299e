import ByteCoding
import NavigationCore

extension EventCodec {
    /// Decodes one record.
    ///
    /// The whole buffer must be the record: bytes after the event are `.trailingBytes`.
    /// - Parameter record: The bytes of exactly one record.
    /// - Returns: The event and whether it starts a commit.
    /// - Throws: ``CodecError`` for any record ``encode(_:startsCommit:into:)`` cannot produce;
    ///   never traps.
    /// - Complexity: O(`record.count`); allocates only for payloads that hold strings or lists.
    public static func decode(_ record: UnsafeRawBufferPointer) throws(CodecError) -> (event: NavigationEvent, startsCommit: Bool) {
        var reader = ByteReader(record)
        return try reader.readRecord()
    }

    /// Decodes one record held in an array (see ``decode(_:)-(UnsafeRawBufferPointer)``).
    public static func decode(_ record: [UInt8]) throws(CodecError) -> (event: NavigationEvent, startsCommit: Bool) {
        try ByteReader.withReader(over: record) { (reader: inout ByteReader) throws(CodecError) in try reader.readRecord() }
    }

    /// Decodes one record and folds it into `state`: the replay loop's step.
    ///
    /// The event is decoded into a value on the stack and applied with one
    /// ``NavigationState/evolve(_:)`` call, except stack records, whose list is read into memory on
    /// the stack and copied into the navigation controller's own; no record but a name's or a
    /// controller's creation allocates (those grow the state). `rejected` and `ignored` records, which change no state
    /// (``NavigationEvent/rejected(_:reason:subject:)``), are checked in full but their commands are
    /// not built. The record is validated in full before `state` is touched, so a bad record leaves
    /// `state` unchanged.
    /// - Parameters:
    ///   - record: The bytes of exactly one record.
    ///   - state: The state to fold the event into.
    /// - Returns: Whether the event starts a commit.
    /// - Throws: ``CodecError`` exactly when ``decode(_:)-(UnsafeRawBufferPointer)`` would, with the
    ///   same error, and `tooLarge` for an event that would pass a cap of `state`
    ///   (``NavigationState/Limits``); and then `state` is as it was.
    public static func decodeAndEvolve(_ record: UnsafeRawBufferPointer, into state: inout NavigationState) throws(CodecError) -> Bool {
        try step(record, into: &state)
    }

    /// Decodes and folds every record left in `batch` into `state`: the replay loop over one block.
    ///
    /// Each record is folded as ``decodeAndEvolve(_:into:)-(UnsafeRawBufferPointer,_)`` folds it,
    /// in one loop with no call per record: called record by record, the step's entry and exit
    /// were a tenth of the replay's instructions.
    /// - Throws: The first bad record's ``CodecError``; that record is number `batch.index - 1`,
    ///   and `state` is as after the records before it.
    public static func decodeAndEvolve(_ batch: inout RecordBatch, into state: inout NavigationState) throws(CodecError) {
        while let record = batch.next() { _ = try step(record, into: &state) }
    }

    /// ``decodeAndEvolve(_:into:)-(RecordBatch,_)``, calling `body` after each record with its
    /// index, its bytes and the state after it (which `body` must not change): a fold that
    /// watches every event, in one loop with one call per record.
    /// - Throws: The first error of a record's step or of `body`; that record is number
    ///   `batch.index - 1`.
    public static func decodeAndEvolve(
        _ batch: inout RecordBatch, into state: inout NavigationState,
        watching body: (_ index: UInt64, _ record: UnsafeRawBufferPointer, _ state: inout NavigationState) throws(CodecError) -> Void
    ) throws(CodecError) {
        while let record = batch.next() {
            _ = try step(record, into: &state)
            try body(batch.index &- 1, record, &state)
        }
    }

    /// The step of the `decodeAndEvolve` functions, inlined into each.
    @inline(__always)
    static func step(_ record: UnsafeRawBufferPointer, into state: inout NavigationState) throws(CodecError) -> Bool {
        var reader = ByteReader(record)
        let (tag, startsCommit) = try reader.readEventTag()
        switch tag {
        case .rejected, .ignored:
            try reader.skipRejectedOrIgnored(tag)
            try reader.expectEnd(for: "event")
        case .stackInitialized, .stackSet, .stackSetWithTransition:
            try reader.readStackEvent(tag, into: &state)
        // The frequent fixed-size events go straight to their step: no event value is built and destroyed.
        case .pushed:
            let (controller, navigation) = try reader.readPushed()
            try reader.expectEnd(for: "event")
            state.evolve(.pushed(controller, onto: navigation)) { $0.push(controller, onto: navigation) }
        case .popped:
            let (navigation, interactive) = try reader.readPopped()
            try reader.expectEnd(for: "event")
            state.evolve(.popped(navigation: navigation, interactive: interactive)) { $0.popTop(of: navigation) }
        case .shown:
            let (target, sender, resolution) = try reader.readShown()
            try reader.expectEnd(for: "event")
            state.evolve(.shown(target, sender: sender, resolution: resolution)) { $0.applyShow(target, resolution, asDetail: false) }
        case .detailShown:
            let (target, sender, resolution) = try reader.readDetailShown()
            try reader.expectEnd(for: "event")
            state.evolve(.detailShown(target, sender: sender, resolution: resolution)) { state in
                if let target { state.applyShow(target, resolution, asDetail: true) }
            }
        case .displayModeChanged:
            let (mode, cause) = try reader.readDisplayModeChanged()
            try reader.expectEnd(for: "event")
            state.evolve(.displayModeChanged(mode, cause: cause)) { $0.changeDisplayMode(to: mode) }
        case .traitsChanged:
            let traits = try reader.readTraits(for: "traitsChanged")
            try reader.expectEnd(for: "event")
            state.evolve(.traitsChanged(traits)) { $0.changeTraits(to: traits) }
        case .itemRepresented:
            let (controller, item) = try reader.readItemRepresented()
            try reader.expectEnd(for: "event")
            state.evolve(.itemRepresented(controller, item: item)) { $0.represent(item, by: controller) }
        case .controllerReleased:
            let controller = try reader.readID(for: "controllerReleased")
            try reader.expectEnd(for: "event")
            state.evolve(.controllerReleased(controller)) { $0.release(controller) }
        case .collapsed:
            let resolution = try reader.readCollapsed()
            try reader.expectEnd(for: "event")
            state.evolve(.collapsed(resolution)) { $0.collapse(resolution) }
        case .separated:
            let resolution = try reader.readSeparated()
            try reader.expectEnd(for: "event")
            state.evolve(.separated(resolution)) { $0.separate(resolution) }
        case .controllerCreated:
            let (id, kind, name, restorationID) = try reader.readControllerCreated()
            try reader.expectEnd(for: "event")
            if let problem = state.creationLimitProblem(id) { throw CodecError(.tooLarge, at: 0, "controllerCreated: \(problem)") }
            state.evolve(.controllerCreated(id, kind: kind, name: name, restorationID: restorationID)) {
                $0.createIfFits(id, kind: kind, name: name, restorationID: restorationID)
            }
        case .nameInterned:
            let event = try reader.readVariableSizeEvent(tag)
            try reader.expectEnd(for: "event")
            if let problem = state.limitProblem(event) { throw CodecError(.tooLarge, at: 0, "\(event.kind.name): \(problem)") }
            state.evolve(event)
        default:
            let event = try reader.readEventPayload(tag)
            try reader.expectEnd(for: "event")
            state.evolve(event)
        }
        return startsCommit
    }
}

/// Decodes a stream of records into events, reusing one buffer for their controller lists, so a
/// loop that drops each event before decoding the next allocates nothing in steady state (a list
/// longer than any before, or an event still held, makes the next list allocate, as a value must).
public struct EventDecoder {
    private var list: [ControllerID] = []

    /// A decoder with an empty buffer.
    public init() {}

    /// Decodes one record, exactly as ``EventCodec/decode(_:)-(UnsafeRawBufferPointer)`` does.
    public mutating func decode(_ record: UnsafeRawBufferPointer) throws(CodecError) -> (event: NavigationEvent, startsCommit: Bool) {
        var reader = ByteReader(record)
        return try reader.readRecord(reusing: &list)
    }
}

extension ByteReader {
    /// Consumes exactly one record: the tag byte, the payload, and nothing after it.
    @inline(__always)
    mutating func readRecord() throws(CodecError) -> (event: NavigationEvent, startsCommit: Bool) {
        var list: [ControllerID] = []
        return try readRecord(reusing: &list)
    }

    /// ``readRecord()`` with a stack record's list read into `list` (``EventDecoder``'s buffer).
    @inline(__always)
    mutating func readRecord(reusing list: inout [ControllerID]) throws(CodecError) -> (event: NavigationEvent, startsCommit: Bool) {
        let (tag, startsCommit) = try readEventTag()
        let event: NavigationEvent
        switch tag {
        case .stackInitialized, .stackSet, .stackSetWithTransition: event = try readStackEvent(tag, list: &list)
        default: event = try readEventPayload(tag)
        }
        try expectEnd(for: "event")
        return (event, startsCommit)
    }

    /// Consumes an event's tag byte.
    @inline(__always)
    mutating func readEventTag() throws(CodecError) -> (EventWireTag, startsCommit: Bool) {
        let start = offset
        let byte = try readByte(for: "event.tag")
        guard let tag = EventWireTag.decoding(byte & ~EventWireTag.startsCommitBit) else {
            throw Self.failure(.unknownTag, at: start, for: "event.tag")
        }
        return (tag, byte & EventWireTag.startsCommitBit != 0)
    }

    /// The payload of `pushed`: the controller, then the navigation controller.
    @inline(__always)
    mutating func readPushed() throws(CodecError) -> (ControllerID, onto: ControllerID) {
        let controller = try readID(for: "pushed.controller")
        return (controller, try readID(for: "pushed.onto"))
    }

    /// The payload of `popped`: the navigation controller, its low bit whether the pop was interactive.
    @inline(__always)
    mutating func readPopped() throws(CodecError) -> (navigation: ControllerID, interactive: Bool) {
        let start = offset
        let value = try readVarint(for: "popped.navigation")
        let navigation = try Self.controllerID(code: value &>> 1, at: start, for: "popped.navigation")
        return (navigation, value & 1 != 0)
    }

    /// The payload of `shown`: the resolution's tag, the target, the sender, the resolution's operand.
    @inline(__always)
    mutating func readShown() throws(CodecError) -> (ControllerID, sender: ControllerID, resolution: ShowResolution) {
        let start = offset
        guard let resolutionTag = ShowResolutionWireTag.decoding(try readByte(for: "shown.resolution")) else {
            throw Self.failure(.unknownTag, at: start, for: "shown.resolution")
        }
        let target = try readID(for: "shown.target")
        let sender = try readID(for: "shown.sender")
        return (target, sender, try readResolution(resolutionTag, for: "shown.onto"))
    }

    /// The payload of `detailShown`: the resolution's tag with a bit for a target, the target if
    /// any, the sender, the resolution's operand.
    @inline(__always)
    mutating func readDetailShown() throws(CodecError) -> (ControllerID?, sender: ControllerID, resolution: ShowResolution) {
        let start = offset
        let packed = try readByte(for: "detailShown.resolution")
        guard packed & 0xF0 == 0, let resolutionTag = ShowResolutionWireTag.decoding(packed & 0x07) else {
            throw Self.failure(.unknownTag, at: start, for: "detailShown.resolution")
        }
        let target = packed & 0x08 != 0 ? try readID(for: "detailShown.target") : nil
        let sender = try readID(for: "detailShown.sender")
        return (target, sender, try readResolution(resolutionTag, for: "detailShown.onto"))
    }

    /// The payload of `displayModeChanged`: one byte, the mode in its low nibble, the cause in its high one.
    @inline(__always)
    mutating func readDisplayModeChanged() throws(CodecError) -> (DisplayMode, cause: DisplayModeCause) {
        let start = offset
        let packed = try readByte(for: "displayModeChanged")
        guard let mode = DisplayMode(rawValue: packed & 0x0F), let cause = DisplayModeCause(rawValue: packed &>> 4) else {
            throw Self.failure(.invalidValue, at: start, for: "displayModeChanged")
        }
        return (mode, cause)
    }

    /// The payload of `collapsed`: the new primary, then the outcome with the at-launch bit.
    @inline(__always)
    mutating func readCollapsed() throws(CodecError) -> CollapseResolution {
        let newPrimary = try readID(for: "collapsed.newPrimary")
        let start = offset
        let packed = try readByte(for: "collapsed.outcome")
        guard let outcome = CollapseOutcome(rawValue: packed & 0x7F) else {
            throw Self.failure(.invalidValue, at: start, for: "collapsed.outcome")
        }
        return CollapseResolution(newPrimary: newPrimary, outcome: outcome, atLaunch: packed & 0x80 != 0)
    }

    /// The payload of `separated`: the new primary, the source, the optional secondary.
    @inline(__always)
    mutating func readSeparated() throws(CodecError) -> SeparateResolution {
        let newPrimary = try readID(for: "separated.newPrimary")
        let source = try readEnum(SeparateSource.self, for: "separated.source")
        let secondary = try readOptionalID(for: "separated.secondary")
        return SeparateResolution(newPrimary: newPrimary, secondary: secondary, source: source)
    }

    /// The payload of `controllerCreated`: the identity, the kind, the name, the optional restoration name.
    @inline(__always)
    mutating func readControllerCreated() throws(CodecError) -> (ControllerID, ControllerKind, name: NameID, restorationID: NameID?) {
        let id = try readID(for: "controllerCreated.id")
        let kind = try readEnum(ControllerKind.self, for: "controllerCreated.kind")
        let name = try readNameID(for: "controllerCreated.name")
        return (id, kind, name, try readOptionalNameID(for: "controllerCreated.restorationID"))
    }

    /// The payload of `itemRepresented`: the controller, then the item's name ID plus one (0: none).
    @inline(__always)
    mutating func readItemRepresented() throws(CodecError) -> (ControllerID, item: NameID?) {
        let controller = try readID(for: "itemRepresented.controller")
        let start = offset
        let code = try readVarint(for: "itemRepresented.item")
        guard code <= UInt64(UInt32.max) + 1 else { throw Self.failure(.invalidValue, at: start, for: "itemRepresented.item") }
        return (controller, code == 0 ? nil : NameID(rawValue: UInt32(code - 1)))
    }

    /// Consumes the payload of an event whose tag is `tag`.
    ///
    /// The frequent fixed-size events are decoded here, inline; events that carry strings, lists or
    /// commands go through ``readVariableSizeEvent(_:)``, out of line, which keeps this function
    /// small enough for the optimizer to inline the byte reader into it.
    mutating func readEventPayload(_ tag: EventWireTag) throws(CodecError) -> NavigationEvent {
        switch tag {
        case .pushed:
            let (controller, navigation) = try readPushed()
            return .pushed(controller, onto: navigation)
        case .popped:
            let (navigation, interactive) = try readPopped()
            return .popped(navigation: navigation, interactive: interactive)
        case .displayModeChanged:
            let (mode, cause) = try readDisplayModeChanged()
            return .displayModeChanged(mode, cause: cause)
        case .shown:
            let (target, sender, resolution) = try readShown()
            return .shown(target, sender: sender, resolution: resolution)
        case .detailShown:
            let (target, sender, resolution) = try readDetailShown()
            return .detailShown(target, sender: sender, resolution: resolution)
        case .traitsChanged:
            return .traitsChanged(try readTraits(for: "traitsChanged"))
        case .collapsed:
            return .collapsed(try readCollapsed())
        case .separated:
            return .separated(try readSeparated())
        case .poppedToRoot:
            return .poppedToRoot(navigation: try readID(for: "poppedToRoot.navigation"))
        case .poppedTo:
            let controller = try readID(for: "poppedTo.controller")
            return .poppedTo(controller, navigation: try readID(for: "poppedTo.navigation"))
        case .presented:
            return .presented(try readID(for: "presented.controller"))
        case .dismissed:
            return .dismissed(try readID(for: "dismissed.controller"))
        case .preferredDisplayModeSet:
            return .preferredDisplayModeSet(try readEnum(DisplayMode.self, for: "preferredDisplayModeSet"))
        case .splitViewControllersSet:
            let primary = try readID(for: "splitViewControllersSet.primary")
            return .splitViewControllersSet(primary: primary, secondary: try readOptionalID(for: "splitViewControllersSet.secondary"))
        case .launched:
            return .launched(try readTraits(for: "launched"))
        case .columnShown:
            return .columnShown(try readEnum(Column.self, for: "columnShown.column"))
        case .columnHidden:
            return .columnHidden(try readEnum(Column.self, for: "columnHidden.column"))
        case .columnStacked:
            return .columnStacked(try readEnum(Column.self, for: "columnStacked.column"))
        case .columnUnstacked:
            return .columnUnstacked(try readEnum(Column.self, for: "columnUnstacked.column"))
        case .preferredSplitBehaviorSet:
            return .preferredSplitBehaviorSet(try readEnum(SplitBehavior.self, for: "preferredSplitBehaviorSet"))
        case .splitBehaviorChanged:
            return .splitBehaviorChanged(try readEnum(SplitBehavior.self, for: "splitBehaviorChanged"))
        case .delegateNotified:
            return .delegateNotified(try readEnum(DelegateNotification.self, for: "delegateNotified"))
        case .controllerReleased:
            return .controllerReleased(try readID(for: "controllerReleased"))
        case .detailMarked:
            return .detailMarked(try readID(for: "detailMarked"))
        case .itemRepresented:
            let (controller, item) = try readItemRepresented()
            return .itemRepresented(controller, item: item)
        case .nameInterned, .controllerCreated, .stackInitialized, .propertySet, .stackSet, .stackSetWithTransition, .rejected,
            .ignored, .columnSet,
            .flagSet, .policyChanged, .diverged, .resynced:
            return try readVariableSizeEvent(tag)
        }
    }

    /// Consumes the payload of the events that carry strings, lists, properties or commands.
    @inline(never)
    mutating func readVariableSizeEvent(_ tag: EventWireTag) throws(CodecError) -> NavigationEvent {
        switch tag {
        case .nameInterned:
            return .nameInterned(try readString(for: "nameInterned"))
        case .controllerCreated:
            let (id, kind, name, restorationID) = try readControllerCreated()
            return .controllerCreated(id, kind: kind, name: name, restorationID: restorationID)
        case .stackInitialized, .stackSet, .stackSetWithTransition:
            var list: [ControllerID] = []
            return try readStackEvent(tag, list: &list)
        case .propertySet:
            return .propertySet(try readProperty())
        case .rejected:
            let (reason, subject) = try readReasonAndSubject(RejectionReason.self, "rejected.reason", "rejected.subject")
            return .rejected(try readCommand(), reason: reason, subject: subject)
        case .ignored:
            let (reason, subject) = try readReasonAndSubject(IgnoreReason.self, "ignored.reason", "ignored.subject")
            return .ignored(try readCommand(), reason: reason, subject: subject)
        case .columnSet:
            let column = try readEnum(Column.self, for: "columnSet.column")
            let start = offset
            guard let resolutionTag = ColumnResolutionWireTag(rawValue: try readByte(for: "columnSet.resolution")) else {
                throw Self.failure(.unknownTag, at: start, for: "columnSet.resolution")
            }
            let controller = try readOptionalID(for: "columnSet.controller")
            let resolution: ColumnResolution
            switch resolutionTag {
            case .installed: resolution = .installed
            case .wrapped: resolution = .wrapped(in: try readID(for: "columnSet.wrapper"))
            case .pushed: resolution = .pushed(onto: try readID(for: "columnSet.onto"))
            case .cleared: resolution = .cleared
            }
            return .columnSet(controller, column: column, resolution: resolution)
        case .flagSet:
            let start = offset
            let code = try readVarint(for: "flagSet")
            guard code >> 1 <= UInt64(UInt32.max) else { throw Self.failure(.invalidValue, at: start, for: "flagSet") }
            return .flagSet(NameID(rawValue: UInt32(code >> 1)), value: code & 1 == 1)
        case .policyChanged:
            return .policyChanged(try readPolicy(version: SessionDescription.formatVersion))
        case .diverged:
            return .diverged(try readDivergence())
        case .resynced:
            return .resynced(try readResync())
        case .pushed, .popped, .displayModeChanged, .shown, .detailShown, .traitsChanged, .collapsed, .separated,
            .poppedToRoot, .poppedTo, .presented, .dismissed, .preferredDisplayModeSet, .splitViewControllersSet, .launched,
            .columnShown, .columnHidden, .columnStacked, .columnUnstacked, .preferredSplitBehaviorSet, .splitBehaviorChanged,
            .delegateNotified, .controllerReleased, .detailMarked, .itemRepresented:
            return try readEventPayload(tag)
        }
    }

    /// Consumes a stack event (`tag` is `stackInitialized`, `stackSet` or `stackSetWithTransition`),
    /// reading its list into `list`, whose capacity is kept: a decoder that passes the same buffer
    /// for every record allocates only when a list outgrows it or the last event is still held.
    @inline(__always)
    mutating func readStackEvent(_ tag: EventWireTag, list: inout [ControllerID]) throws(CodecError) -> NavigationEvent {
        let head = try readStackHead(tag)
        list.removeAll(keepingCapacity: true)
        list.reserveCapacity(head.count)
        for _ in 0..<head.count { list.append(try readID(for: head.context)) }
        let (navigation, transition) = try readStackTail(tag, head)
        return tag == .stackInitialized
            ? .stackInitialized(navigation, list) : .stackSet(list, navigation: navigation, transition: transition)
    }

    /// What a stack event holds before its list: `stackInitialized`'s navigation controller, then
    /// the list's length.
    @inline(__always)
    mutating func readStackHead(
        _ tag: EventWireTag
    ) throws(CodecError) -> (navigation: ControllerID?, count: Int, context: StaticString) {
        if tag == .stackInitialized {
            let navigation = try readID(for: "stackInitialized.navigation")
            return (navigation, try readCount(for: "stackInitialized.list"), "stackInitialized.list")
        }
        return (nil, try readCount(for: "stackSet.list"), "stackSet.list")
    }

    /// What a stack event holds after its list: `stackSet`'s navigation controller and, for
    /// `stackSetWithTransition`, the transition.
    @inline(__always)
    mutating func readStackTail(
        _ tag: EventWireTag, _ head: (navigation: ControllerID?, count: Int, context: StaticString)
    ) throws(CodecError) -> (navigation: ControllerID, transition: StackTransition) {
        if let navigation = head.navigation { return (navigation, .unrecorded) }
        let navigation = try readID(for: "stackSet.navigation")
        guard tag == .stackSetWithTransition else { return (navigation, .unrecorded) }
        let start = offset
        let transition = try readEnum(StackTransition.self, for: "stackSet.transition")
        // `unrecorded` has its own record (0x12): accepting it here would give two encodings.
        guard transition != .unrecorded else { throw Self.failure(.invalidValue, at: start, for: "stackSet.transition") }
        return (navigation, transition)
    }

    /// Consumes a stack event and folds it into `state`, its list read into memory on the stack
    /// and copied into the navigation controller's own: no event and no array are built.
    @inline(never)
    mutating func readStackEvent(_ tag: EventWireTag, into state: inout NavigationState) throws(CodecError) {
        let head = try readStackHead(tag)
        var reader = self
        let result: Result<ByteReader, CodecError> = withUnsafeTemporaryAllocation(of: ControllerID.self, capacity: head.count) { ids in
            do throws(CodecError) {
                for i in 0..<head.count { ids[i] = try reader.readID(for: head.context) }
                let (navigation, _) = try reader.readStackTail(tag, head)
                try reader.expectEnd(for: "event")
                state.evolveStack(UnsafeBufferPointer(ids), of: navigation)
                return .success(reader)
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    /// Consumes the payload of a `rejected` or `ignored` event, checked as
    /// ``readVariableSizeEvent(_:)`` checks it, building nothing.
    @inline(never)
    mutating func skipRejectedOrIgnored(_ tag: EventWireTag) throws(CodecError) {
        if tag == .rejected {
            _ = try readReasonAndSubject(RejectionReason.self, "rejected.reason", "rejected.subject")
        } else {
            _ = try readReasonAndSubject(IgnoreReason.self, "ignored.reason", "ignored.subject")
        }
        try skipCommand()
    }

    /// Consumes what a `rejected` or `ignored` event holds before its command: the reason and the
    /// optional subject.
    @inline(__always)
    mutating func readReasonAndSubject<Reason: RawRepresentable<UInt8>>(
        _ type: Reason.Type, _ reasonContext: StaticString, _ subjectContext: StaticString
    ) throws(CodecError) -> (Reason, ControllerID?) {
        let reason = try readEnum(type, for: reasonContext)
        return (reason, try readOptionalID(for: subjectContext))
    }

    /// The resolution `tag` names, consuming the navigation ID of `.pushed` and `.replacedStack`.
    @inline(__always)
    mutating func readResolution(_ tag: ShowResolutionWireTag, for context: StaticString) throws(CodecError) -> ShowResolution {
        switch tag {
        case .pushed: return .pushed(onto: try readID(for: context))
        case .installedAsPrimary: return .installedAsPrimary
        case .installedAsSecondary: return .installedAsSecondary
        case .presentedModally: return .presentedModally
        case .handledByDelegate: return .handledByDelegate
        case .unchanged: return .unchanged
        case .replacedStack: return .replacedStack(of: try readID(for: context))
        }
    }
}
