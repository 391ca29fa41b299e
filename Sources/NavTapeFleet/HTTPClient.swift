#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a ClickHouse server's HTTP interface is: `http://[USER[:PASSWORD]@]HOST[:PORT][/PATH][?PARAMETERS]`
/// (the port 8123 by default; the parameters, such as `database=fleet` or a setting, are sent with
/// every request). Plain HTTP only: put TLS in front of it (a local proxy) to leave the machine.
public struct HTTPEndpoint: Hashable, Sendable, CustomStringConvertible {
    /// The host name or address (an IPv6 address without its brackets).
    public var host: String
    public var port: UInt16
    /// The path requests go to, `/` by default.
    public var path: String
    /// The URL's query, as written (already percent-encoded), without the `?`; may be empty.
    public var query: String
    /// `USER:PASSWORD`, sent as HTTP basic authentication, if the URL holds one.
    var credentials: String?

    /// Parses `url`.
    /// - Throws: ``FleetError`` `.invalidURL`, saying what is wrong.
    public init(parsing url: String) throws(FleetError) {
        func invalid(_ why: String) -> FleetError {
            FleetError(.invalidURL, "\(url): \(why) (expected http://HOST[:PORT][/][?PARAMETERS])")
        }
        guard url.hasPrefix("http://") else {
            throw invalid(url.hasPrefix("https://") ? "https is not supported (put a TLS proxy on this machine in front)" : "not an http:// URL")
        }
        var rest = Substring(url.dropFirst(7))
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        rest = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") {
            credentials = String(authority[..<at]).removingPercentEncoding
            authority = authority[authority.index(after: at)...]
        }
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw invalid("unclosed '['") }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { throw invalid("text after ']'") }
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            portText = authority[authority.index(after: colon)...]
        } else {
            host = String(authority)
        }
        guard !host.isEmpty else { throw invalid("no host") }
        if let portText {
            guard let port = UInt16(portText), port > 0 else { throw invalid("the port '\(portText)' is not 1–65535") }
            self.port = port
        } else {
            port = 8123
        }
        if let question = rest.firstIndex(of: "?") {
            path = rest[..<question].isEmpty ? "/" : String(rest[..<question])
            query = String(rest[rest.index(after: question)...])
        } else {
            path = rest.isEmpty ? "/" : String(rest)
            query = ""
        }
        guard !path.contains(where: { $0 == " " || $0.asciiValue.map { $0 < 0x20 } == true }), !query.contains(" ") else {
            throw invalid("blanks or control characters")
        }
    }

    /// The URL without its password, for messages and the checkpoint.
    public var description: String {
        let user = credentials.map { ($0.split(separator: ":", maxSplits: 1).first.map(String.init) ?? "") + "@" } ?? ""
        let address = host.contains(":") ? "[\(host)]" : host
        return "http://\(user)\(address):\(port)\(path)" + (query.isEmpty ? "" : "?" + query)
    }

    /// The request target: the path, the URL's parameters and `parameters` (percent-encoded here).
    public func target(_ parameters: [(String, String)]) -> String {
        var parts = query.isEmpty ? [] : [query]
        parts += parameters.map { "\($0.0.percentEncoded)=\($0.1.percentEncoded)" }
        return path + (parts.isEmpty ? "" : "?" + parts.joined(separator: "&"))
    }
}

/// A response: its status, headers (names in lowercase) and body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]

    /// The body as text (invalid UTF-8 replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// A minimal HTTP/1.1 client over a socket: one request per connection (`Connection: close`),
/// `Content-Length` bodies out, `Content-Length`, chunked or read-to-close bodies in. Enough for
/// ClickHouse's HTTP interface and nothing else: no TLS, no redirects, no proxies.
public struct HTTPClient: Sendable {
    /// Seconds to connect, and to wait for each read or write.
    public var timeout: Int
    /// The largest response body read; a longer one is `.badResponse`.
    public var maximumResponseBytes: Int

    /// A client.
    public init(timeout: Int = 30, maximumResponseBytes: Int = 64 << 20) {
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
    }

