import ByteCoding
import NavigationCore

// ControllerSpec trees, in `instantiate` commands and in policies (docs/EventEncoding.md, "Spec").
//
// One byte: kind in bits 0–3, "has a restoration ID" in bit 4, "has children" in bit 5; then the
// name, the restoration ID when present, and the children (a varint count, then each spec) when
// present. A spec with an empty `children` array writes no count.

extension ByteWriter {
    /// A controller tree, depth first.
    mutating func writeSpec(_ spec: ControllerSpec) {
        let flags: UInt8 = (spec.restorationID != nil ? 0x10 : 0) | (spec.children.isEmpty ? 0 : 0x20)
        writeUInt8(spec.kind.rawValue | flags)
        writeString(spec.name)
        if let restorationID = spec.restorationID { writeString(restorationID) }
        if !spec.children.isEmpty {
            writeVarint(UInt64(spec.children.count))
            for child in spec.children { writeSpec(child) }
        }
    }
}

extension ByteReader {
    /// Consumes a controller tree whose root sits at `depth`; trees reaching
    /// ``CodecLimits/maximumSpecDepth`` are `.tooLarge`.
    mutating func readSpec(depth: Int = 0) throws(CodecError) -> ControllerSpec {
        let start = offset
        guard depth < CodecLimits.maximumSpecDepth else { throw Self.failure(.tooLarge, at: start, for: "spec.depth") }
        let packed = try readByte(for: "spec.kind")
        guard packed & 0xC0 == 0, let kind = ControllerKind(rawValue: packed & 0x0F) else {
            throw Self.failure(.invalidValue, at: start, for: "spec.kind")
        }
        let name = try readString(for: "spec.name")
        let restorationID = packed & 0x10 != 0 ? try readString(for: "spec.restorationID") : nil
        var children: [ControllerSpec] = []
        if packed & 0x20 != 0 {
            let countStart = offset
            // Every child takes at least two bytes (its flags and an empty name's length).
            let count = try readCount(minimumSize: 2, for: "spec.children")
            guard count > 0 else { throw Self.failure(.invalidValue, at: countStart, for: "spec.children") }
            children.reserveCapacity(count)
            for _ in 0..<count { children.append(try readSpec(depth: depth + 1)) }
        }
        return ControllerSpec(kind, name, restorationID: restorationID, children: children)
    }
}
