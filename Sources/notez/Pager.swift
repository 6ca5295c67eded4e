import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// Long output on a terminal goes through a pager, as git does. Started only by `Notez.main` (the
/// process that owns the terminal), never from inside a command, and only for commands that print
/// listings (never for prompts, editors, `watch` or `mcp`).
enum Pager {
    nonisolated(unsafe) private static var child: pid_t?

    /// Starts `command` with `sh -c` and points stdout at it; on failure output stays on the terminal.
    static func start(_ command: String) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        var environment = ProcessInfo.processInfo.environment
        // What git sets: quit when the output fits one screen, keep colors, do not clear the screen.
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        if environment["LV"] == nil { environment["LV"] = "-c" }
        guard let pid = ChildProcess.spawn("/bin/sh", ["/bin/sh", "-c", command], environment: environment, actions: &actions) else {
            close(fds[0])
            close(fds[1])
            return
        }
        close(fds[0])
        dup2(fds[1], 1)
        close(fds[1])
        child = pid
    }

    /// Closes the pager's input and waits for the user to leave it.
    static func finish() {
        guard let pid = child else { return }
        close(1)
        var status: Int32 = 0
        _ = SystemIO.retrying { waitpid(pid, &status, 0) }
        child = nil
    }
}
