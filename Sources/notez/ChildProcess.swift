import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Starting other programs from the CLI (the pager, a background `notez index`, `notez-mcp`): the
/// running executable's path, and `posix_spawn` with its C strings made and freed in one place.
enum ChildProcess {
    /// This executable's path (the running binary, whatever `argv[0]` says); nil without `/proc`.
    static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Starts `path` with `arguments` (`argv[0]` first) and `environment`; the child's pid, nil
    /// when it could not be started.
    static func spawn(
        _ path: String, _ arguments: [String], environment: [String: String],
        actions: UnsafePointer<posix_spawn_file_actions_t>?, attributes: UnsafePointer<posix_spawnattr_t>? = nil
    ) -> pid_t? {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        return posix_spawn(&pid, path, actions, attributes, argv, envp) == 0 ? pid : nil
    }
}
