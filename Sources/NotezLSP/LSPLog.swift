import Foundation

/// Lines for the editor's server log: stderr (stdout carries the protocol).
enum LSPLog {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
