import ByteCoding
import NavigationCore

// SplitPolicy, in full: its name, then each delegate answer as a wire tag and its payload
// (docs/EventEncoding.md, "Policy"). Session description version 2 appends the column-style and
// legacy answers; version 1 stops after `showDetailOverride`.

extension ByteWriter {
    /// A policy in the layout of session description `version` (1 or 2; version 1 leaves out the
    /// answers it predates, so the caller checks they are the defaults).
    mutating func writePolicy(_ policy: SplitPolicy, version: UInt8 = SessionDescription.formatVersion) {
        writeString(policy.name)
        writePrimaryChoice(policy.primaryForCollapsing)
        switch policy.collapseSecondary {
        case .notImplemented:
            writeUInt8(CollapseAnswerWireTag.notImplemented.rawValue)
        case .returns(let value):
            writeUInt8(CollapseAnswerWireTag.returns.rawValue)
            writeBool(value)
        case .discardWhenRestorationID(let identifier):
            writeUInt8(CollapseAnswerWireTag.discardWhenRestorationID.rawValue)
            writeString(identifier)
        case .discardWhenTopNamed(let name):
            writeUInt8(CollapseAnswerWireTag.discardWhenTopNamed.rawValue)
            writeString(name)
        case .mergeStacks:
            writeUInt8(CollapseAnswerWireTag.mergeStacks.rawValue)
        }
        writePrimaryChoice(policy.primaryForExpanding)
        switch policy.separateSecondary {
        case .notImplemented:
            writeUInt8(SeparateAnswerWireTag.notImplemented.rawValue)
        case .returnsNil:
            writeUInt8(SeparateAnswerWireTag.returnsNil.rawValue)
        case .fresh(let spec):
            writeUInt8(SeparateAnswerWireTag.fresh.rawValue)
            writeSpec(spec)
        case .keepWhenNestedTopNamed(let names, let otherwise):
            writeUInt8(SeparateAnswerWireTag.keepWhenNestedTopNamed.rawValue)
            writeStrings(names)
            writeSpec(otherwise)
        }
        writeTargetDisplayMode(policy.targetDisplayMode)
        writeOverride(policy.showOverride)
        writeOverride(policy.showDetailOverride)
        guard version >= 2 else { return }
        switch policy.topColumnForCollapsing {
        case .notImplemented:
            writeUInt8(TopColumnAnswerWireTag.notImplemented.rawValue)
        case .column(let column):
            writeUInt8(TopColumnAnswerWireTag.column.rawValue)
            writeUInt8(column.rawValue)
        }
        writeTargetDisplayMode(policy.displayModeForExpanding)
        switch policy.shouldHide {
        case .notImplemented:
            writeUInt8(ShouldHideAnswerWireTag.notImplemented.rawValue)
        case .returns(let portrait, let landscape):
            writeUInt8(ShouldHideAnswerWireTag.returns.rawValue)
            writeBool(portrait)
            writeBool(landscape)
        }
        writeBool(policy.implementsWillHide)
    }

    mutating func writeTargetDisplayMode(_ answer: TargetDisplayModeAnswer) {
        switch answer {
        case .notImplemented:
            writeUInt8(TargetDisplayModeAnswerWireTag.notImplemented.rawValue)
        case .automatic:
            writeUInt8(TargetDisplayModeAnswerWireTag.automatic.rawValue)
        case .mode(let mode):
            writeUInt8(TargetDisplayModeAnswerWireTag.mode.rawValue)
            writeUInt8(mode.rawValue)
        }
    }

    mutating func writePrimaryChoice(_ choice: PrimaryChoice) {
        switch choice {
        case .notImplemented: writeUInt8(PrimaryChoiceWireTag.notImplemented.rawValue)
        case .returnsNil: writeUInt8(PrimaryChoiceWireTag.returnsNil.rawValue)
        case .secondary: writeUInt8(PrimaryChoiceWireTag.secondary.rawValue)
        }
    }

    mutating func writeOverride(_ answer: OverrideAnswer) {
        switch answer {
        case .notImplemented:
            writeUInt8(OverrideAnswerWireTag.notImplemented.rawValue)
        case .returns(let value):
            writeUInt8(OverrideAnswerWireTag.returns.rawValue)
            writeBool(value)
        }
    }
}

