import Foundation
import NotezKit

/// `notez tag suggest`'s proposals for the tag pages. The library's `TagSuggestion.suggestions`
/// takes seconds on a vault of tens of thousands of tags (11 s at 47,000), so it never runs on a
/// request: a page asks for its snapshot version's proposals and gets the last finished ones
/// (marked stale when they are of an older version, nil before the first); a build for the newest
/// version asked for runs in the background, one at a time. Nothing runs until a page asks; in a
/// vault of more than `autoStartLimit` tags only when the user asks (seconds of both cores at
/// every change would be spent on pages that only list tags).
final class TagSuggestionCache: @unchecked Sendable {
    /// What a page can show now.
    struct Answer {
        /// The last finished proposals; nil while the first build runs.
        var suggestions: [TagSuggestion]?
        /// True when they are of the page's snapshot version (or a newer one).
        var current: Bool
        /// True while a build runs.
        var running: Bool
    }

    /// The most tags for which a page starts a build by itself.
    static let autoStartLimit = 5_000

    private let lock = NSLock()
    private var finished: (version: Int, suggestions: [TagSuggestion])?
    private var wanted: (index: VaultIndex, version: Int)?
    private var running = false

    /// The proposals for snapshot `version`, starting their build when they are not current and
    /// `start` is true (default: when the vault has at most `autoStartLimit` tags).
    func suggestions(_ index: VaultIndex, version: Int, start asked: Bool? = nil) -> Answer {
        let wanting = asked ?? (index.tags.count <= TagSuggestionCache.autoStartLimit)
        let (answer, start): (Answer, Bool) = lock.withLock {
            if let finished, finished.version >= version {
                return (Answer(suggestions: finished.suggestions, current: true, running: running), false)
            }
            guard wanting || running else { return (Answer(suggestions: finished?.suggestions, current: false, running: false), false) }
            if (wanted?.version ?? -1) < version { wanted = (index, version) }
            let start = !running
            running = true
            return (Answer(suggestions: finished?.suggestions, current: false, running: true), start)
        }
        if start { DispatchQueue.global(qos: .utility).async { [self] in build() } }
        return answer
    }

    /// Builds for the newest version asked for until none is left (the snapshot is released as
    /// soon as its build starts).
    private func build() {
        while true {
            let next: (index: VaultIndex, version: Int)? = lock.withLock {
                let next = wanted
                wanted = nil
                if next == nil { running = false }
                return next
            }
            guard let next else { return }
            let suggestions = TagSuggestion.suggestions(for: next.index)
            lock.withLock {
                if (finished?.version ?? -1) < next.version { finished = (next.version, suggestions) }
            }
        }
    }
}
