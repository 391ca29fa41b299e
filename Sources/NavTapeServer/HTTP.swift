import NavTapeInterchange

extension InspectorServer {
    /// A request as the routes see it: the method, the target (path and query, as sent) and the two
    /// headers the server reads (`Host`, `Origin`). The connection's framing is NIO's (HTTP/1.1).
    public struct Request: Sendable {
        /// `GET`; any other method is 405.
        public var method: String
        /// The path and query as sent (`/api/sessions/0/state?at=12`).
        public var target: String
        /// The `Host` header (`nil`: none, or more than one).
        public var host: String?
        /// The `Origin` header, when sent.
        public var origin: String?
        /// The target's path, split at `/` (empty parts left out) and percent-decoded; `nil` when it
        /// does not start with `/` or does not decode to UTF-8.
        public let path: [String]?
        /// The query's parameters in order, names and values percent-decoded (`+` is a space, as a
        /// form sends it); a part without `=` is a name with an empty value.
        public let query: [(name: String, value: String)]

        /// A request for `target`.
        public init(method: String = "GET", target: String, host: String?, origin: String? = nil) {
            self.method = method
            self.target = target
            self.host = host
            self.origin = origin
            let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let pathText = parts.first ?? ""
            if pathText.hasPrefix("/") {
                let decoded = pathText.split(separator: "/").map { Self.percentDecoded($0, plusIsSpace: false) }
                path = decoded.contains(nil) ? nil : decoded.compactMap { $0 }
            } else {
                path = nil
            }
            query =
                parts.count < 2
                ? []
                : parts[1].split(separator: "&").map { part in
                    let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    let name = Self.percentDecoded(pair[0], plusIsSpace: true) ?? String(pair[0])
                    let value = pair.count < 2 ? "" : Self.percentDecoded(pair[1], plusIsSpace: true) ?? String(pair[1])
                    return (name, value)
                }
        }

        /// Every value of query parameter `name`, in order.
        public func values(_ name: String) -> [String] { query.filter { $0.name == name }.map(\.value) }

        /// The one value of query parameter `name`, or `nil`; given twice it is ambiguous (400).
        func single(_ name: String) throws(Failure) -> String? {
            let values = values(name)
            guard values.count <= 1 else { throw Failure(400, "\(name): given \(values.count) times; give it once") }
            return values.first
        }

        /// `text` with each `%XX` replaced by its byte (and `+` by a space when asked); `nil` when an
        /// escape is malformed or the bytes are not UTF-8.
        static func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String? {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var utf8 = text.utf8.makeIterator()
            func hex(_ byte: UInt8?) -> UInt8? {
                switch byte {
                case .some(let b) where (0x30...0x39).contains(b): b - 0x30
                case .some(let b) where (0x41...0x46).contains(b): b - 0x41 + 10
                case .some(let b) where (0x61...0x66).contains(b): b - 0x61 + 10
                default: nil
                }
            }
            while let byte = utf8.next() {
                switch byte {
                case UInt8(ascii: "%"):
                    guard let high = hex(utf8.next()), let low = hex(utf8.next()) else { return nil }
                    bytes.append(high << 4 | low)
                case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
                default: bytes.append(byte)
                }
            }
            return String(validating: bytes, as: UTF8.self)
        }
    }

    /// An answer: a status, headers, and a body sent whole or streamed.
    public struct Response: Sendable {
        /// What is sent after the head.
        public enum Body: Sendable {
            /// The whole body, with its length.
            case bytes([UInt8])
            /// A body written piece by piece (chunked) until the closure returns: it is given the
            /// function that sends a piece, which throws once the client has gone.
            case stream(@Sendable (_ send: @escaping @Sendable (String) async throws -> Void) async throws -> Void)
        }

        /// The status code.
        public var status: Int
        /// The headers besides the framing (`Content-Length`, `Transfer-Encoding`, `Connection`).
        public var headers: [(name: String, value: String)]
        /// The body.
        public var body: Body

        /// An answer of `status` with `headers` and `body`.
        public init(status: Int, headers: [(name: String, value: String)], body: Body) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// The value of header `name` (compared ignoring case), if present.
        public func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }

        /// A page, never sniffed as another type.
        static func html(_ text: String) -> Response { answer(text, type: "text/html; charset=utf-8") }
        /// A JSON answer, never sniffed as another type.
        static func json(_ value: JSONValue) -> Response { answer(value.text + "\n", type: "application/json") }
        /// The JSON of `value`.
        static func json(encoding value: some Encodable) throws -> Response { json(try JSONValue(encoding: value)) }

        static func answer(_ text: String, type: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> Response {
            Response(
                status: status, headers: [("Content-Type", type), ("X-Content-Type-Options", "nosniff")] + headers,
                body: .bytes(Array(text.utf8)))
        }
    }

    /// A refusal: its status and the message a client is given, as JSON
    /// (`{"error":{"message":"…"}}`), with any headers it needs (`Retry-After`).
    public struct Failure: Error, Sendable {
        /// The status code (4xx, 5xx).
        public var status: Int
        /// What was wrong, for the client.
        public var message: String
        /// Headers sent with it.
        public var headers: [(name: String, value: String)]

        /// A refusal of `status` saying `message`.
        public init(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) {
            self.status = status
            self.message = message
            self.headers = headers
        }

        /// The answer that says it.
        public var response: Response {
            let body = JSONValue.object(["error": .object(["message": .string(message)])])
            return .answer(body.text + "\n", type: "application/json; charset=utf-8", status: status, headers: headers)
        }
    }
}
