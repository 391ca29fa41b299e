/// The session metadata at the start of every log file.
///
/// It identifies the recording (session, device, start time), its lineage when it is a branch of
/// another recording, and carries an opaque ``metadata`` blob that the layer above uses for whatever
/// it needs to interpret the records (for NavTape: the initial layout and the delegate policy).
public struct LogHeader: Sendable, Equatable {
    /// The format version this build writes, and the newest it reads.
    public static let currentFormatVersion: UInt16 = 1

    /// The format version of the file this header was read from (``currentFormatVersion`` for new logs).
    public internal(set) var formatVersion: UInt16 = LogHeader.currentFormatVersion

    /// The recording's identifier.
    public var sessionID: String
    /// The device the recording was made on.
    public var device: String
    /// The wall-clock start of the recording, in milliseconds since 1970-01-01T00:00:00Z.
    public var startTimeMilliseconds: Int64
    /// The session this one branches from, or the empty string for an original recording.
    public var parentSessionID: String
    /// The record index in the parent session at which this branch forks (0 without a parent).
    public var forkIndex: UInt64
    /// Opaque bytes for the layer above; stored and returned unchanged.
    public var metadata: [UInt8]

    /// Creates a header.
    ///
    /// - Parameters:
    ///   - sessionID: the recording's identifier.
    ///   - device: the device the recording was made on.
    ///   - startTimeMilliseconds: wall-clock start, milliseconds since the Unix epoch.
    ///   - parentSessionID: the session this one branches from; empty for none.
    ///   - forkIndex: the record index in the parent at which this branch forks.
    ///   - metadata: opaque bytes for the layer above.
    public init(
        sessionID: String,
        device: String,
        startTimeMilliseconds: Int64,
        parentSessionID: String = "",
        forkIndex: UInt64 = 0,
        metadata: [UInt8] = []
    ) {
        self.sessionID = sessionID
        self.device = device
        self.startTimeMilliseconds = startTimeMilliseconds
        self.parentSessionID = parentSessionID
        self.forkIndex = forkIndex
        self.metadata = metadata
    }
}