extension ByteReader {
    /// Consumes a policy in the layout of session description `version` (1 or 2); the answers a
    /// version 1 policy predates stay not implemented.
    mutating func readPolicy(version: UInt8) throws(CodecError) -> SplitPolicy {
        var policy = SplitPolicy(name: try readString(for: "policy.name"))
        policy.primaryForCollapsing = try readPrimaryChoice(for: "policy.primaryForCollapsing")
        let collapseOffset = offset
        guard let collapseTag = CollapseAnswerWireTag(rawValue: try readByte(for: "policy.collapseSecondary")) else {
            throw Self.failure(.unknownTag, at: collapseOffset, for: "policy.collapseSecondary")
        }
        switch collapseTag {
        case .notImplemented: policy.collapseSecondary = .notImplemented
        case .returns: policy.collapseSecondary = .returns(try readBool(for: "policy.collapseSecondary.returns"))
        case .discardWhenRestorationID:
            policy.collapseSecondary = .discardWhenRestorationID(try readString(for: "policy.collapseSecondary.restorationID"))
        case .discardWhenTopNamed:
            policy.collapseSecondary = .discardWhenTopNamed(try readString(for: "policy.collapseSecondary.topName"))
        case .mergeStacks: policy.collapseSecondary = .mergeStacks
        }
        policy.primaryForExpanding = try readPrimaryChoice(for: "policy.primaryForExpanding")
        let separateOffset = offset
        guard let separateTag = SeparateAnswerWireTag(rawValue: try readByte(for: "policy.separateSecondary")) else {
            throw Self.failure(.unknownTag, at: separateOffset, for: "policy.separateSecondary")
        }
        switch separateTag {
        case .notImplemented: policy.separateSecondary = .notImplemented
        case .returnsNil: policy.separateSecondary = .returnsNil
        case .fresh: policy.separateSecondary = .fresh(try readSpec())
        case .keepWhenNestedTopNamed:
            let names = try readStrings(for: "policy.separateSecondary.names")
            policy.separateSecondary = .keepWhenNestedTopNamed(names, otherwise: try readSpec())
        }
        policy.targetDisplayMode = try readTargetDisplayMode(for: "policy.targetDisplayMode")
        policy.showOverride = try readOverride(for: "policy.showOverride")
        policy.showDetailOverride = try readOverride(for: "policy.showDetailOverride")
        guard version >= 2 else { return policy }
        let topOffset = offset
        guard let topTag = TopColumnAnswerWireTag(rawValue: try readByte(for: "policy.topColumnForCollapsing")) else {
            throw Self.failure(.unknownTag, at: topOffset, for: "policy.topColumnForCollapsing")
        }
        switch topTag {
        case .notImplemented: policy.topColumnForCollapsing = .notImplemented
        case .column: policy.topColumnForCollapsing = .column(try readEnum(Column.self, for: "policy.topColumnForCollapsing.column"))
        }
        policy.displayModeForExpanding = try readTargetDisplayMode(for: "policy.displayModeForExpanding")
        let hideOffset = offset
        guard let hideTag = ShouldHideAnswerWireTag(rawValue: try readByte(for: "policy.shouldHide")) else {
            throw Self.failure(.unknownTag, at: hideOffset, for: "policy.shouldHide")
        }
        switch hideTag {
        case .notImplemented: policy.shouldHide = .notImplemented
        case .returns:
            let portrait = try readBool(for: "policy.shouldHide.portrait")
            policy.shouldHide = .returns(portrait: portrait, landscape: try readBool(for: "policy.shouldHide.landscape"))
        }
        policy.implementsWillHide = try readBool(for: "policy.implementsWillHide")
        return policy
    }

    mutating func readTargetDisplayMode(for context: StaticString) throws(CodecError) -> TargetDisplayModeAnswer {
        let start = offset
        guard let tag = TargetDisplayModeAnswerWireTag(rawValue: try readByte(for: context)) else {
            throw Self.failure(.unknownTag, at: start, for: context)
        }
        switch tag {
        case .notImplemented: return .notImplemented
        case .automatic: return .automatic
        case .mode: return .mode(try readEnum(DisplayMode.self, for: context))
        }
    }

    mutating func readPrimaryChoice(for context: StaticString) throws(CodecError) -> PrimaryChoice {
        let start = offset
        guard let tag = PrimaryChoiceWireTag(rawValue: try readByte(for: context)) else {
            throw Self.failure(.unknownTag, at: start, for: context)
        }
        switch tag {
        case .notImplemented: return .notImplemented
        case .returnsNil: return .returnsNil
        case .secondary: return .secondary
        }
    }

    mutating func readOverride(for context: StaticString) throws(CodecError) -> OverrideAnswer {
        let start = offset
        guard let tag = OverrideAnswerWireTag(rawValue: try readByte(for: context)) else {
            throw Self.failure(.unknownTag, at: start, for: context)
        }
        switch tag {
        case .notImplemented: return .notImplemented
        case .returns: return .returns(try readBool(for: context))
        }
    }
}