    /// Sends one request and reads the whole response.
    /// - Throws: ``FleetError`` `.unreachable` when no connection is made or it is lost before the
    ///   response is whole (the request may or may not have been acted on), `.badResponse` for
    ///   what is not HTTP/1.x.
    public func send(
        _ method: String, _ target: String, to endpoint: HTTPEndpoint, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws(FleetError) -> HTTPResponse {
        let socket = try Connection(endpoint, timeout: timeout)
        defer { socket.close() }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(endpoint.host):\(endpoint.port)\r\nConnection: close\r\n"
        head += "Content-Length: \(body.count)\r\n"
        if let credentials = endpoint.credentials { head += "Authorization: Basic \(Base64.encode(Array(credentials.utf8)))\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        try socket.write(Array(head.utf8))
        if !body.isEmpty { try socket.write(body) }
        var reader = ResponseReader(socket, limit: maximumResponseBytes)
        return try reader.read()
    }
}

/// One TCP connection, blocking with timeouts.
final class Connection {
    private let descriptor: Int32
    let endpoint: HTTPEndpoint

    init(_ endpoint: HTTPEndpoint, timeout: Int) throws(FleetError) {
        self.endpoint = endpoint
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
        guard status == 0, let first = list else {
            throw FleetError(.unreachable, "\(endpoint): cannot resolve \(endpoint.host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = ECONNREFUSED
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let address = node {
            node = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard fd >= 0 else {
                lastError = errno
                continue
            }
            if Self.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen, timeout: timeout, error: &lastError) {
                var interval = timeval(tv_sec: timeout, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
                setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
                #if canImport(Darwin)
                var one: Int32 = 1
                setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
                #endif
                descriptor = fd
                return
            }
            _ = Glibc_close(fd)
        }
        throw FleetError(.unreachable, "\(endpoint): cannot connect: \(String(cString: strerror(lastError)))")
    }

    /// Connects without blocking longer than `timeout` seconds; then the socket blocks again.
    private static func connect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t, timeout: Int, error: inout Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        #if canImport(Glibc)
        let started = Glibc.connect(fd, address, length)
        #else
        let started = Darwin.connect(fd, address, length)
        #endif
        if started == 0 { return true }
        guard errno == EINPROGRESS else {
            error = errno
            return false
        }
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        var ready: Int32
        repeat { ready = poll(&poller, 1, Int32(clamping: timeout * 1000)) } while ready < 0 && errno == EINTR
        guard ready > 0 else {
            error = ready == 0 ? ETIMEDOUT : errno
            return false
        }
        var result: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &result, &size)
        error = result
        return result == 0
    }

    func write(_ bytes: [UInt8]) throws(FleetError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                #if canImport(Glibc)
                return Glibc.send(descriptor, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #else
                return Darwin.send(descriptor, base + offset, buffer.count - offset, 0)
                #endif
            }
            if sent < 0 {
                if errno == EINTR { continue }
                throw FleetError(.unreachable, "\(endpoint): connection lost while sending: \(String(cString: strerror(errno)))")
            }
            offset += sent
        }
    }

    /// Up to `count` bytes; empty at the end of the stream.
    func read(upTo count: Int) throws(FleetError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if got >= 0 { return Array(buffer[..<got]) }
            if errno == EINTR { continue }
            let why = errno == EAGAIN || errno == EWOULDBLOCK ? "no answer in time" : String(cString: strerror(errno))
            throw FleetError(.unreachable, "\(endpoint): connection lost while reading: \(why)")
        }
    }

    func close() { _ = Glibc_close(descriptor) }
}

#if canImport(Glibc)
private func Glibc_close(_ fd: Int32) -> Int32 { Glibc.close(fd) }
#else
private func Glibc_close(_ fd: Int32) -> Int32 { Darwin.close(fd) }
#endif

/// Reads one response from a connection.
struct ResponseReader {
    let connection: Connection
    let limit: Int
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false

    init(_ connection: Connection, limit: Int) {
        self.connection = connection
        self.limit = limit
    }

    private func bad(_ why: String) -> FleetError { FleetError(.badResponse, "\(connection.endpoint): \(why)") }

