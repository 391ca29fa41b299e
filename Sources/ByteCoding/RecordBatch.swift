/// Records laid out as two columns, each record's length (a varint) and the records' bytes
/// back to back, read in order: the part of a log block's payload a fold reads. Allocates
/// nothing; the bytes it returns borrow the columns.
@usableFromInline
package struct RecordCursor {
    @usableFromInline var lengths: ByteReader
    @usableFromInline var data: ByteReader

    /// A cursor at the start of both columns.
    package init(lengths: ByteReader, data: ByteReader) {
        self.lengths = lengths
        self.data = data
    }

    /// The next record's bytes, or `nil` if the columns are malformed or exhausted.
    @inlinable @inline(__always)
    package mutating func next() -> UnsafeRawBufferPointer? {
        guard let length = lengths.readVarint(), length <= UInt64(data.remaining) else { return nil }
        return data.readBytes(count: Int(length))
    }

    /// Whether both columns were consumed exactly.
    package var isAtEnd: Bool { lengths.isAtEnd && data.isAtEnd }
}

/// The records a fold visits in one block of a log, in order, without their timestamps
/// (`EventLogReader.forEachRecordBatch(from:to:_:)`; here, below both the log and the event
/// codec, so that the codec can fold a whole batch in one loop).
///
/// Valid only during the call that hands it over. ``next()`` is inlined into the caller's loop and
/// allocates nothing: a fold over a batch costs no call per record beyond its own.
public struct RecordBatch {
    /// What is left of the columns (all of it once the batch is done).
    @usableFromInline package internal(set) var cursor: RecordCursor
    @usableFromInline var remaining: Int
    /// Whether the columns ran out or held a bad length before the batch's last record; the
    /// reader then reports the block as malformed.
    @usableFromInline package internal(set) var isMalformed = false
    @usableFromInline var position: UInt64

    /// The `count` records from `cursor`, the first of them numbered `index`.
    package init(cursor: RecordCursor, index: UInt64, count: Int) {
        self.cursor = cursor
        position = index
        remaining = count
    }

    /// The index of the record ``next()`` returns next (one past the last returned).
    @inlinable
    public var index: UInt64 { position }

    /// The next record's bytes, or `nil` once the batch is done (or its block is malformed, which
    /// the reader then reports).
    @inlinable @inline(__always)
    public mutating func next() -> UnsafeRawBufferPointer? {
        guard remaining > 0 else { return nil }
        guard let record = cursor.next() else {
            isMalformed = true
            remaining = 0
            return nil
        }
        remaining &-= 1
        position &+= 1
        return record
    }
}
