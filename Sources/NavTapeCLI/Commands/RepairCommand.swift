import ArgumentParser
import NavTape
import NavigationCore
import NavTapeInterchange

/// `navtape repair LOG`.
struct RepairCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract: "Salvage a damaged log in place: keep every whole block it can, save the original as LOG.broken.",
        discussion: """
            A clean log is left untouched. Events keep their indices: past a lost block the log resumes \
            from the next checkpoint, and the events between are a gap (at most a checkpoint interval, \
            4,096 events) that every reader passes over. One flipped bit in the file header is put back. \
            An earlier repair's LOG.broken is never replaced: the next copy is LOG.broken.1, then .2, and \
            so on. Without room beside the log for the repaired copy (or with --in-place), the log is \
            repaired in place, safe to stop at any point: LOG.broken is then a sparse file holding only the \
            bytes dropped, at their offsets, and a repair stopped midway is finished by the next one.

            Examples:
              navtape repair --dry-run crashed.navtape
              navtape repair crashed.navtape && navtape verify crashed.navtape
            """)

    @OptionGroup var input: LogPath

    @Flag(name: .customLong("dry-run"), help: "Say what a repair would keep and drop; write nothing.")
    var dryRun = false

    @Flag(name: .customLong("in-place"), help: "Repair in place even when there is room for a repaired copy.")
    var inPlace = false

    @OptionGroup var format: JSONFlag

    func run() throws {
        try Files.checkInput(input.log)
        let report = try LogRepair.repair(at: input.log, dryRun: dryRun, inPlace: inPlace)
        guard !format.json else { return Output.standard.json(JSONRepair.encode(report, log: input.log, dryRun: dryRun)) }
        guard !report.wasClean else {
            Output.standard.line("\(input.log): clean, nothing to repair (\(Plural.count(report.keptEvents, "event")))")
            return
        }
        let damaged = report.damagedRanges.map { "bytes \($0.offset)..<\($0.offset + $0.length)" }
        let header = report.correctedHeaderBit.map { "; file header: bit \($0 % 8) of byte \($0 / 8) put back" } ?? ""
        let lost = report.gaps.map { "events \($0.lowerBound)..<\($0.upperBound) (resumed from the checkpoint at \($0.upperBound))" }
        let saved = report.inPlace ? "repaired in place, the dropped bytes saved as" : "original saved as"
        let outcome = dryRun ? "dry run, nothing written" : "\(saved) \(report.brokenCopyPath ?? "?")"
        Output.standard.line(
            "\(input.log): \(dryRun ? "would keep" : "kept") \(Plural.count(report.keptEvents, "event")) in \(Plural.count(report.keptBlocks, "block")); "
                + "\(dryRun ? "would drop" : "dropped") \(Plural.count(report.droppedBlocks, "block")) (\(Plural.count(report.droppedEvents, "event"))); damaged: "
                + (damaged.isEmpty ? "none" : damaged.joined(separator: ", ")) + header + (lost.isEmpty ? "" : "; lost: " + lost.joined(separator: ", "))
                + "; " + outcome)
    }
}
