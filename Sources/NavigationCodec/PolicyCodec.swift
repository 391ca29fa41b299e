import ByteCoding
import NavigationCore

// A SplitPolicy in bytes (docs/EventEncoding.md, "Policy"): session description version 3, state
// version 3 and `policyChanged` events write the rules of each implemented method with the frozen
// tags of WireTag.swift. Versions 1 and 2 (a fixed menu of constant answers) are still read and
// become the same rules the policy language gives them.
//
//   policy    := name: string, flags: u8 (bit 0 implementsWillHide, bit 1 Swift delegate),
//                methods: varint count, then per method: tag u8, rules: varint count, rule*
//   rule      := answer, flags u8 (bit 0: a condition follows, bit 1: actions follow), the
//                condition, the actions (varint count, action*)
//   action    := tag u8, then: flag a string and a bool; displayMode/splitBehavior an enum byte;
//                property the property's command encoding; push an operand and a place;
//                replaceSecondary/showDetail/present an operand; pop/popToRoot a place;
//                showColumn/hideColumn a column byte; setColumn a column byte and an operand;
//                setStack a place, then a varint count and operands; moveStack two places
//   operand   := subject byte, form u8 (0 itself, 1 wrapped then a tree, 2 unwrapped, 3 top); or 0xFE then a
//                tree (`new TREE`), a byte no subject has
//   place     := u8 0 then a subject byte, or 1 then a match
//   answer    := tag u8, then: filter/existing a match; fresh a tree; unmerge varint count,
//                points, the wrap tree; mode/column an enum byte; bool a bool
//   point     := tag u8, then after/from a match
//   condition := tag u8, then: flag a string; proposedColumn, proposedMode a byte; test a subject byte, a test
//                tag and its match or count; testNamed a match, then the test; not a condition; all/any varint count, conditions
//   match     := names: varint count, strings; restoration ID: u8 0 or 1, string; kind: u8 (0xFF any)

extension ByteWriter {
    /// A policy in the current layout.
    mutating func writePolicy(_ policy: SplitPolicy) {
        writeString(policy.name)
        writeUInt8((policy.implementsWillHide ? 0x01 : 0) | (policy.isSwiftDelegate ? 0x02 : 0))
        let methods = policy.methods.keys.sorted()
        writeVarint(UInt64(methods.count))
        for method in methods {
            writeUInt8(method.rawValue)
            let rules = policy.methods[method] ?? []
            writeVarint(UInt64(rules.count))
            for rule in rules {
                writePolicyAnswer(rule.answer)
                writeUInt8((rule.condition != nil ? 0x01 : 0) | (rule.actions.isEmpty ? 0 : 0x02))
                if let condition = rule.condition { writeCondition(condition) }
                if !rule.actions.isEmpty {
                    writeVarint(UInt64(rule.actions.count))
                    for action in rule.actions { writePolicyAction(action) }
                }
            }
        }
    }

    mutating func writePolicyAnswer(_ answer: PolicyAnswer) {
        switch answer {
        case .keep: writeUInt8(PolicyAnswerWireTag.keep.rawValue)
        case .discard: writeUInt8(PolicyAnswerWireTag.discard.rawValue)
        case .merge: writeUInt8(PolicyAnswerWireTag.merge.rawValue)
        case .mergeTop: writeUInt8(PolicyAnswerWireTag.mergeTop.rawValue)
        case .filter(let match):
            writeUInt8(PolicyAnswerWireTag.filter.rawValue)
            writeMatch(match)
        case .returnsNil: writeUInt8(PolicyAnswerWireTag.returnsNil.rawValue)
        case .secondary: writeUInt8(PolicyAnswerWireTag.secondary.rawValue)
        case .existing(let match):
            writeUInt8(PolicyAnswerWireTag.existing.rawValue)
            writeMatch(match)
        case .fresh(let spec):
            writeUInt8(PolicyAnswerWireTag.fresh.rawValue)
            writeSpec(spec)
        case .unmerge(let points, let wrap):
            writeUInt8(PolicyAnswerWireTag.unmerge.rawValue)
            writeVarint(UInt64(points.count))
            for point in points {
                switch point {
                case .firstNested: writeUInt8(UnmergePointWireTag.firstNested.rawValue)
                case .after(let match):
                    writeUInt8(UnmergePointWireTag.after.rawValue)
                    writeMatch(match)
                case .from(let match):
                    writeUInt8(UnmergePointWireTag.from.rawValue)
                    writeMatch(match)
                case .top: writeUInt8(UnmergePointWireTag.top.rawValue)
                }
            }
            writeSpec(wrap)
        case .mode(let mode):
            writeUInt8(PolicyAnswerWireTag.mode.rawValue)
            writeUInt8(mode.rawValue)
        case .column(let column):
            writeUInt8(PolicyAnswerWireTag.column.rawValue)
            writeUInt8(column.rawValue)
        case .proposed: writeUInt8(PolicyAnswerWireTag.proposed.rawValue)
        case .bool(let value):
            writeUInt8(PolicyAnswerWireTag.bool.rawValue)
            writeBool(value)
        case .nothing: writeUInt8(PolicyAnswerWireTag.nothing.rawValue)
        }
    }

