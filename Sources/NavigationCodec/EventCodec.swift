import ByteCoding
import NavigationCore

/// The binary encoding of one ``NavigationEvent`` as a log record, and back.
///
/// A record is one byte whose low 7 bits are the event's frozen wire tag and whose high bit marks
/// the first event of a commit (the events one ``Navigation/decide(_:in:policy:)`` call returned),
/// followed by the payload of that case. Controller IDs are varints, small enums single bytes, so
/// pushes, pops and display-mode changes take 2–4 bytes. Timestamps are not part of a record.
/// The tag table and every payload layout are in `docs/EventEncoding.md`; they never change.
public enum EventCodec {
    /// The kind of the event `record` holds, read from its first byte alone (what a reader that
    /// decodes only some events asks first); `nil` if that byte is no event's tag.
    @inlinable
    public static func kind(of record: UnsafeRawBufferPointer) -> EventKind? {
        guard let byte = record.first else { return nil }
        return kind(ofTag: byte)
    }

    @usableFromInline
    static func kind(ofTag byte: UInt8) -> EventKind? {
        EventWireTag.decoding(byte & ~EventWireTag.startsCommitBit)?.kind
    }

    /// Appends the record of `event` to `bytes`.
    ///
    /// - Parameters:
    ///   - event: The event to encode.
    ///   - startsCommit: Whether `event` is the first of its commit (it then names the commit's
    ///     intent, see ``NavigationCommand/init(commit:names:)``).
    ///   - bytes: The buffer to append to; nothing else in it is touched.
    /// - Complexity: O(size of the event's payload); no allocation beyond growing `bytes`.
    public static func encode(_ event: NavigationEvent, startsCommit: Bool, into bytes: inout [UInt8]) {
        ByteWriter.appending(to: &bytes) { writer in
            writer.writeEvent(event, startsCommit: startsCommit)
        }
    }

    /// The record of `event`.
    ///
    /// - Parameters:
    ///   - event: The event to encode.
    ///   - startsCommit: Whether `event` is the first of its commit.
    /// - Returns: A new array holding exactly the record.
    public static func encode(_ event: NavigationEvent, startsCommit: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(event, startsCommit: startsCommit, into: &bytes)
        return bytes
    }
}

extension ByteWriter {
    /// The tag byte of `tag`, with the commit bit when `startsCommit`.
    @inline(__always)
    mutating func writeEventTag(_ tag: EventWireTag, _ startsCommit: Bool) {
        writeUInt8(tag.rawValue | (startsCommit ? EventWireTag.startsCommitBit : 0))
    }

