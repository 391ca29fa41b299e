import Hummingbird
import NavTape
import NavTapeInterchange
import NavigationCore

/// The library: `/` (the page) and `/api/sessions` (its rows as JSON), both filtered and sorted by
/// the request's parameters (``LibraryView/init(request:)``).
struct LibraryController: Sendable {
    let server: InspectorServer

    func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.get("/") { request, _ in
            let view = try LibraryView(request: request)
            return try await server.offload { Answer.html(InspectorPage.library(try libraryData(view))) }
        }
        router.get("/api/sessions") { request, _ in
            let view = try LibraryView(request: request)
            return try await server.offload {
                let logs = server.library.logs()
                let rows = view.apply(server.library.rows(logs.paths)).map { row(number: $0.number, $0.row, path: logs.paths[$0.number]) }
                return Answer.json(.array(try rows.map { try JSONValue(encoding: $0) }))
            }
        }
    }

    /// A row of `/api/sessions` and the library page: the summary with its number and key, or the
    /// reason the log cannot be read.
    struct Row: Encodable {
        var number: Int
        var key: String
        var summary: SessionSummary?
        var log: String
        var error: String?

        func encode(to encoder: any Encoder) throws {
            try summary?.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(number, forKey: .number)
            try container.encode(key, forKey: .key)
            if summary == nil {
                try container.encode(log, forKey: .log)
                try container.encode(error, forKey: .error)
            }
        }

        enum Keys: String, CodingKey { case number, key, log, error }
    }

    func row(number: Int, _ result: Result<SessionSummary, NavTapeError>, path: String) -> Row {
        switch result {
        case .success(let summary): Row(number: number, key: SessionLibrary.key(of: path), summary: summary, log: path)
        case .failure(let error): Row(number: number, key: SessionLibrary.key(of: path), log: path, error: error.description)
        }
    }

    /// The library page's data (`Web/library.js` says its shape).
    func libraryData(_ view: LibraryView) throws -> JSONValue {
        let logs = server.library.logs()
        let rows = server.library.rows(logs.paths)
        let summaries = rows.compactMap { try? $0.get() }
        let shown = view.apply(rows).map { row(number: $0.number, $0.row, path: logs.paths[$0.number]) }
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        return .object([
            "sessions": .int(Int64(logs.paths.count)),
            "skipped": strings(logs.skipped),
            "query": .object([
                "bug": strings(view.filter.bugs), "rejected": strings(view.filter.rejected), "device": strings(view.filter.devices),
                "screen": strings(view.filter.screens), "diverged": .bool(view.filter.diverged), "sort": .string(view.sort),
                "descending": .bool(view.descending),
            ]),
            "options": .object([
                "device": strings(Array(Set(summaries.map(\.device))).sorted()),
                "bug": strings(Array(Set(summaries.flatMap(\.bugs.keys))).sorted()),
                "screen": strings(Array(Set(summaries.flatMap(\.screens.keys))).sorted()),
            ]),
            "rows": .array(try shown.map { try JSONValue(encoding: $0) }),
        ])
    }
}

extension LibraryView {
    /// The view a library request asks for: the filters `bug`, `rejected`, `device`, `screen` (each
    /// repeatable) and `diverged=1`, `sort` (one of ``sortKeys``) and `order` (`asc`, `desc`). An
    /// unknown parameter, rule, sort key or order is 400 naming it.
    init(request: Request) throws {
        self.init()
        let parameters = request.uri.queryParameters
        func all(_ name: String) -> [String] { parameters.getAll(name).map { String($0) } }
        let known = ["bug", "rejected", "device", "screen", "diverged", "sort", "order"]
        for (key, _) in parameters where !known.contains(String(key)) {
            throw HTTPError(.badRequest, message: "\(key): not a parameter of the library (\(known.joined(separator: ", ")))")
        }
        filter.bugs = all("bug").filter { !$0.isEmpty }
        filter.rejected = all("rejected").filter { !$0.isEmpty }
        filter.devices = all("device").filter { !$0.isEmpty }
        filter.screens = all("screen").filter { !$0.isEmpty }
        for rule in filter.bugs + filter.rejected where RuleID(parsing: rule) == nil {
            throw HTTPError(.badRequest, message: "bug: '\(rule)' is not a rule ID such as BUG-6 or NV-1")
        }
        switch all("diverged") {
        case [], [""], ["0"]: break
        case ["1"]: filter.diverged = true
        default: throw HTTPError(.badRequest, message: "diverged: 1 or 0, once")
        }
        let sorts = all("sort"), orders = all("order")
        guard sorts.count <= 1, orders.count <= 1 else { throw HTTPError(.badRequest, message: "sort, order: give each once") }
        if let key = sorts.first, !key.isEmpty {
            guard Self.sortKeys.contains(key) else {
                throw HTTPError(.badRequest, message: "sort: one of \(Self.sortKeys.joined(separator: ", "))")
            }
            sort = key
        }
        switch orders.first {
        case nil, "", "asc": descending = false
        case "desc": descending = true
        default: throw HTTPError(.badRequest, message: "order: asc or desc")
        }
    }
}

/// Answers: a page or JSON, never sniffed as another type.
enum Answer {
    static func html(_ text: String) -> Response { response(text, type: "text/html; charset=utf-8") }
    static func json(_ value: JSONValue) -> Response { response(value.text + "\n", type: "application/json") }
    static func json(encoding value: some Encodable) throws -> Response { json(try JSONValue(encoding: value)) }

    static func response(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .init("X-Content-Type-Options")!: "nosniff"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