    mutating func writePolicyAction(_ action: PolicyAction) {
        switch action {
        case .setFlag(let name, let value):
            writeUInt8(PolicyActionWireTag.setFlag.rawValue)
            writeString(name)
            writeBool(value)
        case .setPreferredDisplayMode(let mode):
            writeUInt8(PolicyActionWireTag.setPreferredDisplayMode.rawValue)
            writeUInt8(mode.rawValue)
        case .setPreferredSplitBehavior(let behavior):
            writeUInt8(PolicyActionWireTag.setPreferredSplitBehavior.rawValue)
            writeUInt8(behavior.rawValue)
        case .setProperty(let property):
            writeUInt8(PolicyActionWireTag.setProperty.rawValue)
            writeProperty(property)
        case .push(let operand, let place):
            writeUInt8(PolicyActionWireTag.push.rawValue)
            writeOperand(operand)
            writePlace(place)
        case .replaceSecondary(let operand):
            writeUInt8(PolicyActionWireTag.replaceSecondary.rawValue)
            writeOperand(operand)
        case .showDetail(let operand):
            writeUInt8(PolicyActionWireTag.showDetail.rawValue)
            writeOperand(operand)
        case .present(let operand):
            writeUInt8(PolicyActionWireTag.present.rawValue)
            writeOperand(operand)
        case .dismiss: writeUInt8(PolicyActionWireTag.dismiss.rawValue)
        case .pop(let place):
            writeUInt8(PolicyActionWireTag.pop.rawValue)
            writePlace(place)
        case .popToRoot(let place):
            writeUInt8(PolicyActionWireTag.popToRoot.rawValue)
            writePlace(place)
        case .setStack(let place, let operands):
            writeUInt8(PolicyActionWireTag.setStack.rawValue)
            writePlace(place)
            writeVarint(UInt64(operands.count))
            for operand in operands { writeOperand(operand) }
        case .moveStack(let source, let destination):
            writeUInt8(PolicyActionWireTag.moveStack.rawValue)
            writePlace(source)
            writePlace(destination)
        case .showColumn(let column):
            writeUInt8(PolicyActionWireTag.showColumn.rawValue)
            writeUInt8(column.rawValue)
        case .hideColumn(let column):
            writeUInt8(PolicyActionWireTag.hideColumn.rawValue)
            writeUInt8(column.rawValue)
        case .setColumn(let column, let operand):
            writeUInt8(PolicyActionWireTag.setColumn.rawValue)
            writeUInt8(column.rawValue)
            writeOperand(operand)
        }
    }

    /// The byte in a subject's place that says a tree follows (`new TREE`); no subject tag has it.
    static let newOperandMarker: UInt8 = 0xFE

    mutating func writeOperand(_ operand: PolicyOperand) {
        switch operand {
        case .new(let tree):
            writeUInt8(Self.newOperandMarker)
            writeSpec(tree)
        case .subject(let subject, let form):
            writeUInt8(PolicySubjectWireTag(subject).rawValue)
            switch form {
            case .itself: writeUInt8(0)
            case .wrapped(let spec):
                writeUInt8(1)
                writeSpec(spec)
            case .unwrapped: writeUInt8(2)
            case .top: writeUInt8(3)
            }
        }
    }

