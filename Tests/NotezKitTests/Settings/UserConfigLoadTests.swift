import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// Reading the user's settings file: none, a plain file, a file a dotfile manager symlinked.
struct UserConfigLoadTests {
    @Test func aMissingFileOrFolderIsNoSettings() throws {
        let folder = try ScratchFolder()
        expect(try UserConfig.load(environment: ["XDG_CONFIG_HOME": folder.path]), equals: UserConfig())
        // The folder `notez` is a file: still no settings, not an error.
        _ = try folder.write("notez", "not a folder\n")
        expect(try UserConfig.load(environment: ["XDG_CONFIG_HOME": folder.path]), equals: UserConfig())
        expect(try UserConfig.load(environment: [:]), equals: UserConfig())
    }

    @Test func aFileAndASymlinkedFileAreRead() throws {
        let folder = try ScratchFolder()
        _ = try folder.write("dotfiles/notez.yaml", "vault: ~/notes\nsearches: {inbox: \"folder:Inbox\"}\n")
        var expected = UserConfig()
        expected.vault = "/home/someone/notes"
        expected.searches = ["inbox": "folder:Inbox"]
        // Read where it is.
        let direct = ["NOTEZ_CONFIG": folder.path + "/dotfiles/notez.yaml", "HOME": "/home/someone"]
        expect(try UserConfig.load(environment: direct), equals: expected)
        // Through a symlink in the config folder, and through a symlinked folder on the way.
        try FileManager.default.createDirectory(atPath: folder.path + "/config/notez", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/config/notez/config.yaml", withDestinationPath: folder.path + "/dotfiles/notez.yaml")
        expect(try UserConfig.load(environment: ["XDG_CONFIG_HOME": folder.path + "/config", "HOME": "/home/someone"]), equals: expected)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked", withDestinationPath: folder.path + "/config")
        expect(try UserConfig.load(environment: ["XDG_CONFIG_HOME": folder.path + "/linked", "HOME": "/home/someone"]), equals: expected)
        // A symlink to nothing is no settings.
        try FileManager.default.createDirectory(atPath: folder.path + "/dangling/notez", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/dangling/notez/config.yaml", withDestinationPath: folder.path + "/nowhere.yaml")
        expect(try UserConfig.load(environment: ["XDG_CONFIG_HOME": folder.path + "/dangling"]), equals: UserConfig())
    }
}
