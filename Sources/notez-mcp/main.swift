import Foundation
import NotezMCP

// `notez-mcp --vault ROOT [--allow-writes] [--attach-from DIR]... [--version V]`: started by `notez mcp`, which has
// already found the vault and parsed the user's flags; run by hand it takes only these.
var root: String?
var allowWrites = false
var attachFrom: [String] = []
var version = "0.1.0"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--vault": root = arguments.popFirst()
    case "--allow-writes": allowWrites = true
    case "--attach-from":
        guard let folder = arguments.popFirst() else {
            FileHandle.standardError.write(Data("notez-mcp: error: --attach-from needs a folder\n".utf8))
            exit(2)
        }
        attachFrom.append(folder)
    case "--version": version = arguments.popFirst() ?? version
    default:
        FileHandle.standardError.write(Data("notez-mcp: error: unknown argument '\(argument)'; start the server with 'notez mcp'\n".utf8))
        exit(2)
    }
}
guard let root else {
    FileHandle.standardError.write(Data("notez-mcp: error: no --vault given; start the server with 'notez mcp'\n".utf8))
    exit(2)
}
do {
    try NotezMCPServer.runBlocking(root: root, allowWrites: allowWrites, attachFrom: attachFrom, version: version)
} catch {
    FileHandle.standardError.write(Data("notez-mcp: error: \(error)\n".utf8))
    exit(3)
}
