import ByteCoding
import EventLog
import Synchronization

/// Where a library keeps its rows between runs: the server keeps them in a catalogue file in each
/// served directory (docs/FileFormat.md, "Catalogue"); tests and one-off reads keep none.
public protocol SessionCatalogue: Sendable {
    /// The rows kept for logs under `directory`, with the version of the file each was read from.
    func load(directory: String) -> [(path: String, version: LogFiles.Version, summary: SessionSummary)]
    /// Replaces the rows kept for `directory`.
    func save(directory: String, rows: [(path: String, version: LogFiles.Version, summary: SessionSummary)])
}

/// A library of sessions: the logs that paths and directories name, found again on every look (new
/// and growing logs appear), each one's ``SessionSummary`` read once and kept while its file is
/// unchanged (size, modification time and inode), optionally across runs in a ``SessionCatalogue``.
/// What `navtape query` reads and `navtape serve` lists.
public final class SessionLibrary: Sendable {
    /// The paths and directories the library is made of, as given.
    public let roots: [String]
    private let catalogue: (any SessionCatalogue)?
    private let jobs: Int
    private let entries = Mutex<[String: (version: LogFiles.Version, row: Result<SessionSummary, NavTapeError>)]>([:])

    /// The most logs a library lists (a directory with more lists the first ones in name order).
    public static let maximumLogs = 100_000

    /// A library of `roots`, reading `jobs` logs at once, starting from what `catalogue` kept.
    public init(roots: [String], catalogue: (any SessionCatalogue)? = nil, jobs: Int = 2) {
        self.roots = roots
        self.catalogue = catalogue
        self.jobs = Swift.max(1, jobs)
        var loaded: [String: (version: LogFiles.Version, row: Result<SessionSummary, NavTapeError>)] = [:]
        if let catalogue {
            for directory in roots where LogFiles.kind(of: directory) == .directory {
                for row in catalogue.load(directory: directory) { loaded[row.path] = (row.version, .success(row.summary)) }
            }
        }
        entries.withLock { $0 = loaded }
    }

    /// The logs `arguments` name: files as they are (one that is missing fails when it is read,
    /// on its own), directories expanded to the `.navtape` files under them (see
    /// ``LogFiles/files(under:suffix:limit:)``), in order.
    /// - Throws: ``NavTapeError`` `.notFound` for a directory with no log.
    public static func paths(_ arguments: [String]) throws(NavTapeError) -> [String] {
        var result: [String] = []
        for argument in arguments {
            switch LogFiles.kind(of: argument) {
            case .directory:
                let found = LogFiles.files(under: argument, suffix: ".navtape", limit: maximumLogs).files
                if found.isEmpty { throw NavTapeError(.notFound, path: argument, "no .navtape logs in this directory") }
                result += found
            case .missing, .regular, .special:
                result.append(argument)
            }
        }
        return result
    }

    /// The logs of the library now, and the files under its directories that look like logs but
    /// are not regular files (FIFOs, devices, sockets: never opened).
    public func logs() -> (paths: [String], skipped: [String]) {
        var paths: [String] = [], skipped: [String] = []
        for root in roots {
            if LogFiles.kind(of: root) == .directory {
                let found = LogFiles.files(under: root, suffix: ".navtape", limit: Self.maximumLogs)
                paths += found.files
                skipped += found.skipped
            } else {
                paths.append(root)
            }
        }
        return (paths, skipped)
    }

    /// The row of `path` if it has been read and the file has not changed since; never reads it.
    public func cachedRow(_ path: String) -> SessionSummary? {
        guard let version = LogFiles.version(of: path) else { return nil }
        return entries.withLock { entries in
            guard let entry = entries[path], entry.version == version else { return nil }
            return try? entry.row.get()
        }
    }

    /// The rows of `paths`, reading (``jobs`` at once) only those new or changed since last asked.
    public func rows(_ paths: [String]) -> [Result<SessionSummary, NavTapeError>] {
        let versions = paths.map(LogFiles.version(of:))
        var rows: [Result<SessionSummary, NavTapeError>?] = entries.withLock { entries in
            paths.indices.map { i in
                guard let version = versions[i], let entry = entries[paths[i]], entry.version == version else { return nil }
                return entry.row
            }
        }
        let stale = rows.indices.filter { rows[$0] == nil }
        guard !stale.isEmpty else { return rows.compactMap { $0 } }
        let read = SessionSummary.read(stale.map { paths[$0] }, jobs: jobs, tornTail: .warn)
        entries.withLock { entries in
            for (k, i) in stale.enumerated() {
                rows[i] = read[k]
                // A file that changed while it was read is read again next time.
                if let version = versions[i], LogFiles.version(of: paths[i]) == version { entries[paths[i]] = (version, read[k]) }
            }
            // Logs no longer listed are forgotten.
            if entries.count > paths.count * 2 + 16 {
                let listed = Set(paths)
                entries = entries.filter { listed.contains($0.key) }
            }
        }
        save(changed: stale.map { paths[$0] })
        return rows.compactMap { $0 }  // every one is filled above
    }

