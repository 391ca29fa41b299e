import ByteCoding
import NavigationCore

// `diverged` (0x23): aspect u8 (0 viewControllers, 1 stack + observed controller, 2 collapsed,
// 3 displayMode); observed value; model value; rules: varint count, then family u8 + number u8.
// A value: u8 tag (0 controllers: varint count + observed controller*, 1 flag: u8, 2 display
// mode: u8). An observed controller: varint, low bit 0 = a controller ID code >> 1, low bit 1 = an
// unmatched controller's name ID >> 1 (docs/EventEncoding.md).

extension ByteWriter {
    mutating func writeDivergence(_ divergence: Divergence) {
        switch divergence.aspect {
        case .viewControllers: writeUInt8(0)
        case .stack(let navigation):
            writeUInt8(1)
            writeObserved(navigation)
        case .collapsed: writeUInt8(2)
        case .displayMode: writeUInt8(3)
        }
        writeConformanceValue(divergence.observed)
        writeConformanceValue(divergence.model)
        writeVarint(UInt64(divergence.rules.count))
        for rule in divergence.rules {
            writeUInt8(rule.family.rawValue)
            writeUInt8(rule.number)
        }
    }

    mutating func writeObserved(_ controller: ObservedController) {
        switch controller {
        case .controller(let id): writeVarint(Self.code(of: id) &<< 1)
        case .unmatched(let name): writeVarint(UInt64(name.rawValue) &<< 1 | 1)
        }
    }

    mutating func writeConformanceValue(_ value: ConformanceValue) {
        switch value {
        case .controllers(let list):
            writeUInt8(0)
            writeVarint(UInt64(list.count))
            for controller in list { writeObserved(controller) }
        case .flag(let flag):
            writeUInt8(1)
            writeBool(flag)
        case .displayMode(let mode):
            writeUInt8(2)
            writeUInt8(mode.rawValue)
        }
    }
}

extension ByteReader {
    mutating func readDivergence() throws(CodecError) -> Divergence {
        let start = offset
        let aspect: ConformanceAspect
        switch try readByte(for: "diverged.aspect") {
        case 0: aspect = .viewControllers
        case 1: aspect = .stack(of: try readObserved())
        case 2: aspect = .collapsed
        case 3: aspect = .displayMode
        default: throw Self.failure(.unknownTag, at: start, for: "diverged.aspect")
        }
        let observed = try readConformanceValue()
        let model = try readConformanceValue()
        let count = try readCount(minimumSize: 2, for: "diverged.rules")
        var rules: [RuleID] = []
        rules.reserveCapacity(count)
        for _ in 0..<count {
            let family = try readEnum(RuleID.Family.self, for: "diverged.rule")
            rules.append(RuleID(family, try readByte(for: "diverged.rule")))
        }
        return Divergence(aspect: aspect, observed: observed, model: model, rules: rules)
    }

    mutating func readObserved() throws(CodecError) -> ObservedController {
        let start = offset
        let code = try readVarint(for: "diverged.controller")
        if code & 1 == 0 { return .controller(try Self.controllerID(code: code &>> 1, at: start, for: "diverged.controller")) }
        guard code >> 1 <= UInt64(UInt32.max) else { throw Self.failure(.invalidValue, at: start, for: "diverged.controller") }
        return .unmatched(name: NameID(rawValue: UInt32(code >> 1)))
    }

    mutating func readConformanceValue() throws(CodecError) -> ConformanceValue {
        let start = offset
        switch try readByte(for: "diverged.value") {
        case 0:
            let count = try readCount(for: "diverged.controllers")
            var list: [ObservedController] = []
            list.reserveCapacity(count)
            for _ in 0..<count { list.append(try readObserved()) }
            return .controllers(list)
        case 1: return .flag(try readBool(for: "diverged.flag"))
        case 2: return .displayMode(try readEnum(DisplayMode.self, for: "diverged.displayMode"))
        default: throw Self.failure(.unknownTag, at: start, for: "diverged.value")
        }
    }
}