    mutating func writePlace(_ place: PolicyPlace) {
        switch place {
        case .subject(let subject):
            writeUInt8(0)
            writeUInt8(PolicySubjectWireTag(subject).rawValue)
        case .matching(let match):
            writeUInt8(1)
            writeMatch(match)
        }
    }

    mutating func writeControllerTest(_ test: ControllerTest) {
        switch test {
        case .is(let match):
            writeUInt8(ControllerTestWireTag.is.rawValue)
            writeMatch(match)
        case .top(let match):
            writeUInt8(ControllerTestWireTag.top.rawValue)
            writeMatch(match)
        case .nestedTop(let match):
            writeUInt8(ControllerTestWireTag.nestedTop.rawValue)
            writeMatch(match)
        case .contains(let match):
            writeUInt8(ControllerTestWireTag.contains.rawValue)
            writeMatch(match)
        case .deeperThan(let count):
            writeUInt8(ControllerTestWireTag.deeperThan.rawValue)
            writeVarint(UInt64(max(0, count)))
        case .shows(let item):
            writeUInt8(ControllerTestWireTag.shows.rawValue)
            writeBool(item != nil)
            if let item { writeString(item) }
        case .showsSameItemAs(let other):
            writeUInt8(ControllerTestWireTag.showsSameItemAs.rawValue)
            writeUInt8(PolicySubjectWireTag(other).rawValue)
        }
    }

    mutating func writeCondition(_ condition: PolicyCondition) {
        switch condition {
        case .flag(let name):
            writeUInt8(PolicyConditionWireTag.flag.rawValue)
            writeString(name)
        case .collapsed: writeUInt8(PolicyConditionWireTag.collapsed.rawValue)
        case .landscape: writeUInt8(PolicyConditionWireTag.landscape.rawValue)
        case .proposedColumn(let column):
            writeUInt8(PolicyConditionWireTag.proposedColumn.rawValue)
            writeUInt8(column.rawValue)
        case .proposedMode(let mode):
            writeUInt8(PolicyConditionWireTag.proposedMode.rawValue)
            writeUInt8(mode.rawValue)
        case .test(let subject, let test):
            writeUInt8(PolicyConditionWireTag.test.rawValue)
            writeUInt8(PolicySubjectWireTag(subject).rawValue)
            writeControllerTest(test)
        case .testNamed(let match, let test):
            writeUInt8(PolicyConditionWireTag.testNamed.rawValue)
            writeMatch(match)
            writeControllerTest(test)
        case .not(let inner):
            writeUInt8(PolicyConditionWireTag.not.rawValue)
            writeCondition(inner)
        case .all(let parts):
            writeUInt8(PolicyConditionWireTag.all.rawValue)
            writeVarint(UInt64(parts.count))
            for part in parts { writeCondition(part) }
        case .any(let parts):
            writeUInt8(PolicyConditionWireTag.any.rawValue)
            writeVarint(UInt64(parts.count))
            for part in parts { writeCondition(part) }
        }
    }

    mutating func writeMatch(_ match: ControllerMatch) {
        writeStrings(match.names)
        writeBool(match.restorationID != nil)
        if let restorationID = match.restorationID { writeString(restorationID) }
        writeUInt8(match.kind?.rawValue ?? 0xFF)
    }
}

extension PolicySubjectWireTag {
    init(_ subject: PolicySubject) {
        switch subject {
        case .primary: self = .primary
        case .secondary: self = .secondary
        case .supplementary: self = .supplementary
        case .target: self = .target
        case .sender: self = .sender
        case .presented: self = .presented
        case .navigation: self = .navigation
        }
    }

    var subject: PolicySubject {
        switch self {
        case .primary: return .primary
        case .secondary: return .secondary
        case .supplementary: return .supplementary
        case .target: return .target
        case .sender: return .sender
        case .presented: return .presented
        case .navigation: return .navigation
        }
    }
}

extension ByteReader {
    /// The deepest condition a policy may nest (hostile input cannot recurse further).
    static let maximumConditionDepth = PolicyCondition.maximumDepth

