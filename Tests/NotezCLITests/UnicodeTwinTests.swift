import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// `café.md` in NFC and in NFD are two files on Linux: a command that names one must never touch
/// the other (Swift's `String ==` says they are equal, so every lookup must compare bytes).
@Suite struct UnicodeTwinTests {
    static let nfc = "caf\u{E9}"
    static let nfd = "cafe\u{301}"

    /// Raw bytes of a file, found by the exact bytes of its path (no Foundation path handling).
    static func bytes(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            result += buffer[0..<count]
        }
        return result
    }

    static func write(_ path: String, _ text: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0)
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// A vault with both spellings as notes and as folders, each note with its own tag.
    static func vault() throws -> TempVault {
        let vault = try TempVault()
        mkdir(vault.path + "/.notez", 0o755)
        write(vault.path + "/\(nfc).md", "---\ntags: [nfc]\n---\nbody nfc\n")
        write(vault.path + "/\(nfd).md", "---\ntags: [nfd]\n---\nbody nfd\n")
        mkdir(vault.path + "/\(nfc)", 0o755)
        mkdir(vault.path + "/\(nfd)", 0o755)
        write(vault.path + "/\(nfd)/inside.md", "in the NFD folder\n")
        return vault
    }

    /// The bytes of both notes, to compare.
    static func twins(_ vault: TempVault, in folder: String = "") -> (nfc: [UInt8]?, nfd: [UInt8]?) {
        let base = vault.path + "/" + (folder.isEmpty ? "" : folder + "/")
        return (bytes(base + nfc + ".md"), bytes(base + nfd + ".md"))
    }

    @Test func showNamesTheExactNote() throws {
        let vault = try Self.vault()
        for (name, tag) in [(Self.nfc, "nfc"), (Self.nfd, "nfd"), (Self.nfc + ".md", "nfc"), (Self.nfd + ".md", "nfd")] {
            let shown = try vault.run(["show", name, "--json"])
            expect(shown.status, equals: 0)
            expect(shown.stdout.contains("\"tags\": [\n    \"\(tag)\"\n  ]"), "\(name.unicodeScalars.map(\.value)): \(shown.stdout)")
        }
    }

    @Test func pinAndTagAddTouchOnlyTheNamedNote() throws {
        for (name, other) in [(Self.nfc, Self.nfd), (Self.nfd, Self.nfc)] {
            let vault = try Self.vault()
            let otherBefore = Self.bytes(vault.path + "/\(other).md")
            try expect(Mutation.run(vault, ["pin", name + ".md"]).status, equals: 0)
            try expect(Mutation.run(vault, ["tag", "add", name, "extra"]).status, equals: 0)
            expect(Self.bytes(vault.path + "/\(other).md"), equals: otherBefore)
            let changed = String(decoding: Self.bytes(vault.path + "/\(name).md") ?? [], as: UTF8.self)
            expect(changed.contains("pinned: true"))
            expect(changed.contains("extra"))
        }
    }

    @Test func mvMovesOnlyTheNamedNoteIntoTheNamedFolder() throws {
        let vault = try Self.vault()
        let before = Self.twins(vault)
        let moved = try Mutation.run(vault, ["mv", Self.nfc + ".md", Self.nfd])
        expect(moved.status, equals: 0, "\(moved.stderr)")
        expect(Self.bytes(vault.path + "/\(Self.nfc).md") == nil)
        expect(Self.bytes(vault.path + "/\(Self.nfd).md"), equals: before.nfd)
        expect(Self.bytes(vault.path + "/\(Self.nfd)/\(Self.nfc).md"), equals: before.nfc)
        expect(Self.bytes(vault.path + "/\(Self.nfc)/\(Self.nfc).md") == nil)
        // And back to the root, where its NFD twin still is: no clash rename is needed on Linux,
        // but the NFD note must stay as it was.
        try expect(Mutation.run(vault, ["mv", "\(Self.nfd)/\(Self.nfc).md", "/"]).status, equals: 0)
        expect(Self.bytes(vault.path + "/\(Self.nfd).md"), equals: before.nfd)
    }

    @Test func rmTrashesOnlyTheNamedNote() throws {
        for (name, other) in [(Self.nfc, Self.nfd), (Self.nfd, Self.nfc)] {
            let vault = try Self.vault()
            let otherBefore = Self.bytes(vault.path + "/\(other).md")
            let removed = try Mutation.run(vault, ["rm", name + ".md"])
            expect(removed.status, equals: 0)
            expect(Self.bytes(vault.path + "/\(name).md") == nil)
            expect(Self.bytes(vault.path + "/\(other).md"), equals: otherBefore)
        }
    }

    @Test func lsOfAFolderListsOnlyThatFolder() throws {
        let vault = try Self.vault()
        let nfc = try vault.run(["ls", Self.nfc, "--json"])
        expect(nfc.status, equals: 0)
        expect(nfc.stdout, equals: "[]\n")
        let nfd = try vault.run(["ls", Self.nfd, "--json"])
        expect(nfd.stdout.contains("inside.md"))
        let tree = try vault.run(["folder", "tree", "--json"])
        expect(tree.stdout.components(separatedBy: "\"name\"").count, equals: 3)
    }
}

extension UnicodeTwinTests {
    @Test func checkNamesNormalizationTwins() throws {
        let vault = try Self.vault()
        let check = try vault.run(["check"])
        expect(check.status, equals: 1)
        expect(check.stdout.contains("folders differ only in case or Unicode normalization (NFC/NFD): "))
    }
}