    /// One event record: the tag byte, then the payload.
    mutating func writeEvent(_ event: NavigationEvent, startsCommit: Bool) {
        switch event {
        case .nameInterned(let string):
            writeEventTag(.nameInterned, startsCommit)
            writeString(string)
        case .controllerCreated(let id, let kind, let name, let restorationID):
            writeEventTag(.controllerCreated, startsCommit)
            writeID(id)
            writeUInt8(kind.rawValue)
            writeNameID(name)
            writeOptionalNameID(restorationID)
        case .stackInitialized(let navigation, let children):
            writeEventTag(.stackInitialized, startsCommit)
            writeID(navigation)
            writeIDs(children)
        case .launched(let traits):
            writeEventTag(.launched, startsCommit)
            writeTraits(traits)
        case .traitsChanged(let traits):
            writeEventTag(.traitsChanged, startsCommit)
            writeTraits(traits)
        case .propertySet(let property):
            writeEventTag(.propertySet, startsCommit)
            writeProperty(property)
        case .preferredDisplayModeSet(let mode):
            writeEventTag(.preferredDisplayModeSet, startsCommit)
            writeUInt8(mode.rawValue)
        case .displayModeChanged(let mode, let cause):
            writeEventTag(.displayModeChanged, startsCommit)
            writeUInt8(mode.rawValue | cause.rawValue &<< 4)
        case .splitViewControllersSet(let primary, let secondary):
            writeEventTag(.splitViewControllersSet, startsCommit)
            writeID(primary)
            writeOptionalID(secondary)
        case .collapsed(let resolution):
            writeEventTag(.collapsed, startsCommit)
            writeID(resolution.newPrimary)
            writeUInt8(resolution.outcome.rawValue | (resolution.atLaunch ? 0x80 : 0))
        case .separated(let resolution):
            writeEventTag(.separated, startsCommit)
            writeID(resolution.newPrimary)
            writeUInt8(resolution.source.rawValue)
            writeOptionalID(resolution.secondary)
        case .shown(let target, let sender, let resolution):
            writeEventTag(.shown, startsCommit)
            writeUInt8(Self.tag(of: resolution).rawValue)
            writeID(target)
            writeID(sender)
            writeResolutionPayload(resolution)
        case .detailShown(let target, let sender, let resolution):
            writeEventTag(.detailShown, startsCommit)
            writeUInt8(Self.tag(of: resolution).rawValue | (target != nil ? 0x08 : 0))
            if let target { writeID(target) }
            writeID(sender)
            writeResolutionPayload(resolution)
        case .pushed(let controller, let navigation):
            writeEventTag(.pushed, startsCommit)
            writeID(controller)
            writeID(navigation)
        case .popped(let navigation, let interactive):
            writeEventTag(.popped, startsCommit)
            // The interactive flag rides in the ID's varint: one byte for small IDs.
            writeVarint(Self.code(of: navigation) &<< 1 | (interactive ? 1 : 0))
        case .poppedToRoot(let navigation):
            writeEventTag(.poppedToRoot, startsCommit)
            writeID(navigation)
        case .poppedTo(let controller, let navigation):
            writeEventTag(.poppedTo, startsCommit)
            writeID(controller)
            writeID(navigation)
        case .stackSet(let list, let navigation, let transition):
            // A transition an old build could not record keeps the old record, so old logs re-encode to their bytes.
            writeEventTag(transition == .unrecorded ? .stackSet : .stackSetWithTransition, startsCommit)
            writeIDs(list)
            writeID(navigation)
            if transition != .unrecorded { writeUInt8(transition.rawValue) }
        case .presented(let controller):
            writeEventTag(.presented, startsCommit)
            writeID(controller)
        case .dismissed(let controller):
            writeEventTag(.dismissed, startsCommit)
            writeID(controller)
        case .rejected(let command, let reason, let subject):
            writeEventTag(.rejected, startsCommit)
            writeUInt8(reason.rawValue)
            writeOptionalID(subject)
            writeCommand(command)
        case .ignored(let command, let reason, let subject):
            writeEventTag(.ignored, startsCommit)
            writeUInt8(reason.rawValue)
            writeOptionalID(subject)
            writeCommand(command)
        case .columnSet(let controller, let column, let resolution):
            writeEventTag(.columnSet, startsCommit)
            writeUInt8(column.rawValue)
            switch resolution {
            case .installed:
                writeUInt8(ColumnResolutionWireTag.installed.rawValue)
                writeOptionalID(controller)
            case .wrapped(let wrapper):
                writeUInt8(ColumnResolutionWireTag.wrapped.rawValue)
                writeOptionalID(controller)
                writeID(wrapper)
            case .pushed(let navigation):
                writeUInt8(ColumnResolutionWireTag.pushed.rawValue)
                writeOptionalID(controller)
                writeID(navigation)
            case .cleared:
                writeUInt8(ColumnResolutionWireTag.cleared.rawValue)
                writeOptionalID(controller)
            }
        case .columnShown(let column):
            writeEventTag(.columnShown, startsCommit)
            writeUInt8(column.rawValue)
        case .columnHidden(let column):
            writeEventTag(.columnHidden, startsCommit)
            writeUInt8(column.rawValue)
        case .columnStacked(let column):
            writeEventTag(.columnStacked, startsCommit)
            writeUInt8(column.rawValue)
        case .columnUnstacked(let column):
            writeEventTag(.columnUnstacked, startsCommit)
            writeUInt8(column.rawValue)
        case .preferredSplitBehaviorSet(let behavior):
            writeEventTag(.preferredSplitBehaviorSet, startsCommit)
            writeUInt8(behavior.rawValue)
        case .splitBehaviorChanged(let behavior):
            writeEventTag(.splitBehaviorChanged, startsCommit)
            writeUInt8(behavior.rawValue)
        case .delegateNotified(let notification):
            writeEventTag(.delegateNotified, startsCommit)
            writeUInt8(notification.rawValue)
        case .flagSet(let name, let value):
            writeEventTag(.flagSet, startsCommit)
            // The value rides in the name's varint, as `popped`'s interactive flag does.
            writeVarint(UInt64(name.rawValue) &<< 1 | (value ? 1 : 0))
        case .policyChanged(let policy):
            writeEventTag(.policyChanged, startsCommit)
            writePolicy(policy)
        case .controllerReleased(let id):
            writeEventTag(.controllerReleased, startsCommit)
            writeID(id)
        case .detailMarked(let id):
            writeEventTag(.detailMarked, startsCommit)
            writeID(id)
        case .itemRepresented(let id, let item):
            writeEventTag(.itemRepresented, startsCommit)
            writeID(id)
            writeVarint(item.map { UInt64($0.rawValue) + 1 } ?? 0)
        case .diverged(let divergence):
            writeEventTag(.diverged, startsCommit)
            writeDivergence(divergence)
        case .resynced(let resync):
            writeEventTag(.resynced, startsCommit)
            writeResync(resync)
        }
    }

    /// The ID a show resolution carries after the sender: `pushed`'s navigation controller, or the
    /// navigation controller whose stack `replacedStack` replaced.
    @inline(__always)
    mutating func writeResolutionPayload(_ resolution: ShowResolution) {
        switch resolution {
        case .pushed(let navigation), .replacedStack(let navigation): writeID(navigation)
        case .installedAsPrimary, .installedAsSecondary, .presentedModally, .handledByDelegate, .unchanged: break
        }
    }

    /// The wire tag of a show resolution.
    @inline(__always)
    static func tag(of resolution: ShowResolution) -> ShowResolutionWireTag {
        switch resolution {
        case .pushed: return .pushed
        case .installedAsPrimary: return .installedAsPrimary
        case .installedAsSecondary: return .installedAsSecondary
        case .presentedModally: return .presentedModally
        case .handledByDelegate: return .handledByDelegate
        case .unchanged: return .unchanged
        case .replacedStack: return .replacedStack
        }
    }
}
