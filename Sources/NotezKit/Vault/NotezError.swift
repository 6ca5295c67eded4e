#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every error NotezKit reports; the CLI maps `category` to an exit status.
public enum NotezError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed on a path.
    case io(path: String, errno: Int32)
    /// A file could not be read for a reason other than errno.
    case unreadable(path: String, reason: String)
    /// The vault root does not exist or is not a folder.
    case vaultNotFound(path: String)
    /// A NOTE argument matched nothing.
    case noteNotFound(String)
    /// A NOTE argument matched several notes.
    case ambiguousNote(String, candidates: [String])
    /// A folder argument matched nothing.
    case folderNotFound(String)
    /// A user-supplied name or path is not acceptable (escapes the vault, control characters, ...).
    case invalidName(String, reason: String)
    /// A usage error detected by the library (bad value of an option).
    case usage(String)
    /// An operation was refused to protect the user's files.
    case refused(String)
    /// A write failed.
    case writeFailed(path: String, reason: String)
    /// A file changed (someone saved it) while notez was writing it; nothing of theirs was lost.
    case changedWhileWriting(path: String)
    /// Another notez process is changing the vault.
    case busy(String)

    /// The classes of error of the exit status table.
    public enum Category: Sendable {
        case usage, io, refused, busy
    }

    /// Which row of the exit status table this error belongs to.
    public var category: Category {
        switch self {
        case .io, .unreadable, .vaultNotFound, .writeFailed: return .io
        case .noteNotFound, .ambiguousNote, .folderNotFound, .invalidName, .usage: return .usage
        case .refused, .changedWhileWriting: return .refused
        case .busy: return .busy
        }
    }

    /// A word as the shell needs it typed: as it is when plain, else in single quotes.
    static func shellWord(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || "-_./:".contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A one-line message (the CLI prefixes `notez: error: `).
    public var description: String {
        switch self {
        case .io(let path, let code):
            return "\(path): \(String(cString: strerror(code)))"
        case .unreadable(let path, let reason):
            return "\(path): \(reason)"
        case .vaultNotFound(let path):
            return "vault folder '\(path)' does not exist or is not a folder; pass --vault PATH or run 'notez init' in your notes folder"
        case .noteNotFound(let name):
            return "no note matches '\(name)'; find it with: notez search \(NotezError.shellWord(name))"
        case .ambiguousNote(let name, let candidates):
            // At most 10 paths, one a line: a common title can match thousands of notes.
            let shown = candidates.prefix(10).map { "\n  " + $0 }.joined()
            let more = candidates.count > 10 ? "\n  ... and \(candidates.count - 10) more" : ""
            return "'\(name)' matches \(candidates.count) notes; give the note's path (e.g. '\(candidates[0])') to choose one:"
                + shown + more
        case .folderNotFound(let name):
            return "no folder '\(name)'; see the folders with 'notez folder tree'"
        case .invalidName(let name, let reason):
            return "'\(name)': \(reason)"
        case .usage(let message), .refused(let message), .busy(let message):
            return message
        case .changedWhileWriting(let path):
            return "'\(path)' changed while notez was writing it; the other version was kept"
        case .writeFailed(let path, let reason):
            return "\(path): write failed: \(reason)"
        }
    }
}
