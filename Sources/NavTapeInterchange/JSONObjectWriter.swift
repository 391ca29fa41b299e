import NavigationCore

/// Where the members of a JSON object go as they are described: a dictionary (the ``JSONValue``
/// an API returns) or bytes (``JSONObjectWriter``, what `navtape export` writes). An object's
/// members are described once, generic over the sink, so both give the same text. Keys are
/// literals (plain ASCII, nothing to escape), each given at most once per object.
protocol JSONMemberSink {
    /// Sets member `key` to `value`.
    mutating func add(_ key: StaticString, _ value: JSONValue)
    /// Sets member `key` to an integer.
    mutating func add(_ key: StaticString, int value: Int64)
    /// Sets member `key` to a controller ID's string (`"#3"`, `"#m0"`).
    mutating func add(_ key: StaticString, id: ControllerID)
    /// Sets member `key` to a controller ID's string or `null`.
    mutating func add(_ key: StaticString, id: ControllerID?)
    /// Sets member `key` to an array of controller ID strings.
    mutating func add(_ key: StaticString, ids: [ControllerID])
}

extension JSONMemberSink {
    mutating func add(_ key: StaticString, int value: Int64) { add(key, .int(value)) }
    mutating func add(_ key: StaticString, id: ControllerID) { add(key, id.json) }
    mutating func add(_ key: StaticString, id: ControllerID?) { add(key, id.json) }
    mutating func add(_ key: StaticString, ids: [ControllerID]) { add(key, .array(ids.map(\.json))) }
}

extension Dictionary: JSONMemberSink where Key == String, Value == JSONValue {
    mutating func add(_ key: StaticString, _ value: JSONValue) { self[key.description] = value }
}

/// Writes one JSON object at a time as UTF-8, members given in any order and written with sorted
/// keys, exactly as ``JSONValue/write(into:)`` writes the same object, without building it: values
/// are written into a scratch buffer as they come and copied out in key order at the end. One
/// writer is reused for every object, so writing allocates nothing once its buffers have grown.
struct JSONObjectWriter: JSONMemberSink {
    private var values: [UInt8] = []
    /// Each member's key, the key's first eight bytes as a big-endian number (ordered as the keys
    /// are), and its value's bytes in `values`.
    private typealias Member = (key: StaticString, prefix: UInt64, start: Int, end: Int)
    private var members: [Member] = []

    init() {
        values.reserveCapacity(512)
        members.reserveCapacity(16)
    }

    mutating func add(_ key: StaticString, _ value: JSONValue) {
        let start = values.count
        value.write(into: &values)
        record(key, from: start)
    }

    mutating func add(_ key: StaticString, int value: Int64) {
        let start = values.count
        JSONValue.writeInteger(value, into: &values)
        record(key, from: start)
    }

    mutating func add(_ key: StaticString, id: ControllerID) {
        let start = values.count
        Self.write(id, into: &values)
        record(key, from: start)
    }

    mutating func add(_ key: StaticString, id: ControllerID?) {
        guard let id else { return add(key, .null) }
        add(key, id: id)
    }

    mutating func add(_ key: StaticString, ids: [ControllerID]) {
        let start = values.count
        values.append(UInt8(ascii: "["))
        for (i, id) in ids.enumerated() {
            if i > 0 { values.append(UInt8(ascii: ",")) }
            Self.write(id, into: &values)
        }
        values.append(UInt8(ascii: "]"))
        record(key, from: start)
    }

    /// Appends the object of the members added since the last call to `out`, and starts the next.
    mutating func finish(into out: inout [UInt8]) {
        // Insertion sort: an object has a handful of members. In place, through one buffer (each
        // subscript assignment of the array checked its uniqueness).
        members.withUnsafeMutableBufferPointer { members in
            var i = 1
            while i < members.count {
                let member = members[i]
                var j = i
                while j > 0, Self.precedes(member, members[j - 1]) {
                    members[j] = members[j - 1]
                    j -= 1
                }
                members[j] = member
                i += 1
            }
        }
        // The object is assembled in one scratch buffer and appended in one copy (a byte at a
        // time, `Array`'s uniqueness check per byte was most of the writer's time).
        var length = 2 + max(0, members.count - 1)
        for member in members { length += member.key.utf8CodeUnitCount + 3 + member.end - member.start }
        values.withUnsafeBufferPointer { values in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { object in
                guard let base = object.baseAddress, let source = values.baseAddress else { return }
                var at = base
                func put(_ byte: UInt8) {
                    at.initialize(to: byte)
                    at += 1
                }
                put(UInt8(ascii: "{"))
                for (i, member) in members.enumerated() {
                    if i > 0 { put(UInt8(ascii: ",")) }
                    put(UInt8(ascii: "\""))
                    at.initialize(from: member.key.utf8Start, count: member.key.utf8CodeUnitCount)
                    at += member.key.utf8CodeUnitCount
                    put(UInt8(ascii: "\""))
                    put(UInt8(ascii: ":"))
                    at.initialize(from: source + member.start, count: member.end - member.start)
                    at += member.end - member.start
                }
                put(UInt8(ascii: "}"))
                out.append(contentsOf: UnsafeBufferPointer(start: base, count: at - base))
            }
        }
        values.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
    }

    private mutating func record(_ key: StaticString, from start: Int) {
        var prefix: UInt64 = 0
        if key.utf8CodeUnitCount >= 8 {
            prefix = UInt64(bigEndian: UnsafeRawPointer(key.utf8Start).loadUnaligned(as: UInt64.self))
        } else {
            for i in 0..<8 { prefix = prefix &<< 8 | UInt64(i < key.utf8CodeUnitCount ? key.utf8Start[i] : 0) }
        }
        let member: Member = (key, prefix, start, values.count)
        assert(!members.contains { !Self.precedes($0, member) && !Self.precedes(member, $0) }, "member \(key) given twice")
        members.append(member)
    }

    /// Whether `a`'s key sorts before `b`'s, byte by byte (as `String`'s `<` orders ASCII).
    private static func precedes(_ a: Member, _ b: Member) -> Bool {
        if a.prefix != b.prefix { return a.prefix < b.prefix }
        return a.key.withUTF8Buffer { a in
            b.key.withUTF8Buffer { b in
                let common = min(a.count, b.count)
                for i in 0..<common where a[i] != b[i] { return a[i] < b[i] }
                return a.count < b.count
            }
        }
    }

    /// `"#12"` or `"#m3"`, as ``NavigationCore/ControllerID/description`` spells it.
    private static func write(_ id: ControllerID, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: "#"))
        if id.isMinted { out.append(UInt8(ascii: "m")) }
        JSONValue.writeInteger(Int64(id.index), into: &out)
        out.append(UInt8(ascii: "\""))
    }
}
