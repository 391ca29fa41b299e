import NavTape
import NavigationCore

/// Typed access to the members of a JSON object, throwing ``JSONError`` naming the key.
struct JSONReader {
    let members: [String: JSONValue]
    let context: String

    init(_ value: JSONValue, _ context: String) throws(JSONError) {
        guard case .object(let members) = value else { throw JSONError("\(context): expected an object") }
        self.members = members
        self.context = context
    }

    func value(_ key: String) throws(JSONError) -> JSONValue {
        guard let value = members[key] else { throw JSONError("\(context): missing \"\(key)\"") }
        return value
    }

    func fail(_ key: String, _ expected: String) -> JSONError {
        JSONError("\(context).\(key): expected \(expected)")
    }

    func isNull(_ key: String) -> Bool { members[key] == nil || members[key] == .null }

    func string(_ key: String) throws(JSONError) -> String {
        guard case .string(let text) = try value(key) else { throw fail(key, "a string") }
        return text
    }

    func optionalString(_ key: String) throws(JSONError) -> String? {
        isNull(key) ? nil : try string(key)
    }

    func int(_ key: String) throws(JSONError) -> Int64 {
        guard case .int(let number) = try value(key) else { throw fail(key, "an integer") }
        return number
    }

    func bool(_ key: String) throws(JSONError) -> Bool {
        guard case .bool(let flag) = try value(key) else { throw fail(key, "true or false") }
        return flag
    }

    /// A number or `null` (`nil`, an automatic width).
    func optionalDouble(_ key: String) throws(JSONError) -> Double? {
        switch try value(key) {
        case .null: return nil
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: throw fail(key, "a number or null")
        }
    }

    func array(_ key: String) throws(JSONError) -> [JSONValue] {
        guard case .array(let items) = try value(key) else { throw fail(key, "an array") }
        return items
    }

    func object(_ key: String) throws(JSONError) -> JSONReader {
        try JSONReader(value(key), "\(context).\(key)")
    }

    func id(_ key: String) throws(JSONError) -> ControllerID {
        guard case .string(let text) = try value(key), let id = ControllerID(parsing: text) else {
            throw fail(key, "a controller ID such as \"#3\" or \"#m0\"")
        }
        return id
    }

    func optionalID(_ key: String) throws(JSONError) -> ControllerID? {
        isNull(key) ? nil : try id(key)
    }

    func ids(_ key: String) throws(JSONError) -> [ControllerID] {
        var result: [ControllerID] = []
        for item in try array(key) {
            guard case .string(let text) = item, let id = ControllerID(parsing: text) else {
                throw fail(key, "controller IDs such as \"#3\"")
            }
            result.append(id)
        }
        return result
    }

    /// A `UInt8`-backed enum by its case name (`"alreadyInStack"`).
    func enumeration<E: CaseNamed>(_ key: String, _ type: E.Type) throws(JSONError) -> E {
        let text = try string(key)
        guard let value = E(jsonName: text) else { throw fail(key, "a \(E.self) case name, found \"\(text)\"") }
        return value
    }

    func displayMode(_ key: String) throws(JSONError) -> DisplayMode {
        let text = try string(key)
        guard let mode = DisplayMode(name: text) else { throw fail(key, "a display mode, found \"\(text)\"") }
        return mode
    }
}

extension CaseNamed {
    /// The case whose name is `name`.
    init?(jsonName name: String) {
        guard let raw = Self.caseNameTable.firstIndex(where: { $0 == name }), let value = Self(rawValue: UInt8(raw)) else { return nil }
        self = value
    }

    /// The case's name as JSON: `"alreadyInStack"`.
    var json: JSONValue { .string(caseName) }
}

extension ControllerID {
    /// `"#3"`.
    var json: JSONValue { .string(description) }
}

extension Optional where Wrapped == ControllerID {
    /// The ID's JSON, or `null`.
    var json: JSONValue { map(\.json) ?? .null }
}

extension DisplayMode {
    /// The classic name for classic modes, else the iOS 14 name.
    var json: JSONValue { .string(classicName) }
}
