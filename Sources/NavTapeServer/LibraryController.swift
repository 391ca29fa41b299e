import NavTape
import NavTapeInterchange
import NavigationCore

/// The library: `/` (the page) and `/api/sessions` (its rows as JSON), both filtered and sorted by
/// the request's parameters (``LibraryView/init(request:)``).
struct LibraryController: Sendable {
    let server: InspectorServer

    /// The answer of the route `path` names, or `nil` when it names none of this controller's.
    func respond(to request: InspectorServer.Request, path: [String]) async throws -> InspectorServer.Response? {
        switch path {
        case []:
            let view = try LibraryView(request: request)
            return try await server.offload { InspectorServer.Response.html(InspectorPage.library(try libraryData(view))) }
        case ["api", "sessions"]:
            let view = try LibraryView(request: request)
            return try await server.offload { InspectorServer.Response.json(.array(try listing(view).rows.map { try JSONValue(encoding: $0) })) }
        default: return nil
        }
    }

    /// What a view of the library shows: the page's rows, the counts and the filter menus' values,
    /// from the served logs, or from the fleet's index (``InspectorServer/Configuration/index``)
    /// when there is one.
    struct Listing {
        var sessions: Int
        var matching: Int
        var skipped: [String]
        var rows: [Row]
        var devices: [String], bugs: [String], screens: [String]
        /// The page's size, when the view or the index sets one.
        var limit: Int?
    }

    func listing(_ view: LibraryView) throws -> Listing {
        let logs = server.library.logs()
        guard let index = server.configuration.index else {
            let rows = server.library.rows(logs.paths)
            let summaries = rows.compactMap { try? $0.get() }
            let shown = view.apply(rows)
            return Listing(
                sessions: logs.paths.count, matching: shown.count, skipped: logs.skipped,
                rows: view.page(shown).map { row(number: $0.number, $0.row, path: logs.paths[$0.number]) },
                devices: Array(Set(summaries.map(\.device))).sorted(), bugs: Array(Set(summaries.flatMap(\.bugs.keys))).sorted(),
                screens: Array(Set(summaries.flatMap(\.screens.keys))).sorted(), limit: view.limit)
        }
        let page: SessionListing
        var view = view
        view.limit = view.limit ?? LibraryView.indexLimit
        do {
            page = try index.listing(view)
        } catch {
            throw InspectorServer.Failure(502, "\(index.source): \(error)")
        }
        // A row opens when its log is one of the served files (the path as the facts wrote it).
        let served = Set(logs.paths)
        let rows = page.rows.enumerated().map { i, summary in
            Row(number: view.offset + i, key: served.contains(summary.log) ? SessionLibrary.key(of: summary.log) : nil, summary: summary, log: summary.log)
        }
        return Listing(
            sessions: page.sessions, matching: page.matching, skipped: logs.skipped, rows: rows, devices: page.devices, bugs: page.bugs,
            screens: page.screens, limit: view.limit)
    }

    /// A row of `/api/sessions` and the library page: the summary with its number and key, or the
    /// reason the log cannot be read. A fleet's row whose log this server does not serve has no key (`null`).
    struct Row: Encodable {
        var number: Int
        var key: String?
        var summary: SessionSummary?
        var log: String
        var error: String?

        func encode(to encoder: any Encoder) throws {
            try summary?.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(number, forKey: .number)
            try container.encodeIfPresent(key, forKey: .key)
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
        let listing = try listing(view)
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        var data: [String: JSONValue] = [
            "sessions": .int(Int64(listing.sessions)),
            "matching": .int(Int64(listing.matching)),
            "offset": .int(Int64(view.offset)),
            "skipped": strings(listing.skipped),
            "query": .object([
                "bug": strings(view.filter.bugs), "rejected": strings(view.filter.rejected), "device": strings(view.filter.devices),
                "screen": strings(view.filter.screens), "diverged": .bool(view.filter.diverged), "sort": .string(view.sort),
                "descending": .bool(view.descending),
            ]),
            "options": .object(["device": strings(listing.devices), "bug": strings(listing.bugs), "screen": strings(listing.screens)]),
            "rows": .array(try listing.rows.map { try JSONValue(encoding: $0) }),
        ]
        if let index = server.configuration.index { data["source"] = .string(index.source) }
        if let limit = listing.limit { data["limit"] = .int(Int64(limit)) }
        return .object(data)
    }
}

extension LibraryView {
    /// The view a library request asks for: the filters `bug`, `rejected`, `device`, `screen` (each
    /// repeatable) and `diverged=1`, `sort` (one of ``sortKeys``), `order` (`asc`, `desc`), and the
    /// page: `offset` (rows skipped) and `limit` (1 to 10,000 rows). An unknown parameter, rule, sort
    /// key or order, or a bad number, is 400 naming it.
    init(request: InspectorServer.Request) throws(InspectorServer.Failure) {
        self.init()
        func all(_ name: String) -> [String] { request.values(name) }
        let known = ["bug", "rejected", "device", "screen", "diverged", "sort", "order", "offset", "limit"]
        for (key, _) in request.query where !known.contains(key) {
            throw InspectorServer.Failure(400, "\(key): not a parameter of the library (\(known.joined(separator: ", ")))")
        }
        filter.bugs = all("bug").filter { !$0.isEmpty }
        filter.rejected = all("rejected").filter { !$0.isEmpty }
        filter.devices = all("device").filter { !$0.isEmpty }
        filter.screens = all("screen").filter { !$0.isEmpty }
        for rule in filter.bugs + filter.rejected where RuleID(parsing: rule) == nil {
            throw InspectorServer.Failure(400, "bug: '\(rule)' is not a rule ID such as BUG-6 or NV-1")
        }
        switch all("diverged") {
        case [], [""], ["0"]: break
        case ["1"]: filter.diverged = true
        default: throw InspectorServer.Failure(400, "diverged: 1 or 0, once")
        }
        let sorts = all("sort"), orders = all("order")
        guard sorts.count <= 1, orders.count <= 1 else { throw InspectorServer.Failure(400, "sort, order: give each once") }
        if let key = sorts.first, !key.isEmpty {
            guard Self.sortKeys.contains(key) else {
                throw InspectorServer.Failure(400, "sort: one of \(Self.sortKeys.joined(separator: ", "))")
            }
            sort = key
        }
        switch orders.first {
        case nil, "", "asc": descending = false
        case "desc": descending = true
        default: throw InspectorServer.Failure(400, "order: asc or desc")
        }
        func number(_ name: String, _ range: ClosedRange<Int>) throws(InspectorServer.Failure) -> Int? {
            let values = all(name).filter { !$0.isEmpty }
            guard values.count <= 1 else { throw InspectorServer.Failure(400, "\(name): give it once") }
            guard let text = values.first else { return nil }
            guard let value = Int(text), range.contains(value) else {
                throw InspectorServer.Failure(400, "\(name): a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
        offset = try number("offset", 0...Self.maximumOffset) ?? 0
        limit = try number("limit", 1...Self.maximumLimit)
    }

    /// The most rows one request may ask for.
    static let maximumLimit = 10_000
    /// The furthest page one request may ask for.
    static let maximumOffset = 100_000_000
}
