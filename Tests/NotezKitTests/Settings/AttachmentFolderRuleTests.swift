import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// The attachment folder rule: the Obsidian forms, where it is read from, and hostile values.
@Suite struct AttachmentFolderRuleTests {
    @Test func obsidianForms() throws {
        let cases: [(String, String, String)] = [
            ("/", "Work/Plan.md", ""),
            ("./", "Work/Plan.md", "Work"),
            ("./attachments", "Work/Plan.md", "Work/attachments"),
            ("./assets/img", "Plan.md", "assets/img"),
            ("Files", "Work/Plan.md", "Files"),
            ("Files/Images/", "Work/Plan.md", "Files/Images"),
        ]
        for (value, note, folder) in cases {
            let rule = try AttachmentFolderRule.parse(value, origin: "test")
            expect(rule.folder(forNote: note), equals: folder, "\(value)")
        }
        expect(AttachmentFolderRule.standard.folder(forNote: "A/B/n.md"), equals: "A/B/attachments")
        expect(AttachmentFolderRule.standard.folder(forNote: "n.md"), equals: "attachments")
    }

    @Test func hostileValuesAreRefused() {
        for value in ["../outside", "./../x", "/etc", "/../x", "a/../../b", ".git", "./.obsidian", "Files/.hidden", "a\u{1}b", "./a//b"] {
            expect(throws: NotezError.self, "\(value)") { try AttachmentFolderRule.parse(value, origin: "test") }
        }
    }

    @Test func readFromConfigThenObsidianThenDefault() throws {
        let scratch = try ScratchFolder()
        try expect(AttachmentFolderRule.load(root: scratch.path, config: VaultConfig()), equals: .standard)
        try scratch.write(".obsidian/app.json", #"{"attachmentFolderPath": "./img", "other": 1}"#)
        let fromObsidian = try AttachmentFolderRule.load(root: scratch.path, config: VaultConfig())
        expect(fromObsidian.folder(forNote: "W/n.md") == "W/img" && fromObsidian.origin == ".obsidian/app.json")
        var config = VaultConfig()
        config.attachments = "Files"
        try expect(AttachmentFolderRule.load(root: scratch.path, config: config).folder(forNote: "W/n.md"), equals: "Files")
        try scratch.write(".obsidian/app.json", #"{"theme": "dark"}"#)
        try expect(AttachmentFolderRule.load(root: scratch.path, config: VaultConfig()), equals: .standard)
    }

    @Test func hostileObsidianSettingsAreRefused() throws {
        let scratch = try ScratchFolder()
        for text in [#"{"attachmentFolderPath": "../../etc"}"#, #"{"attachmentFolderPath": 5}"#, "not json", "[1]"] {
            try scratch.write(".obsidian/app.json", text)
            expect(throws: NotezError.self, "\(text)") { try AttachmentFolderRule.load(root: scratch.path, config: VaultConfig()) }
        }
        // The settings file itself a symlink (to a file outside the vault): not read.
        let outside = try ScratchFolder()
        try outside.write("app.json", #"{"attachmentFolderPath": "./x"}"#)
        try FileManager.default.removeItem(atPath: scratch.path + "/.obsidian/app.json")
        try scratch.symlink(".obsidian/app.json", to: outside.path + "/app.json")
        expect(throws: NotezError.self) { try AttachmentFolderRule.load(root: scratch.path, config: VaultConfig()) }
        // The .obsidian folder a symlink.
        try FileManager.default.removeItem(atPath: scratch.path + "/.obsidian")
        try scratch.symlink(".obsidian", to: outside.path)
        expect(throws: NotezError.self) { try AttachmentFolderRule.load(root: scratch.path, config: VaultConfig()) }
    }

    @Test func configKeys() throws {
        let scratch = try ScratchFolder()
        try scratch.write(".notez/config.yaml", "attachments: ./files\nattachment_max_mb: 2\n")
        let config = try VaultConfig.load(root: scratch.path)
        expect(config.attachments == "./files" && config.attachmentMaxBytes == 2_000_000)
        try scratch.write(".notez/config.yaml", "attachment_max_mb: lots\n")
        expect(throws: NotezError.self) { try VaultConfig.load(root: scratch.path) }
    }
}
