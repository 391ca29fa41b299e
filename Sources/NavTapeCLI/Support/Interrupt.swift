#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C and SIGTERM as a request to stop cleanly: the handler only sets a flag, and a blocked
/// `read` returns `EINTR` (no `SA_RESTART`), so the command syncs and closes what it has.
enum Interrupt {
    nonisolated(unsafe) static var requested: sig_atomic_t = 0

    /// Makes a closed standard output an error to report (EPIPE, exit 74) instead of a silent death
    /// by SIGPIPE: a recording then closes its log whole (`record --intents - | head`).
    static func reportBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    static func install() {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = { _ in Interrupt.requested = 1 }
        #else
        action.__sigaction_handler.sa_handler = { _ in Interrupt.requested = 1 }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        // A parent may have started us with these blocked (children inherit the mask): Ctrl-C must work.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    static var wasRequested: Bool { requested != 0 }
}
