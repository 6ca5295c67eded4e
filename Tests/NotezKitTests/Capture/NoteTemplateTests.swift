import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

@Suite struct NoteTemplateTests {
    /// 2024-05-01T09:05:00Z, read in Europe/Zurich (UTC+2 in May).
    static let time = LocalTime(seconds: 1_714_554_300, zone: TimeZone(identifier: "Europe/Zurich")!)

    static func values(title: String = "Plan", stdin: String = "", properties: [String: String] = [:]) -> NoteTemplate.Values {
        NoteTemplate.Values(title: title, folder: "Work/Meetings", stdin: stdin, properties: properties, time: time)
    }

    @Test func rendersEveryPlaceholderInBodyAndFrontMatter() throws {
        let template = NoteTemplate(
            name: "meeting",
            text: "---\ntitle: {{title}}\nwhen: {{datetime}}\nstatus: {{ prop:status }}\n---\n# {{title}} ({{date}} {{time}})\nin {{folder}}\n\n{{stdin}}\n")
        let text = try template.render(Self.values(stdin: "line one\nline two\n", properties: ["status": "open"]))
        expect(
            text, equals: "---\ntitle: Plan\nwhen: 2024-05-01T11:05:00+02:00\nstatus: open\n---\n# Plan (2024-05-01 11:05)\nin Work/Meetings\n\nline one\nline two\n")
    }

    @Test(arguments: [
        ("a\n{{nope}}\n", 2, "unknown placeholder {{nope}}"),
        ("---\nx: 1\n---\nbody {{title\n", 4, "'{{' without '}}'"),
        ("{{prop:../x}}", 1, "unknown placeholder"),
        ("{{}}", 1, "unknown placeholder"),
    ])
    func unknownPlaceholdersAreErrorsNamingTheLine(text: String, line: Int, message: String) throws {
        let template = NoteTemplate(name: "t", text: text)
        do {
            _ = try template.render(Self.values())
            Issue.record("rendered a template with an error")
        } catch {
            expect(error.description.contains(".notez/templates/t.md:\(line):"))
            expect(error.description.contains(message))
        }
        expect(throws: NotezError.self) { try template.placeholders() }
    }

    @Test(arguments: ["a: b", "#tag", "x\ny", "- item", "[1, 2]", "\"quoted\"", "null", "true", "{a: 1}", "key: value\nother: 1"])
    func hostileValuesCannotChangeTheFrontMatter(title: String) throws {
        let template = NoteTemplate(name: "t", text: "---\ntitle: {{title}}\nlist:\n  - {{title}}\nq: \"in {{title}} quotes\"\n---\n")
        let text = try template.render(Self.values(title: title))
        let bytes = Array(text.utf8)
        guard case .block(let block) = FrontMatterBlock.scan(bytes),
            case .success(let document) = FrontMatterDocument.parse(Array(bytes[block.yaml]))
        else {
            Issue.record("does not parse: \(text)")
            return
        }
        expect(document.entries.map(\.key), equals: ["title", "list", "q"])
        expect(PropertyValue(events: document.valueEvents(of: document.entries[0])), equals: .scalar(title))
        expect(PropertyValue(events: document.valueEvents(of: document.entries[1])), equals: .list([title]))
        expect(PropertyValue(events: document.valueEvents(of: document.entries[2])), equals: .scalar("in \(title) quotes"))
    }

    @Test func anEmbeddedValueThatNeedsQuotingIsRefused() throws {
        let template = NoteTemplate(name: "t", text: "---\nsummary: about {{title}} today\n---\n")
        expect(try template.render(Self.values(title: "plain words")).contains("summary: about plain words today"))
        expect(throws: NotezError.self) { try template.render(Self.values(title: "a: b")) }
    }

    @Test func crlfTemplatesStayCRLF() throws {
        let template = NoteTemplate(name: "t", text: "---\r\ntitle: {{title}}\r\n---\r\n{{stdin}}\r\n")
        try expect(template.render(Self.values(stdin: "hi")), equals: "---\r\ntitle: Plan\r\n---\r\nhi\r\n")
    }

    @Test func placeholdersAreListedWithTheirLines() throws {
        let template = NoteTemplate(name: "t", text: "# {{title}}\n\n{{date}} {{prop:status}}\n")
        let found = try template.placeholders()
        expect(found.map(\.line), equals: [1, 3, 3])
        expect(found.map(\.name), equals: ["title", "date", "prop:status"])
    }

    @Test func dailyNamesFollowTheFormatInTheLocalZone() {
        // 2024-05-01T23:30:00Z is already May 2nd (a Thursday) in Zurich, still May 1st (Wednesday) in New York.
        let zurich = LocalTime(seconds: 1_714_606_200, zone: TimeZone(identifier: "Europe/Zurich")!)
        let newYork = LocalTime(seconds: 1_714_606_200, zone: TimeZone(identifier: "America/New_York")!)
        expect(DailyName.format("YYYY-MM-DD", day: zurich), equals: "2024-05-02")
        expect(DailyName.format("YYYY-MM-DD", day: newYork), equals: "2024-05-01")
        expect(DailyName.format("dddd DD.MM.YY", day: zurich), equals: "Thursday 02.05.24")
        expect(DailyName.format("ddd, YYYY", day: newYork), equals: "Wed, 2024")
    }

    @Test func theZoneComesFromTZ() {
        expect(LocalTime.zone(environment: ["TZ": "Asia/Tokyo"]).identifier, equals: "Asia/Tokyo")
        expect(LocalTime.zone(environment: ["TZ": ":Europe/Paris"]).identifier, equals: "Europe/Paris")
        expect(LocalTime.zone(environment: ["TZ": "Not/AZone"]).secondsFromGMT(), equals: 0)
    }
}