    /// Consumes a policy in the layout of session description `version`: 3 (rules), or 1 and 2
    /// (the first language's constant answers, which become rules).
    mutating func readPolicy(version: UInt8) throws(CodecError) -> SplitPolicy {
        guard version >= 3 else { return try readLegacyPolicy(version: version) }
        var policy = SplitPolicy(name: try readString(for: "policy.name"))
        let flagsOffset = offset
        let flags = try readByte(for: "policy.flags")
        guard flags & ~0x03 == 0 else { throw Self.failure(.invalidValue, at: flagsOffset, for: "policy.flags") }
        policy.implementsWillHide = flags & 0x01 != 0
        policy.isSwiftDelegate = flags & 0x02 != 0
        let methodCount = try readCount(minimumSize: 2, for: "policy.methods")
        var previous: DelegateMethod?
        for _ in 0..<methodCount {
            let methodOffset = offset
            // Methods in increasing order, each once: the encoding stays canonical.
            guard let method = DelegateMethod(rawValue: try readByte(for: "policy.method")), previous.map({ $0 < method }) ?? true else {
                throw Self.failure(.invalidValue, at: methodOffset, for: "policy.method")
            }
            previous = method
            let ruleCount = try readCount(minimumSize: 2, for: "policy.rules")
            var rules: [PolicyRule] = []
            rules.reserveCapacity(ruleCount)
            for _ in 0..<ruleCount {
                let answerOffset = offset
                let answer = try readPolicyAnswer()
                guard method.accepts(answer) else { throw Self.failure(.invalidValue, at: answerOffset, for: "policy.answer") }
                let flagsOffset = offset
                let ruleFlags = try readByte(for: "policy.rule")
                guard ruleFlags & ~0x03 == 0 else { throw Self.failure(.invalidValue, at: flagsOffset, for: "policy.rule") }
                let condition = ruleFlags & 0x01 != 0 ? try readCondition(depth: 0) : nil
                var actions: [PolicyAction] = []
                if ruleFlags & 0x02 != 0 {
                    let countOffset = offset
                    let count = try readCount(minimumSize: 1, for: "policy.actions")
                    guard count > 0 else { throw Self.failure(.invalidValue, at: countOffset, for: "policy.actions") }
                    actions.reserveCapacity(count)
                    for _ in 0..<count { actions.append(try readPolicyAction()) }
                }
                guard !method.isNotification || !actions.isEmpty else { throw Self.failure(.invalidValue, at: answerOffset, for: "policy.actions") }
                rules.append(PolicyRule(answer, if: condition, actions: actions))
            }
            policy.methods[method] = rules
        }
        return policy
    }

    mutating func readPolicyAnswer() throws(CodecError) -> PolicyAnswer {
        let start = offset
        guard let tag = PolicyAnswerWireTag(rawValue: try readByte(for: "policy.answer")) else {
            throw Self.failure(.unknownTag, at: start, for: "policy.answer")
        }
        switch tag {
        case .keep: return .keep
        case .discard: return .discard
        case .merge: return .merge
        case .mergeTop: return .mergeTop
        case .filter: return .filter(try readMatch())
        case .returnsNil: return .returnsNil
        case .secondary: return .secondary
        case .existing: return .existing(try readMatch())
        case .fresh: return .fresh(try readSpec())
        case .unmerge:
            let count = try readCount(for: "policy.unmerge")
            var points: [UnmergePoint] = []
            for _ in 0..<count {
                let pointOffset = offset
                guard let pointTag = UnmergePointWireTag(rawValue: try readByte(for: "policy.unmerge.point")) else {
                    throw Self.failure(.unknownTag, at: pointOffset, for: "policy.unmerge.point")
                }
                switch pointTag {
                case .firstNested: points.append(.firstNested)
                case .after: points.append(.after(try readMatch()))
                case .from: points.append(.from(try readMatch()))
                case .top: points.append(.top)
                }
            }
            let wrapOffset = offset
            let wrap = try readSpec()
            guard !points.isEmpty, wrap.kind == .navigation, wrap.children.isEmpty else {
                throw Self.failure(.invalidValue, at: wrapOffset, for: "policy.unmerge.wrap")
            }
            return .unmerge(points, wrap: wrap)
        case .mode: return .mode(try readEnum(DisplayMode.self, for: "policy.answer.mode"))
        case .column: return .column(try readEnum(Column.self, for: "policy.answer.column"))
        case .proposed: return .proposed
        case .bool: return .bool(try readBool(for: "policy.answer.bool"))
        case .nothing: return .nothing
        }
    }

