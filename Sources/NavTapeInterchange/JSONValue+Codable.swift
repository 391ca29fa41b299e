/// The one JSON encoding of NavTape's report values (`StateReport`, `DiffReport`, …): any `Codable`
/// value to and from a ``JSONValue``, so the command line, the server and docs/JSON.md share it.
///
/// Integers stay integers and other numbers are written as ``JSONValue/double(_:)``; an optional
/// that is `nil` is written as `null` (never left out), and reading treats `null` and a missing
/// member alike as `nil`.
extension JSONValue {
    /// The JSON of `value`.
    /// - Throws: ``JSONError`` when `value` encodes something JSON cannot hold (a non-string key).
    public init(encoding value: some Encodable) throws(JSONError) {
        let encoder = ValueEncoder(path: [])
        do {
            try value.encode(to: encoder)
        } catch let error as JSONError {
            throw error
        } catch {
            throw JSONError("cannot encode: \(error)")
        }
        self = encoder.node.value
    }

    /// Decodes a `T` from this value.
    /// - Throws: ``JSONError`` naming the member that is missing or mistyped.
    public func decode<T: Decodable>(_ type: T.Type) throws(JSONError) -> T {
        do {
            return try T(from: ValueDecoder(value: self, path: []))
        } catch let error as JSONError {
            throw error
        } catch {
            throw JSONError("\(error)")
        }
    }
}

// MARK: encoding

/// A node of the value being encoded: containers are nodes that nested containers keep writing
/// into after they are handed out, so the tree is built first and turned into a value at the end.
private final class Node {
    enum Content {
        case value(JSONValue)
        case object([String: Node])
        case array([Node])
    }

    var content: Content = .value(.null)

    var value: JSONValue {
        switch content {
        case .value(let value): value
        case .object(let members): .object(members.mapValues(\.value))
        case .array(let items): .array(items.map(\.value))
        }
    }

    /// Makes this node an object (keeping the members of one it already is) and returns it.
    func object() -> Node {
        if case .object = content {} else { content = .object([:]) }
        return self
    }

    /// Makes this node an array (keeping the items of one it already is) and returns it.
    func array() -> Node {
        if case .array = content {} else { content = .array([]) }
        return self
    }

    func set(_ child: Node, for key: String) {
        guard case .object(var members) = content else { return }
        members[key] = child
        content = .object(members)
    }

    func append(_ child: Node) {
        guard case .array(var items) = content else { return }
        items.append(child)
        content = .array(items)
    }
}

private final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    let node: Node

    init(path: [any CodingKey], node: Node = Node()) {
        codingPath = path
        self.node = node
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedEncoder<Key>(node: node.object(), codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedEncoder(node: node.array(), codingPath: codingPath) }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleEncoder(node: node, codingPath: codingPath) }
}

/// The node of one encodable value nested at `path`.
private func encoded(_ value: some Encodable, at path: [any CodingKey]) throws -> Node {
    let node = Node()
    switch value {
    case let value as String: node.content = .value(.string(value))
    case let value as Bool: node.content = .value(.bool(value))
    case let value as Int: node.content = .value(.int(Int64(value)))
    case let value as Int64: node.content = .value(.int(value))
    case let value as UInt64: node.content = .value(.int(Int64(bitPattern: value)))
    case let value as Double: node.content = .value(.double(value))
    default: try value.encode(to: ValueEncoder(path: path, node: node))
    }
    return node
}

private func leaf(_ value: JSONValue) -> Node {
    let node = Node()
    node.content = .value(value)
    return node
}

private struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func set(_ value: JSONValue, _ key: Key) { node.set(leaf(value), for: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.int(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.int(Int64(bitPattern: value)), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.set(try encoded(value, at: codingPath + [key]), for: key.stringValue)
    }

    // `nil` is written as null: a member the documents list is always there.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { set(value.map(JSONValue.bool) ?? .null, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { set(value.map(JSONValue.string) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { set(value.map(JSONValue.double) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { set(value.map { .int(Int64($0)) } ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { set(value.map(JSONValue.int) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        set(value.map { .int(Int64(bitPattern: $0)) } ?? .null, key)
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        node.set(try value.map { try encoded($0, at: codingPath + [key]) } ?? leaf(.null), for: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = Node().object()
        node.set(child, for: key.stringValue)
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = Node().array()
        node.set(child, for: key.stringValue)
        return UnkeyedEncoder(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let child = Node()
        node.set(child, for: "super")
        return ValueEncoder(path: codingPath, node: child)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = Node()
        node.set(child, for: key.stringValue)
        return ValueEncoder(path: codingPath + [key], node: child)
    }
}

private struct UnkeyedEncoder: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int {
        guard case .array(let items) = node.content else { return 0 }
        return items.count
    }

    private func append(_ value: JSONValue) { node.append(leaf(value)) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.double(value)) }
    mutating func encode(_ value: Int) throws { append(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { append(.int(value)) }
    mutating func encode(_ value: UInt64) throws { append(.int(Int64(bitPattern: value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { node.append(try encoded(value, at: codingPath)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = Node().object()
        node.append(child)
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = Node().array()
        node.append(child)
        return UnkeyedEncoder(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        let child = Node()
        node.append(child)
        return ValueEncoder(path: codingPath, node: child)
    }
}

private struct SingleEncoder: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { node.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { node.content = .value(.double(value)) }
    mutating func encode(_ value: Int) throws { node.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { node.content = .value(.int(value)) }
    mutating func encode(_ value: UInt64) throws { node.content = .value(.int(Int64(bitPattern: value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { node.content = try encoded(value, at: codingPath).content }
}

// MARK: decoding

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let path: [any CodingKey]
    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch(path, "an object") }
        return KeyedDecodingContainer(KeyedDecoder<Key>(members: members, codingPath: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch(path, "an array") }
        return UnkeyedDecoder(items: items, codingPath: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleDecoder(value: value, codingPath: path) }
}

/// The member path of `path` as text: `sessions[3].bugs`.
private func describe(_ path: [any CodingKey]) -> String {
    path.isEmpty
        ? "the value"
        : path.enumerated().map { i, key in
            key.intValue.map { "[\($0)]" } ?? (i == 0 ? key.stringValue : "." + key.stringValue)
        }.joined()
}

private func mismatch(_ path: [any CodingKey], _ expected: String) -> JSONError {
    JSONError("\(describe(path)): expected \(expected)")
}

/// Reads a `T` out of `value` at `path`.
private func decoded<T: Decodable>(_ type: T.Type, from value: JSONValue, at path: [any CodingKey]) throws -> T {
    let single = SingleDecoder(value: value, codingPath: path)
    let scalar: Any?
    switch type {
    case is String.Type: scalar = try single.decode(String.self)
    case is Bool.Type: scalar = try single.decode(Bool.self)
    case is Int.Type: scalar = try single.decode(Int.self)
    case is Int64.Type: scalar = try single.decode(Int64.self)
    case is UInt64.Type: scalar = try single.decode(UInt64.self)
    case is Double.Type: scalar = try single.decode(Double.self)
    default: scalar = nil
    }
    if let scalar = scalar as? T { return scalar }
    return try T(from: ValueDecoder(value: value, path: path))
}

private struct KeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else { throw JSONError("\(describe(codingPath + [key])): missing") }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = members[key.stringValue] else { return true }
        return value == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoded(type, from: try member(key), at: codingPath + [key])
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try decoded(type, from: value, at: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try member(key), path: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try member(key), path: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { ValueDecoder(value: .object(members), path: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { ValueDecoder(value: try member(key), path: codingPath + [key]) }
}

private struct Index: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct UnkeyedDecoder: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    private mutating func next() throws -> (JSONValue, [any CodingKey]) {
        guard !isAtEnd else { throw JSONError("\(describe(codingPath)): fewer items than expected") }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [Index(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next()
        return try decoded(type, from: value, at: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next()
        return try ValueDecoder(value: value, path: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next()
        return try ValueDecoder(value: value, path: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next()
        return ValueDecoder(value: value, path: path)
    }
}

private struct SingleDecoder: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(codingPath, "true or false") }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(codingPath, "a string") }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .double(let number): return number
        case .int(let number): return Double(number)
        default: throw mismatch(codingPath, "a number")
        }
    }

    func decode(_ type: Int64.Type) throws -> Int64 {
        guard case .int(let number) = value else { throw mismatch(codingPath, "an integer") }
        return number
    }

    func decode(_ type: Int.Type) throws -> Int { Int(try decode(Int64.self)) }

    func decode(_ type: UInt64.Type) throws -> UInt64 {
        let number = try decode(Int64.self)
        guard number >= 0 else { throw mismatch(codingPath, "a non-negative integer") }
        return UInt64(number)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoded(type, from: value, at: codingPath) }
}
