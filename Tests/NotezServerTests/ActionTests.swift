import Foundation
import HTTPTypes
import Hummingbird
import NotezKit
import Testing

@testable import NotezServer
import NotezTestSupport

/// Organizing actions through the pages: the library's plans, the journal, the Undo button.
struct ActionTests {
    /// The flash id of a redirect's Location.
    func flashLocation(_ response: RouterResponse) -> String { response.headers[.location] ?? "" }

    @Test func pinThenUndoRestoresTheFileExactly() async throws {
        let fixture = try ServerFixture()
        let before = try fixture.read("scratch.md")
        try await fixture.test { client in
            let location = try await client.execute(
                uri: "/actions/pin", method: .post, headers: fixture.formPost, body: fixture.form([("path", "scratch.md")])
            ) { response in
                expect(response.status, equals: .seeOther)
                return self.flashLocation(response)
            }
            expect(location.hasPrefix("/note?path=scratch.md&flash="))
            expect(try fixture.read("scratch.md").contains("pinned: true"))
            // The page after the redirect shows what happened and an Undo button with the journal id.
            let journal = try await client.execute(uri: location, method: .get, headers: fixture.browser) { response in
                expect(response.text.contains("updated scratch.md"))
                expect(response.text.contains("<span class=\"pin\">Pinned</span>"))
                let marker = "name=\"id\" value=\""
                guard let range = response.text.range(of: marker) else { return "" }
                return String(response.text[range.upperBound...].prefix { $0 != "\"" })
            }
            expect(!journal.isEmpty)
            try await client.execute(uri: "/actions/undo", method: .post, headers: fixture.formPost, body: fixture.form([("id", journal)])) {
                response in
                expect(response.status, equals: .seeOther)
            }
        }
        try expect(fixture.read("scratch.md"), equals: before)
    }