    mutating func readPolicyAction() throws(CodecError) -> PolicyAction {
        let start = offset
        guard let tag = PolicyActionWireTag(rawValue: try readByte(for: "policy.action")) else {
            throw Self.failure(.unknownTag, at: start, for: "policy.action")
        }
        switch tag {
        case .setFlag:
            let name = try readString(for: "policy.action.flag")
            return .setFlag(name, try readBool(for: "policy.action.flag"))
        case .setPreferredDisplayMode: return .setPreferredDisplayMode(try readEnum(DisplayMode.self, for: "policy.action.displayMode"))
        case .setPreferredSplitBehavior: return .setPreferredSplitBehavior(try readEnum(SplitBehavior.self, for: "policy.action.splitBehavior"))
        case .setProperty: return .setProperty(try readProperty())
        case .push:
            let operand = try readOperand()
            return .push(operand, onto: try readPlace())
        case .replaceSecondary: return .replaceSecondary(try readOperand())
        case .showDetail: return .showDetail(try readOperand())
        case .present: return .present(try readOperand())
        case .dismiss: return .dismiss
        case .pop: return .pop(try readPlace())
        case .popToRoot: return .popToRoot(try readPlace())
        case .setStack:
            let place = try readPlace()
            let count = try readCount(for: "policy.action.stack")
            var operands: [PolicyOperand] = []
            for _ in 0..<count { operands.append(try readOperand()) }
            return .setStack(place, operands)
        case .moveStack:
            let source = try readPlace()
            return .moveStack(source, onto: try readPlace())
        case .showColumn: return .showColumn(try readEnum(Column.self, for: "policy.action.column"))
        case .hideColumn: return .hideColumn(try readEnum(Column.self, for: "policy.action.column"))
        case .setColumn:
            let column = try readEnum(Column.self, for: "policy.action.column")
            return .setColumn(column, try readOperand())
        }
    }

    mutating func readPolicySubject(for field: StaticString) throws(CodecError) -> PolicySubject {
        let start = offset
        guard let subject = PolicySubjectWireTag(rawValue: try readByte(for: field)) else {
            throw Self.failure(.unknownTag, at: start, for: field)
        }
        return subject.subject
    }

    mutating func readOperand() throws(CodecError) -> PolicyOperand {
        if peekUInt8() == ByteWriter.newOperandMarker {
            _ = readUInt8()
            let treeOffset = offset
            let tree = try readSpec()
            guard tree.isCreatable else { throw Self.failure(.invalidValue, at: treeOffset, for: "policy.operand.new") }
            return .new(tree)
        }
        let subject = try readPolicySubject(for: "policy.operand.subject")
        let formOffset = offset
        switch try readByte(for: "policy.operand.form") {
        case 0: return PolicyOperand(subject)
        case 1:
            let wrapOffset = offset
            let wrap = try readSpec()
            guard wrap.kind == .navigation, wrap.children.isEmpty else { throw Self.failure(.invalidValue, at: wrapOffset, for: "policy.operand.wrap") }
            return PolicyOperand(subject, .wrapped(wrap))
        case 2: return PolicyOperand(subject, .unwrapped)
        case 3: return PolicyOperand(subject, .top)
        default: throw Self.failure(.invalidValue, at: formOffset, for: "policy.operand.form")
        }
    }

    mutating func readPlace() throws(CodecError) -> PolicyPlace {
        let start = offset
        switch try readByte(for: "policy.place") {
        case 0: return .subject(try readPolicySubject(for: "policy.place.subject"))
        case 1: return .matching(try readMatch())
        default: throw Self.failure(.invalidValue, at: start, for: "policy.place")
        }
    }

    mutating func readControllerTest() throws(CodecError) -> ControllerTest {
        let testOffset = offset
        guard let testTag = ControllerTestWireTag(rawValue: try readByte(for: "policy.condition.test")) else {
            throw Self.failure(.unknownTag, at: testOffset, for: "policy.condition.test")
        }
        let test: ControllerTest
        switch testTag {
        case .is: test = .is(try readMatch())
        case .top: test = .top(try readMatch())
        case .nestedTop: test = .nestedTop(try readMatch())
        case .contains: test = .contains(try readMatch())
        case .deeperThan:
            let countOffset = offset
            let count = try readVarint(for: "policy.condition.deeperThan")
            guard count <= UInt64(Int32.max) else { throw Self.failure(.invalidValue, at: countOffset, for: "policy.condition.deeperThan") }
            test = .deeperThan(Int(count))
        case .shows:
            test = .shows(try readBool(for: "policy.condition.shows") ? try readString(for: "policy.condition.shows") : nil)
        case .showsSameItemAs:
            test = .showsSameItemAs(try readPolicySubject(for: "policy.condition.showsSameItemAs"))
        }
        return test
    }

