import EventLog

/// A file a command writes (an export, a generated test, a report): written beside its path and
/// moved there whole by ``commit()``, so a failure (a full disk, a crash) leaves the old file or
/// nothing. An existing file is replaced only when asked, only if it is a regular file, and never
/// while another process records into it.
public final class OutputFile {
    private let staged: StagedFile

    /// The path the file will have.
    public var path: String { staged.path }

    /// Checks now that `path` could be written (nothing there, or with `replacing` a regular file no
    /// writer holds), so that long work fails before it starts.
    ///
    /// - Throws: ``NavTapeError`` — `.cannotCreate` (something is there, or it is not a regular
    ///   file), `.locked` (another process is recording into it), `.notFound`, `.ioError`.
    public static func check(_ path: String, replacing: Bool) throws(NavTapeError) {
        do throws(EventLogError) { try StagedFile.checkTarget(path, replacing: replacing) } catch { throw NavTapeError(error) }
    }

    /// Starts the file for `path`.
    /// - Throws: ``NavTapeError`` as ``check(_:replacing:)``.
    public init(path: String, replacing: Bool) throws(NavTapeError) {
        do throws(EventLogError) { staged = try StagedFile(path: path, replacing: replacing) } catch { throw NavTapeError(error) }
    }

    /// Appends `text`.
    public func write(_ text: String) throws(NavTapeError) {
        do throws(EventLogError) { try staged.write(text) } catch { throw NavTapeError(error) }
    }

    /// Appends UTF-8 bytes.
    public func write(_ bytes: [UInt8]) throws(NavTapeError) {
        do throws(EventLogError) { try staged.write(bytes) } catch { throw NavTapeError(error) }
    }

    /// Syncs the file and moves it to ``path``; on failure nothing is at ``path`` but what was there.
    public func commit() throws(NavTapeError) {
        do throws(EventLogError) { try staged.commit() } catch { throw NavTapeError(error) }
    }

    /// Gives the file up: nothing appears at ``path``.
    public func abandon() { staged.abandon() }
}