    @Test func captureCreatesANoteInTheFolderWithTags() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            try await client.execute(
                uri: "/actions/new", method: .post, headers: fixture.formPost,
                body: fixture.form([("title", "Web idea"), ("body", "line one\r\nline two"), ("folder", "Work"), ("tags", "ideas, web")])
            ) { response in
                expect(response.status, equals: .seeOther)
                expect(response.headers[.location]?.hasPrefix("/note?path=Work%2FWeb%20idea.md") == true)
            }
        }
        let text = try fixture.read("Work/Web idea.md")
        expect(text.contains("line one\nline two"))
        expect(text.contains("ideas"))
        expect(text.contains("web"))
    }

    /// A busy vault (here git holds `.git/index.lock`): quick capture is queued through the capture
    /// queue, the page says so, and nothing is written into the vault.
    @Test func captureIsQueuedWhenTheVaultIsBusy() async throws {
        let fixture = try ServerFixture()
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try fixture.write(".git/index.lock", "")
        let queued = try await fixture.test { client in
            let location = try await client.execute(
                uri: "/actions/new", method: .post, headers: fixture.formPost,
                body: fixture.form([("title", "Busy web idea"), ("body", "kept"), ("folder", "Work")])
            ) { response in
                expect(response.status, equals: .seeOther)
                return self.flashLocation(response)
            }
            return try await client.execute(uri: location, method: .get, headers: fixture.browser) { $0.text }
        }
        expect(queued.contains("git holds .git/index.lock in the vault: capture queued as "), "\(queued.prefix(300))")
        expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("Work/Busy web idea.md").path))
        // The entry waits in the queue with the whole request; removed here, as the test made it.
        let entries = CaptureQueue.load().entries.filter { CaptureQueue.samePath($0.vault, fixture.root.path) }
        expect(entries.map(\.request.title), equals: ["Busy web idea"])
        expect(entries.first?.request.body == "kept" && entries.first?.request.folder == "Work")
        for entry in entries { try FileManager.default.removeItem(atPath: try #require(CaptureQueue.folder()) + "/" + entry.id + ".json") }
    }

    /// Quick capture shows the proposed folder's typed properties; values are checked against the schema.
    @Test func captureHasTypedPropertyFieldsCheckedAgainstTheSchema() async throws {
        let fixture = try ServerFixture()
        try fixture.write(".notez/config.yaml", "properties:\n  Work:\n    estimate: number\n    status: {type: select, options: [todo, done]}\n")
        try await fixture.test { client in
            try await client.execute(uri: "/new?folder=Work", method: .get, headers: fixture.browser) { response in
                expect(response.text.contains("<input name=\"prop.estimate\" type=\"number\" step=\"any\">"))
                expect(response.text.contains("<select name=\"prop.status\"><option value=\"\"></option><option value=\"todo\">todo</option>"))
            }
            for (title, estimate) in [("Bad estimate", "soon"), ("Good estimate", "3")] {
                try await client.execute(
                    uri: "/actions/new", method: .post, headers: fixture.formPost,
                    body: fixture.form([("title", title), ("folder", "Work"), ("prop.estimate", estimate), ("prop.status", "done")])
                ) { response in
                    expect(response.status, equals: .seeOther)
                }
            }
        }
        expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("Work/Bad estimate.md").path))
        let text = try fixture.read("Work/Good estimate.md")
        expect(text.contains("estimate: 3\n") && text.contains("status: done\n"), "\(text)")
    }

    @Test func captureUsesThePickedTemplateOrTheFolderDefault() async throws {
        let fixture = try ServerFixture(extraFiles: [
            ".notez/templates/standup.md": "---\ntitle: {{title}}\nkind: meeting\n---\n# {{title}} in {{folder}}\n\n{{stdin}}\n",
            ".notez/templates/plain.md": "PLAIN {{title}}\n",
            "Work/Standups/.keep.md": "",
        ])
        try fixture.write(".notez/config.yaml", "templates:\n  Work/Standups: standup\n")
        try await fixture.test { client in
            // The picker lists the templates.
            try await client.execute(uri: "/new", method: .get, headers: fixture.browser) { response in
                expect(response.text.contains("<option value=\"plain\">plain</option><option value=\"standup\">standup</option>"))
            }
            for (title, folder, template) in [("Daily sync", "Work/Standups", ""), ("Other", "Work/Standups", "plain"), ("Bare", "Work/Standups", "-")] {
                try await client.execute(
                    uri: "/actions/new", method: .post, headers: fixture.formPost,
                    body: fixture.form([("title", title), ("body", "notes"), ("folder", folder), ("template", template)])
                ) { response in
                    expect(response.status, equals: .seeOther)
                }
            }
            // A template that does not exist is an error, and nothing is written.
            try await client.execute(
                uri: "/actions/new", method: .post, headers: fixture.formPost,
                body: fixture.form([("title", "Ghost"), ("folder", "Work"), ("template", "../../etc/passwd")])
            ) { response in
                expect(response.status, equals: .seeOther)
            }
        }
        try expect(fixture.read("Work/Standups/Daily sync.md"), equals: "---\ntitle: Daily sync\nkind: meeting\n---\n# Daily sync in Work/Standups\n\nnotes\n")
        try expect(fixture.read("Work/Standups/Other.md"), equals: "PLAIN Other\n")
        let bare = try fixture.read("Work/Standups/Bare.md")
        expect(!bare.contains("kind: meeting") && bare.contains("notes"))
        expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("Work/Ghost.md").path))
    }

    @Test func captureProposesTheRoutedFolderAndLearnsFromWebCaptures() async throws {
        let fixture = try ServerFixture()
        let history = try #require(CaptureHistory.file(root: fixture.root.path))
        defer { try? FileManager.default.removeItem(atPath: history) }
        try await fixture.test { client in
            // No history: the capture screen proposes Unsorted and gives no reason.
            try await client.execute(uri: "/new", method: .get, headers: fixture.browser) { response in
                expect(!response.text.contains("class=\"hint\">Suggested"))
            }
            try await client.execute(
                uri: "/actions/new", method: .post, headers: fixture.formPost,
                body: fixture.form([("title", "Routed one"), ("folder", "Work/Meetings")])
            ) { response in
                expect(response.status, equals: .seeOther)
            }
            // The capture was recorded: capture from a page of no folder now proposes it, with the reason.
            try await client.execute(uri: "/new", method: .get, headers: fixture.browser) { response in
                let html = response.text
                expect(html.contains("<p class=\"hint\">Suggested: Work/Meetings (most recent capture, "))
                expect(html.contains("<option value=\"Work/Meetings\" selected>"))
            }
            // A folder's own page proposes that folder, without a routing hint.
            try await client.execute(uri: "/folder?path=Personal", method: .get, headers: fixture.browser) { response in
                expect(response.text.contains("<a class=\"button primary new-note\" href=\"/new?folder=Personal\" accesskey=\"n\">"))
            }
            try await client.execute(uri: "/new?folder=Personal", method: .get, headers: fixture.browser) { response in
                expect(!response.text.contains("class=\"hint\">Suggested"))
                expect(response.text.contains("<option value=\"Personal\" selected>"))
            }
        }
        expect(CaptureHistory.load(file: history).entries.map(\.folder), equals: ["Work/Meetings"])
    }

    @Test(arguments: ["../escape", "/tmp/abs", ".git", ".notez/x"])
    func captureRefusesHostileFolders(_ folder: String) async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let location = try await client.execute(
                uri: "/actions/new", method: .post, headers: fixture.formPost, body: fixture.form([("title", "x"), ("folder", folder)])
            ) { response in
                expect(response.status, equals: .seeOther)
                return self.flashLocation(response)
            }
            try await client.execute(uri: location, method: .get, headers: fixture.browser) { response in
                expect(response.text.contains("flash error"))
            }
        }
        expect(!FileManager.default.fileExists(atPath: fixture.root.deletingLastPathComponent().appendingPathComponent("escape/x.md").path))
        expect(!FileManager.default.fileExists(atPath: "/tmp/abs/x.md"))
        expect(!FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent(".git/x.md").path))
    }

    @Test func saveRefusesAFileChangedOnDiskAndShowsTheDifference() async throws {
        let fixture = try ServerFixture()
        let loaded = try fixture.read("scratch.md")
        let base = ContentHash.of(Array(loaded.utf8))
        try fixture.write("scratch.md", loaded + "added in vim\n")
        try await fixture.test { client in
            try await client.execute(
                uri: "/actions/save", method: .post, headers: fixture.formPost,
                body: fixture.form([("path", "scratch.md"), ("base", base), ("text", "my web text\n")])
            ) { response in
                expect(response.status, equals: .conflict)
                expect(response.text.contains("changed on disk"))
                expect(response.text.contains("+added in vim"))
                expect(response.text.contains("my web text"))
            }
        }
        try expect(fixture.read("scratch.md"), equals: loaded + "added in vim\n")
    }

    @Test func aRefusedSaveShowsWhatChangedOnDiskApartFromTheUsersEdits() async throws {
        let fixture = try ServerFixture()
        let loaded = try fixture.read("scratch.md")
        let base = ContentHash.of(Array(loaded.utf8))
        try fixture.write("scratch.md", "disk line\n" + loaded)
        let mine = loaded + "my web line\n"
        try await fixture.test { client in
            // The editor sends the version it loaded back with the form.
            try await client.execute(uri: "/edit?path=scratch.md", method: .get, headers: fixture.browser) { response in
                expect(response.text.contains("name=\"original\""))
            }
            try await client.execute(
                uri: "/actions/save", method: .post, headers: fixture.formPost,
                body: fixture.form([("path", "scratch.md"), ("base", base), ("original", loaded), ("text", mine.replacingOccurrences(of: "\n", with: "\r\n"))])
            ) { response in
                expect(response.status, equals: .conflict)
                let text = response.text
                let disk = try #require(text.range(of: "Changed on disk since you loaded it"))
                let yours = try #require(text.range(of: "Your changes"))
                expect(disk.upperBound < yours.lowerBound)
                // Each diff shows only its own side: the disk's line in the first, the user's in the second.
                let diskPart = text[disk.upperBound..<yours.lowerBound]
                let yoursPart = String(text[yours.upperBound...]).components(separatedBy: "</pre>")[0]
                expect(diskPart.contains("+disk line"))
                expect(!diskPart.contains("my web line"))
                expect(yoursPart.contains("+my web line"))
                expect(!yoursPart.contains("disk line"))
                // No line-ending noise: the user's CR LF text is compared with line feeds.
                expect(!yoursPart.contains("\r"))
                // The refused form keeps the loaded version for the next attempt.
                expect(text.contains("name=\"original\""))
            }
            // A forged original (not the version the base hash names) falls back to the two-way
            // view, and goes back into the form inert.
            try await client.execute(
                uri: "/actions/save", method: .post, headers: fixture.formPost,
                body: fixture.form([("path", "scratch.md"), ("base", base), ("original", "\"><script>alert(1)</script>\r\n"), ("text", mine)])
            ) { response in
                expect(response.status, equals: .conflict)
                expect(!response.text.contains("Your changes"))
                expect(response.text.contains("differs from your text"))
                expect(!response.text.contains("<script>alert"))
                expect(response.text.contains("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#13;\n\""))
            }
        }
        try expect(fixture.read("scratch.md"), equals: "disk line\n" + loaded)
    }

    @Test func saveWritesTheTextAndCanBeUndone() async throws {
        let fixture = try ServerFixture()
        let loaded = try fixture.read("scratch.md")
        try await fixture.test { client in
            try await client.execute(
                uri: "/actions/save", method: .post, headers: fixture.formPost.merging([.accept: "application/json"]),
                body: fixture.form([("path", "scratch.md"), ("base", ContentHash.of(Array(loaded.utf8))), ("text", loaded + "more\r\n")])
            ) { response in
                expect(response.status, equals: .ok)
                expect(response.text.contains("\"journal\":\""))
            }
            try expect(fixture.read("scratch.md"), equals: loaded + "more\n")
            try await client.execute(uri: "/actions/undo", method: .post, headers: fixture.formPost, body: fixture.form([])) { response in
                expect(response.status, equals: .seeOther)
            }
        }
        try expect(fixture.read("scratch.md"), equals: loaded)
    }

    @Test func tagRenameIsPreviewedThenAppliedThenUndone() async throws {
        let fixture = try ServerFixture()
        let before = try fixture.read("scratch.md")
        try await fixture.test { client in
            try await client.execute(
                uri: "/actions/tag-rename", method: .post, headers: fixture.formPost, body: fixture.form([("tag", "ideas"), ("to", "thoughts")])
            ) { response in
                expect(response.status, equals: .ok)
                expect(response.text.contains("Rename tag"))
                expect(response.text.contains("scratch.md"))
                expect(response.text.contains("+tags: thoughts"))
                expect(response.text.contains("name=\"confirm\" value=\"yes\""))
            }
            try expect(fixture.read("scratch.md"), equals: before)
            try await client.execute(
                uri: "/actions/tag-rename", method: .post, headers: fixture.formPost,
                body: fixture.form([("tag", "ideas"), ("to", "thoughts"), ("confirm", "yes")])
            ) { response in
                expect(response.status, equals: .seeOther)
            }
            expect(try fixture.read("scratch.md").contains("tags: thoughts"))
            try await client.execute(uri: "/actions/undo", method: .post, headers: fixture.formPost, body: fixture.form([])) { response in
                expect(response.status, equals: .seeOther)
            }
        }
        try expect(fixture.read("scratch.md"), equals: before)
    }

    @Test func folderDeleteSaysHowManyNotesGoToUnsortedFirst() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            try await client.execute(
                uri: "/actions/folder-delete", method: .post, headers: fixture.formPost, body: fixture.form([("path", "Reading")])
            ) { response in
                expect(response.status, equals: .ok)
                expect(response.text.contains("Delete folder &#39;Reading&#39;? 1 note will be moved to Unsorted Notes"))
                expect(response.text.contains("name=\"confirm\" value=\"yes\""))
            }
        }
        expect(FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("Reading").path))
    }
}

extension HTTPFields {
    func merging(_ other: HTTPFields) -> HTTPFields {
        var result = self
        for field in other { result[field.name] = field.value }
        return result
    }
}