    mutating func readCondition(depth: Int) throws(CodecError) -> PolicyCondition {
        let start = offset
        guard depth < Self.maximumConditionDepth else { throw Self.failure(.tooLarge, at: start, for: "policy.condition.depth") }
        guard let tag = PolicyConditionWireTag(rawValue: try readByte(for: "policy.condition")) else {
            throw Self.failure(.unknownTag, at: start, for: "policy.condition")
        }
        switch tag {
        case .flag: return .flag(try readString(for: "policy.condition.flag"))
        case .collapsed: return .collapsed
        case .landscape: return .landscape
        case .proposedColumn: return .proposedColumn(try readEnum(Column.self, for: "policy.condition.column"))
        case .proposedMode: return .proposedMode(try readEnum(DisplayMode.self, for: "policy.condition.mode"))
        case .test:
            let subjectOffset = offset
            guard let subject = PolicySubjectWireTag(rawValue: try readByte(for: "policy.condition.subject")) else {
                throw Self.failure(.unknownTag, at: subjectOffset, for: "policy.condition.subject")
            }
            return .test(subject.subject, try readControllerTest())
        case .testNamed:
            let match = try readMatch()
            return .testNamed(match, try readControllerTest())
        case .not: return .not(try readCondition(depth: depth + 1))
        case .all, .any:
            let count = try readCount(for: "policy.condition.parts")
            var parts: [PolicyCondition] = []
            for _ in 0..<count { parts.append(try readCondition(depth: depth + 1)) }
            return tag == .all ? .all(parts) : .any(parts)
        }
    }

    mutating func readMatch() throws(CodecError) -> ControllerMatch {
        let names = try readStrings(for: "policy.match.names")
        let restorationID = try readBool(for: "policy.match.restorationID") ? try readString(for: "policy.match.restorationID") : nil
        let kindOffset = offset
        let kindByte = try readByte(for: "policy.match.kind")
        var kind: ControllerKind?
        if kindByte != 0xFF {
            guard let value = ControllerKind(rawValue: kindByte) else { throw Self.failure(.invalidValue, at: kindOffset, for: "policy.match.kind") }
            kind = value
        }
        return ControllerMatch(names: names, restorationID: restorationID, kind: kind)
    }

    // MARK: versions 1 and 2

