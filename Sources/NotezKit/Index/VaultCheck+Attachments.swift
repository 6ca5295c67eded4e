extension VaultCheck {
    /// Missing attachments (a link to a non-note file that does not exist) and orphans (files in
    /// attachment folders that no note links to), from the index's links when it keeps them (`LinkGraph.attachmentReferences`). A rule that cannot be
    /// read (a hostile `.obsidian/app.json`) is a finding, and orphans are then not looked for.
    public static func attachmentFindings(_ index: VaultIndex) -> [Finding] {
        let scan = AttachmentScan(index: index)
        return attachmentFindings(index, scan: scan, resolver: OnDemandResolver(ready: LinkResolver(index: index, files: scan)), stored: nil)
    }

    /// `attachmentFindings` with the vault's files and resolver (made when needed), and the index's
    /// attachment links already resolved (`stored`; nil: resolved here).
    static func attachmentFindings(
        _ index: VaultIndex, scan: AttachmentScan, resolver: OnDemandResolver, stored: (entries: [LinkGraph.Entry], unread: [String])?
    ) -> [Finding] {
        let (references, _) = LinkGraph.attachmentReferences(scan, index: index, resolver: resolver, stored: stored)
        return attachmentMessages(references, scan: scan, notes: index)
    }

    /// The findings of the attachment links `references` (their missing files) and of the files
    /// in the attachment folders of `notes` that none of them opens, by path and line.
    static func attachmentMessages(_ references: [AttachmentScan.Reference], scan: AttachmentScan, notes: any NoteCollection) -> [Finding] {
        var findings: [Finding] = references.filter { !$0.exists }.map { reference in
            let shown = VaultCheck.shown(reference.text)
            let place = reference.path.map { "no file at \($0)" } ?? "the path leaves the vault"
            return Finding(path: reference.source, line: reference.line, message: "missing attachment \(shown): \(place)")
        }
        do {
            let rule = try AttachmentFolderRule.load(root: notes.root, config: notes.config)
            let folders = AttachmentScan.attachmentFolders(rule: rule, index: notes)
            findings += scan.orphans(folders: folders, references: references).map {
                Finding(path: $0, message: "orphaned attachment: no note links to it (see notez attachments --orphans)")
            }
        } catch {
            findings.append(Finding(path: "", message: error.description))
        }
        return findings.sorted { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) }
    }
}