    /// Reads more bytes into the buffer; false at the end of the stream.
    private mutating func fill() throws(FleetError) -> Bool {
        guard !ended else { return false }
        if position > 1 << 16 {
            buffer.removeFirst(position)
            position = 0
        }
        let more = try connection.read(upTo: 1 << 16)
        if more.isEmpty {
            ended = true
            return false
        }
        buffer += more
        return true
    }

    /// A line ending in CRLF (without it), at most 64 KiB.
    private mutating func line() throws(FleetError) -> String {
        while true {
            if let end = buffer[position...].firstIndex(of: 10) {
                var line = buffer[position..<end]
                if line.last == 13 { line = line.dropLast() }
                position = end + 1
                return String(decoding: line, as: UTF8.self)
            }
            guard buffer.count - position < 1 << 16 else { throw bad("a header line longer than 64 KiB") }
            guard try fill() else {
                throw FleetError(.unreachable, "\(connection.endpoint): connection closed before the response was whole")
            }
        }
    }

    private mutating func bytes(_ count: Int) throws(FleetError) -> ArraySlice<UInt8> {
        while buffer.count - position < count {
            guard try fill() else {
                throw FleetError(.unreachable, "\(connection.endpoint): connection closed before the response was whole")
            }
        }
        defer { position += count }
        return buffer[position..<position + count]
    }

    mutating func read() throws(FleetError) -> HTTPResponse {
        let status = try line()
        let parts = status.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let code = Int(parts[1]), (100...599).contains(code) else {
            throw bad("not an HTTP/1.1 response: '\(status.prefix(80))'")
        }
        var headers: [String: String] = [:]
        while true {
            let header = try line()
            if header.isEmpty { break }
            guard let colon = header.firstIndex(of: ":"), headers.count < 200 else { throw bad("a malformed header") }
            headers[header[..<colon].lowercased()] = String(header[header.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
        }
        var body: [UInt8] = []
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            while true {
                let sizeLine = try line()
                guard let size = Int(sizeLine.split(separator: ";").first.map { $0.trimmingBlanks } ?? "", radix: 16), size >= 0 else {
                    throw bad("a malformed chunk size")
                }
                if size == 0 { break }
                guard body.count + size <= limit else { throw bad("a response larger than \(limit) bytes") }
                body += try bytes(size)
                _ = try line()
            }
        } else if let length = headers["content-length"] {
            guard let count = Int(length), count >= 0 else { throw bad("a malformed Content-Length") }
            guard count <= limit else { throw bad("a response larger than \(limit) bytes") }
            body = Array(try bytes(count))
        } else {
            while try fill() {
                guard buffer.count - position <= limit else { throw bad("a response larger than \(limit) bytes") }
            }
            body = Array(buffer[position...])
        }
        return HTTPResponse(status: code, headers: headers, body: body)
    }
}

extension Substring {
    var trimmingBlanks: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}

extension String {
    /// Percent-encoded for a URL's query: everything but `A–Z a–z 0–9 - _ . ~`.
    var percentEncoded: String {
        var out = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return out
    }

    /// `%XX` sequences decoded; `nil` when one is malformed or the result is not UTF-8.
    var removingPercentEncoding: String? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// Base64 (RFC 4648, with padding), for basic authentication.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".unicodeScalars)
        var out = ""
        var i = 0
        while i < bytes.count {
            let a = bytes[i], b = i + 1 < bytes.count ? bytes[i + 1] : 0, c = i + 2 < bytes.count ? bytes[i + 2] : 0
            let n = UInt32(a) << 16 | UInt32(b) << 8 | UInt32(c)
            out.unicodeScalars.append(alphabet[Int(n >> 18 & 63)])
            out.unicodeScalars.append(alphabet[Int(n >> 12 & 63)])
            out.unicodeScalars.append(i + 1 < bytes.count ? alphabet[Int(n >> 6 & 63)] : "=")
            out.unicodeScalars.append(i + 2 < bytes.count ? alphabet[Int(n & 63)] : "=")
            i += 3
        }
        return out
    }
}
