import ArgumentParser
import NavTape
import NavigationCore
import NavTapeFleet
import Synchronization

/// `navtape ingest URL LOG|DIR…`.
struct IngestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Load the facts of logs into ClickHouse over HTTP, in batches, exactly once across a kill and a re-run.",
        discussion: """
            Posts what `navtape facts` writes to the sessions and moments tables \
            (Integrations/ClickHouse/schema.sql) of the ClickHouse HTTP interface at URL \
            (http://[USER:PASSWORD@]HOST[:PORT]/[?database=DB&SETTING=VALUE]), --batch rows per \
            request, each with a deduplication token (ClickHouse 22 and later), retrying with backoff \
            when the connection is lost or the server fails. After each acknowledged batch the \
            checkpoint file says how far it got: run the same command again after a kill or a failure \
            and it sends only the rest (docs/Fleet.md). Exit 74 when the server cannot be reached or \
            keeps failing, 65 for a schema mismatch or a row the server refuses, 64 for a bad URL.

            Examples:
              navtape ingest http://127.0.0.1:8123/?database=fleet recordings/
              navtape ingest http://ch:8123/ logs/ --batch 50000 --checkpoint /var/tmp/day-12.checkpoint
            """)

    @Argument(help: ArgumentHelp("The ClickHouse HTTP interface.", valueName: "url"))
    var url: String

    @OptionGroup var input: LogsArgument

    @Option(help: "Rows per batch (each table's).")
    var batch = 100_000

    @Option(help: ArgumentHelp("The checkpoint file (a re-run with the same logs goes on from it).", valueName: "file"))
    var checkpoint = "navtape-ingest.checkpoint"

    @Option(help: "Tries after the first for a batch that failed for a reason that may pass.")
    var retries = 6

    @Option(help: "Logs read at once (default: the number of cores).")
    var jobs = Cores.count

    @OptionGroup var format: JSONFlag

    func validate() throws {
        guard !input.logs.isEmpty else { throw ValidationError("Give at least one log or directory.") }
        guard batch >= 1, jobs >= 1, retries >= 0 else { throw ValidationError("--batch and --jobs must be at least 1, --retries at least 0.") }
    }

    func run() throws {
        var server = try ClickHouse(url: url)
        server.retries = retries
        server.onRetry = { error, wait in Diagnostics.line("ingest: \(error.message); again in \(wait) ms") }
        var options = Ingest.Options()
        (options.batchRows, options.jobs, options.checkpoint) = (batch, jobs, checkpoint)
        options.tornTail = input.strict ? .refuse : .warn
        let worst = Atomic<Int32>(0)
        let report = try Ingest.run(try input.paths(), into: server, options: options) { error in worst.max(Failure.report(error).rawValue) }
        if format.json {
            Output.standard.json(report)
        } else {
            Output.standard.line(
                "ingest: \(Plural.count(report.sessions, "session")) and \(Plural.count(report.moments, "moment")) in \(Plural.count(report.batches, "batch", "batches"))"
                    + " into \(report.url)"
                    + (report.resumedMoments + report.resumedSessions > 0 ? " (resumed after \(report.resumedMoments + report.resumedSessions) rows)" : ""))
        }
        if worst.load(ordering: .relaxed) != 0 { throw ExitCode(worst.load(ordering: .relaxed)) }
    }
}
