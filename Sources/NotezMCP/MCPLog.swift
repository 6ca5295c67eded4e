import Foundation

/// Notices for the server's stderr (stdout carries the protocol).
enum MCPLog {
    static func notice(_ message: String) {
        FileHandle.standardError.write(Data(("notez mcp: " + message + "\n").utf8))
    }
}
