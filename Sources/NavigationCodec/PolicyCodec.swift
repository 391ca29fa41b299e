import ByteCoding
import NavigationCore

// SplitPolicy, in full: its name, then each delegate answer as a wire tag and its payload
// (docs/EventEncoding.md, "Policy").

extension CodecWriter {
    /// A policy.
    mutating func writePolicy(_ policy: SplitPolicy) {
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
        switch policy.targetDisplayMode {
        case .notImplemented:
            writeUInt8(TargetDisplayModeAnswerWireTag.notImplemented.rawValue)
        case .automatic:
            writeUInt8(TargetDisplayModeAnswerWireTag.automatic.rawValue)
        case .mode(let mode):
            writeUInt8(TargetDisplayModeAnswerWireTag.mode.rawValue)
            writeUInt8(mode.rawValue)
        }
        writeOverride(policy.showOverride)
        writeOverride(policy.showDetailOverride)
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
    /// Consumes a policy.
    mutating func readPolicy() throws(CodecError) -> SplitPolicy {
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
        let targetOffset = offset
        guard let targetTag = TargetDisplayModeAnswerWireTag(rawValue: try readByte(for: "policy.targetDisplayMode")) else {
            throw Self.failure(.unknownTag, at: targetOffset, for: "policy.targetDisplayMode")
        }
        switch targetTag {
        case .notImplemented: policy.targetDisplayMode = .notImplemented
        case .automatic: policy.targetDisplayMode = .automatic
        case .mode: policy.targetDisplayMode = .mode(try readEnum(DisplayMode.self, for: "policy.targetDisplayMode.mode"))
        }
        policy.showOverride = try readOverride(for: "policy.showOverride")
        policy.showDetailOverride = try readOverride(for: "policy.showDetailOverride")
        return policy
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
