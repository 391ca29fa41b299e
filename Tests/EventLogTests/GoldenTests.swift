import Foundation
import NavTapeTestSupport
import Testing
@testable import EventLog

/// The committed reference log `Golden/reference.navtape` pins the format version 1 byte layout.
///
/// It is generated once by ``GoldenLog/write(to:)``; to regenerate it (only with a deliberate format
/// change and a version bump) run `NAVTAPE_REGENERATE_GOLDEN=1 swift test --filter GoldenTests`.
enum GoldenLog {
    static let fileName = "reference.navtape"

    static let header = LogHeader(
        sessionID: "golden-session-0001", device: "iPad Pro 11 (golden)", startTimeMilliseconds: 1_700_000_000_000,
        parentSessionID: "golden-parent", forkIndex: 42, metadata: Array("layout:split;policy:default".utf8))

    static var options: LogOptions {
        var options = testOptions(blockTargetBytes: 512, writesIndex: false)
        options.syncEveryRecords = 64
        return options
    }

    /// 240 records, 0 to 24 bytes, in a navigation-like pattern, with checkpoints after 80 and 160.
    static let records: [Record] = (0..<240).map { i in
        let kind = UInt8(i % 5)
        let length = (i * 7) % 25
        let bytes = (0..<length).map { j in j == 0 ? kind : UInt8(truncatingIfNeeded: (i / 10) + j * 3) }
        return Record(timestamp: 1_700_000_000_000 + Int64(i / 3) * 16, bytes: bytes)
    }

    static let checkpoints: [UInt64: [UInt8]] = [80: Array("state after 80".utf8), 160: Array("state after 160".utf8)]

    static func write(to path: String) throws {
        let writer = try EventLogWriter.create(at: path, header: header, options: options)
        for (i, record) in records.enumerated() {
            if let payload = checkpoints[UInt64(i)] { try writer.appendCheckpoint(payload) }
            try writer.append(timestamp: record.timestamp, record: record.bytes)
        }
        try writer.close()
    }

    static var sourcePath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(fileName)").path
    }

    /// The committed bytes, from the test bundle's resources.
    static func committedBytes() throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Golden", withExtension: nil)?.appendingPathComponent(fileName))
        return try Array(Data(contentsOf: url))
    }
}

@Suite("Golden reference log", .serialized)
struct GoldenTests {
    @Test(
        "regenerate the reference log (only with NAVTAPE_REGENERATE_GOLDEN=1)",
        .enabled(if: ProcessInfo.processInfo.environment["NAVTAPE_REGENERATE_GOLDEN"] == "1"))
    func regenerate() throws {
        let path = GoldenLog.sourcePath
        try? FileManager.default.removeItem(atPath: path)
        try GoldenLog.write(to: path)
        print("Regenerated \(path) (\(fileBytes(path).count) bytes); rebuild and rerun the tests, then commit it.")
    }

    @Test("the reference log reads back exactly")
    func readsReference() throws {
        let bytes = try GoldenLog.committedBytes()
        #expect(bytes.count < 8 * 1024)
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("golden.navtape")
        try writeBytes(bytes, to: path)
        let reader = try EventLogReader(path: path)
        #expect(reader.header == GoldenLog.header)
        #expect(reader.header.formatVersion == 1)
        #expect(reader.blockCount >= 5)
        #expect(reader.corruption == nil && reader.tailDamage == nil)
        let (records, error) = readRecords(reader)
        #expect(error == nil)
        #expect(records == GoldenLog.records)
        #expect(reader.checkpointRecordIndices == [80, 160])
        for (index, payload) in GoldenLog.checkpoints {
            let found = try reader.checkpoint(atOrBefore: index)
            #expect(found?.recordIndex == index)
            #expect(found?.payload == payload)
        }
    }

    @Test("writing the same records with the same options is byte-identical to the reference")
    func writesReferenceBytes() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("again.navtape")
        try GoldenLog.write(to: path)
        let written = fileBytes(path)
        let committed = try GoldenLog.committedBytes()
        #expect(written.count == committed.count)
        let firstDifference = zip(written, committed).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil, "first differing byte at \(firstDifference ?? -1)")
    }

    @Test("the reference header's leading bytes are the documented layout")
    func headerLayout() throws {
        let bytes = try GoldenLog.committedBytes()
        #expect(Array(bytes[0..<8]) == Array("NAVTAPE".utf8) + [0])
        #expect(bytes[8] == 1 && bytes[9] == 0)  // version 1, little-endian
        #expect(bytes[10] == 0 && bytes[11] == 0)  // flags
    }
}
