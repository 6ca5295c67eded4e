import Foundation
import Testing
import NotezTestSupport

@testable import NotezKit

/// Oversized or hostile state files are errors naming the file, read only up to the limit.
struct NotezStateFileTests {
    @Test func fileOverOneMebibyteIsAnError() throws {
        let folder = try ScratchFolder()
        let text = "work:\n  color: red\n" + String(repeating: "# padding\n", count: (YAMLValue.maxSize / 10) + 1)
        _ = try folder.write(".notez/tags.yaml", text)
        expect(throws: NotezError.unreadable(path: ".notez/tags.yaml", reason: "larger than 1048576 bytes; ignored")) {
            try NotezStateFile.loadMapping(root: folder.path, relative: ".notez/tags.yaml")
        }
        // The same file within the limit loads.
        try folder.write(".notez/tags.yaml", "work:\n  color: red\n")
        try expect(NotezStateFile.loadMapping(root: folder.path, relative: ".notez/tags.yaml").map(\.key), equals: ["work"])
    }

    @Test func aliasInAStateFileIsAnError() throws {
        let folder = try ScratchFolder()
        _ = try folder.write(".notez/folders.yaml", "a: &c {color: red}\nb: *c\n")
        expect(throws: NotezError.unreadable(path: ".notez/folders.yaml:2:4", reason: "aliases (*c) are not supported in notez's files")) {
            try NotezStateFile.loadMapping(root: folder.path, relative: ".notez/folders.yaml")
        }
    }
}
