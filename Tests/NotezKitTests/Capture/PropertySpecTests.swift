import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

@Suite struct PropertySpecTests {
    static let settings = CaptureSettings.parse(
        try! YAMLValue.parse(
            Array(
                """
                properties:
                  /:
                    reviewed: bool
                  Work:
                    status: {type: select, options: [todo, doing, done], required: true}
                    due: date
                    estimate: number
                  Work/Projects:
                    due: datetime
                    labels: {type: multi-select, options: [a, b]}
                    people: list
                  Bad:
                    tags: text
                    "has space": text
                    odd: {type: colour}
                    pick: select
                templates:
                  Work: meeting
                  /: note
                  "../x": evil
                daily: {folder: Journal, format: "dddd YYYY-MM-DD", template: day}
                capture: {route: yes}
                """.utf8)
        ).get())

    @Test func schemasAreInheritedAndNearerFoldersWin() {
        let schema = Self.settings.schema(forFolder: "Work/Projects/Alpha")
        expect(schema.map(\.key), equals: ["reviewed", "status", "due", "estimate", "labels", "people"])
        expect(schema.first(where: { $0.key == "due" })?.kind == .datetime)
        expect(Self.settings.schema(forFolder: "Personal").map(\.key), equals: ["reviewed"])
        expect(Self.settings.template(forFolder: "Work/Meetings"), equals: "meeting")
        expect(Self.settings.template(forFolder: "Personal"), equals: "note")
        expect(Self.settings.daily, equals: CaptureSettings.Daily(folder: "Journal", format: "dddd YYYY-MM-DD", template: "day"))
        expect(Self.settings.route)
    }

    @Test func badDefinitionsAreWarningsNotCrashes() {
        let warnings = Self.settings.warnings.joined(separator: "\n")
        expect(Self.settings.schema(forFolder: "Bad").map(\.key), equals: ["reviewed"])
        expect(warnings.contains("tags: is managed by notez"))
        expect(warnings.contains("has space: not a property name"))
        expect(warnings.contains("unknown type 'colour'"))
        expect(warnings.contains("select needs a list of options"))
        expect(warnings.contains("'../x' is not a folder path"))
        expect(CaptureSettings.parse(.scalar("x", plain: true)), equals: CaptureSettings())
    }

    @Test(arguments: [
        (PropertySpec.Kind.text, "hello world", "hello world"),
        (.text, "a: b", "\"a: b\""),
        (.text, "true", "\"true\""),
        (.number, "-2.5", "-2.5"),
        (.bool, "Yes", "true"),
        (.date, "2024-05-01", "2024-05-01"),
        (.datetime, "2024-05-01T09:00", "\"2024-05-01T09:00\""),
        (.list, "x, y z,, w", "[x, y z, w]"),
    ])
    func commandLineValuesBecomeTypedYAML(kind: PropertySpec.Kind, input: String, yaml: String) {
        expect(PropertySpec(key: "k", kind: kind).yamlText(for: input), equals: .success(yaml))
    }

    @Test(arguments: [
        (PropertySpec.Kind.number, "0x10"), (.number, "1e5"), (.number, "abc"), (.bool, "maybe"), (.date, "2024-5-1"),
        (.date, "2024-05-01T09:00"), (.datetime, "2024-05-01"), (.text, "two\nlines"), (.select, "later"), (.multiSelect, "a, z"),
    ])
    func badValuesAreRefused(kind: PropertySpec.Kind, input: String) {
        let spec = PropertySpec(key: "k", kind: kind, options: ["todo", "done", "a", "b"])
        guard case .failure(let problem) = spec.yamlText(for: input) else {
            Issue.record("accepted \(input) as \(kind)")
            return
        }
        expect(problem.key, equals: "k")
    }

    @Test func selectsUseTheSchemaSpelling() {
        let spec = PropertySpec(key: "s", kind: .multiSelect, options: ["Todo", "Done"])
        expect(spec.yamlText(for: "todo, DONE, todo"), equals: .success("[Todo, Done]"))
    }

    @Test func notesAreCheckedAgainstTheSchema() {
        let schema = Self.settings.schema(forFolder: "Work")
        let good = Array("---\nstatus: done\ndue: 2024-05-01\nestimate: 3\nreviewed: no\n---\n".utf8)
        expect(PropertyCheck.problems(in: good, schema: schema).isEmpty)
        let bad = Array("---\ndue: tomorrow\nestimate: [1]\nreviewed: perhaps\n---\n".utf8)
        expect(
            PropertyCheck.problems(in: bad, schema: schema).map(\.description), equals: [
                "reviewed: 'perhaps' is not true or false", "status: required property is missing",
                "due: 'tomorrow' is not a date (YYYY-MM-DD)", "estimate: is a list; expected number",
            ])
        expect(PropertyCheck.problems(in: Array("no front matter\n".utf8), schema: schema).map(\.key), equals: ["status"])
        expect(PropertyCheck.problems(in: bad, schema: []).isEmpty)
    }

    @Test(arguments: ["", "-x", ".x", "a b", "a:b", "ä", "x/y", String(repeating: "k", count: 65)])
    func badPropertyNames(key: String) {
        expect(!PropertyKey.isValid(key))
    }
}