    /// Consumes a policy of session description version 1 or 2: its name, then each method's
    /// constant answer; the answers become the rules the policy language gives them.
    mutating func readLegacyPolicy(version: UInt8) throws(CodecError) -> SplitPolicy {
        var policy = SplitPolicy(name: try readString(for: "policy.name"))
        policy.methods[.primaryForCollapsing] = try readPrimaryChoice(for: "policy.primaryForCollapsing")
        let collapseOffset = offset
        guard let collapseTag = CollapseAnswerWireTag(rawValue: try readByte(for: "policy.collapseSecondary")) else {
            throw Self.failure(.unknownTag, at: collapseOffset, for: "policy.collapseSecondary")
        }
        switch collapseTag {
        case .notImplemented: break
        case .returns:
            policy.methods[.collapseSecondary] = [PolicyRule(try readBool(for: "policy.collapseSecondary.returns") ? .discard : .keep)]
        case .discardWhenRestorationID:
            let identifier = try readString(for: "policy.collapseSecondary.restorationID")
            policy.methods[.collapseSecondary] = [PolicyRule(.discard, if: .test(.secondary, .is(ControllerMatch(restorationID: identifier))))]
        case .discardWhenTopNamed:
            let name = try readString(for: "policy.collapseSecondary.topName")
            policy.methods[.collapseSecondary] = [PolicyRule(.discard, if: .test(.secondary, .top(.named(name))))]
        case .mergeStacks:
            policy.methods[.collapseSecondary] = [PolicyRule(.merge)]
        }
        policy.methods[.primaryForExpanding] = try readPrimaryChoice(for: "policy.primaryForExpanding")
        let separateOffset = offset
        guard let separateTag = SeparateAnswerWireTag(rawValue: try readByte(for: "policy.separateSecondary")) else {
            throw Self.failure(.unknownTag, at: separateOffset, for: "policy.separateSecondary")
        }
        switch separateTag {
        case .notImplemented: break
        case .returnsNil: policy.methods[.separateSecondary] = [PolicyRule(.returnsNil)]
        case .fresh: policy.methods[.separateSecondary] = [PolicyRule(.fresh(try readSpec()))]
        case .keepWhenNestedTopNamed:
            let names = try readStrings(for: "policy.separateSecondary.names")
            policy.methods[.separateSecondary] = [
                PolicyRule(.returnsNil, if: .test(.primary, .nestedTop(ControllerMatch(names: names)))),
                PolicyRule(.fresh(try readSpec())),
            ]
        }
        policy.methods[.targetDisplayMode] = try readTargetDisplayMode(for: "policy.targetDisplayMode")
        policy.methods[.showOverride] = try readOverride(for: "policy.showOverride")
        policy.methods[.showDetailOverride] = try readOverride(for: "policy.showDetailOverride")
        guard version >= 2 else { return policy }
        let topOffset = offset
        guard let topTag = TopColumnAnswerWireTag(rawValue: try readByte(for: "policy.topColumnForCollapsing")) else {
            throw Self.failure(.unknownTag, at: topOffset, for: "policy.topColumnForCollapsing")
        }
        if topTag == .column {
            policy.methods[.topColumnForCollapsing] = [PolicyRule(.column(try readEnum(Column.self, for: "policy.topColumnForCollapsing.column")))]
        }
        policy.methods[.displayModeForExpanding] = try readTargetDisplayMode(for: "policy.displayModeForExpanding")
        let hideOffset = offset
        guard let hideTag = ShouldHideAnswerWireTag(rawValue: try readByte(for: "policy.shouldHide")) else {
            throw Self.failure(.unknownTag, at: hideOffset, for: "policy.shouldHide")
        }
        if hideTag == .returns {
            let portrait = try readBool(for: "policy.shouldHide.portrait")
            let landscape = try readBool(for: "policy.shouldHide.landscape")
            policy.methods[.shouldHide] = [PolicyRule(.bool(landscape), if: .landscape), PolicyRule(.bool(portrait))]
        }
        policy.implementsWillHide = try readBool(for: "policy.implementsWillHide")
        return policy
    }

    /// A version 1–2 display-mode answer: not implemented, `.automatic`, or a mode.
    mutating func readTargetDisplayMode(for context: StaticString) throws(CodecError) -> [PolicyRule]? {
        let start = offset
        guard let tag = TargetDisplayModeAnswerWireTag(rawValue: try readByte(for: context)) else {
            throw Self.failure(.unknownTag, at: start, for: context)
        }
        switch tag {
        case .notImplemented: return nil
        case .automatic: return [PolicyRule(.mode(.automatic))]
        case .mode: return [PolicyRule(.mode(try readEnum(DisplayMode.self, for: context)))]
        }
    }

    /// A version 1–2 primary choice: not implemented, `nil`, or the secondary.
    mutating func readPrimaryChoice(for context: StaticString) throws(CodecError) -> [PolicyRule]? {
        let start = offset
        guard let tag = PrimaryChoiceWireTag(rawValue: try readByte(for: context)) else {
            throw Self.failure(.unknownTag, at: start, for: context)
        }
        switch tag {
        case .notImplemented: return nil
        case .returnsNil: return [PolicyRule(.returnsNil)]
        case .secondary: return [PolicyRule(.secondary)]
        }
    }

    /// A version 1–2 show override: not implemented, or a constant.
    mutating func readOverride(for context: StaticString) throws(CodecError) -> [PolicyRule]? {
        let start = offset
        guard let tag = OverrideAnswerWireTag(rawValue: try readByte(for: context)) else {
            throw Self.failure(.unknownTag, at: start, for: context)
        }
        switch tag {
        case .notImplemented: return nil
        case .returns: return [PolicyRule(.bool(try readBool(for: context)))]
        }
    }
}
