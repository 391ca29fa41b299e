import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The desktop's way to open an address in the default browser (`navtape serve --open`).
public enum Browser {
    /// The program that opens it: `open` on macOS, `xdg-open` elsewhere.
    #if canImport(Darwin)
    public static let opener = "open"
    #else
    public static let opener = "xdg-open"
    #endif

    /// Hands `address` to ``opener``, its output discarded, and returns at once (the child is
    /// reaped in the background); `false` when there is no opener (a server without a desktop).
    public static func open(_ address: String) -> Bool {
        var pid = pid_t()
        let arguments = [opener, address]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The opener's chatter stays out of the server's output.
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        guard posix_spawnp(&pid, opener, &actions, nil, &argv, environ) == 0 else { return false }
        let child = pid
        DispatchQueue.global().async {
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)  // reaped, never left a zombie
        }
        return true
    }
}