    /// Hands the catalogue the rows of each directory holding one of `changed`.
    private func save(changed: [String]) {
        guard let catalogue else { return }
        let all = entries.withLock { $0 }
        for directory in roots where LogFiles.kind(of: directory) == .directory {
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            guard changed.contains(where: { $0.hasPrefix(prefix) }) else { continue }
            let rows = all.filter { $0.key.hasPrefix(prefix) }.sorted { $0.key < $1.key }.compactMap { path, entry in
                (try? entry.row.get()).map { (path: path, version: entry.version, summary: $0) }
            }
            catalogue.save(directory: directory, rows: rows)
        }
    }

    /// A session's key in URLs and the API: `s-` and 16 hex digits of a 64-bit FNV-1a hash of the
    /// log's path as listed. It stays the same while other logs come and go.
    public static func key(of path: String) -> String {
        let hex = String(Array(path.utf8).withUnsafeBytes(FNV1a64.hash), radix: 16)
        return keyPrefix + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// What every key starts with.
    public static let keyPrefix = "s-"

    /// The log `text` names among `paths`: its key (``key(of:)``), or its number in the library's
    /// order; `nil` when none.
    public static func path(named text: String, among paths: [String]) -> String? {
        if text.hasPrefix(keyPrefix), let found = paths.first(where: { key(of: $0) == text }) { return found }
        if let number = Int(text), paths.indices.contains(number) { return paths[number] }
        return nil
    }
}

/// How a library is shown: the sessions passing a ``SessionFilter``, in an order. A session keeps
/// its number in the library whatever is shown.
public struct LibraryView: Sendable, Hashable {
    /// The filter.
    public var filter = SessionFilter()
    /// The sort key: one of ``sortKeys``.
    public var sort = "number"
    /// Largest (or last) first.
    public var descending = false
    /// The first row shown (a page of a long library): the rows before it are left out.
    public var offset = 0
    /// The most rows shown (`nil`: all of them, or ``indexLimit`` from a ``SessionIndex``).
    public var limit: Int?

    /// The rows a page from a ``SessionIndex`` holds when the view does not say.
    public static let indexLimit = 1_000

    /// What the library can be sorted by.
    public static let sortKeys = [
        "number", "log", "session", "device", "policy", "style", "events", "commands", "duration", "bugs",
        "divergences", "parent",
    ]

    /// The unfiltered library in its own order.
    public init() {}

    /// A view.
    public init(filter: SessionFilter, sort: String, descending: Bool) {
        self.filter = filter
        self.sort = sort
        self.descending = descending
    }

    /// The rows shown, each with its number in the library. With a filter, unreadable logs are left out.
    public func apply(_ rows: [Result<SessionSummary, NavTapeError>]) -> [(number: Int, row: Result<SessionSummary, NavTapeError>)] {
        let kept = rows.enumerated().filter { _, row in
            guard case .success(let summary) = row else { return filter.isEmpty }
            return filter.matches(summary)
        }.map { (number: $0.offset, row: $0.element) }
        guard sort != "number" else { return descending ? kept.reversed() : kept }
        func key(_ summary: SessionSummary) -> SortKey {
            switch sort {
            case "log": .text(summary.log)
            case "session": .text(summary.sessionID)
            case "device": .text(summary.device)
            case "policy": .text(summary.policy)
            case "style": .text(summary.style)
            case "parent": .text(summary.parent ?? "")
            case "events": .number(Int64(summary.events))
            case "commands": .number(Int64(summary.commands))
            case "duration": .number(summary.duration)
            case "bugs": .number(Int64(summary.bugCount))
            default: .number(Int64(summary.divergences))
            }
        }
        // Unreadable logs last; ties keep the library's order.
        return kept.sorted { a, b in
            switch (a.row, b.row) {
            case (.success(let x), .success(let y)):
                let (kx, ky) = (key(x), key(y))
                if kx == ky { return a.number < b.number }
                return descending ? ky < kx : kx < ky
            case (.success, .failure): return true
            case (.failure, .success): return false
            case (.failure, .failure): return a.number < b.number
            }
        }
    }

    /// The rows of `shown` (``apply(_:)``'s) on this view's page: from ``offset``, at most ``limit``.
    public func page<Row>(_ shown: [Row]) -> ArraySlice<Row> {
        shown.dropFirst(Swift.max(0, offset)).prefix(Swift.max(0, limit ?? Int.max))
    }

    private enum SortKey: Comparable {
        case number(Int64)
        case text(String)
    }
}
