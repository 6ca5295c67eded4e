/// Hand-made relevance judgements for the ranking rows (issue 32): for each query, the notes of a
/// corpus graded 3 (the article on the subject), 2 (mainly about it), 1 (about a part or a close
/// relative of it); every other note counts 0. Graded from the notes' titles and first paragraphs
/// (the computer-science vault before ranking existed; the Dendron vault on 2026-11-28 from file
/// names, titles and first lines, without a notez search), so neither order wrote them. Paths are
/// vault-relative.
enum RankingJudgements {
    /// The judged queries of each corpus archive.
    static let byCorpus: [String: [(query: String, grades: [String: Int])]] = [
        "cs-knowledge-vault.tar.gz": computerScience, "dendron-site.tar.gz": dendron,
    ]

    /// The computer-science vault: Wikipedia articles in 20 folders, titles from file names.
    static let computerScience: [(query: String, grades: [String: Int])] = [
        (
            "linux",
            [
                "07-Operating-Systems/Linux.md": 3, "07-Operating-Systems/Linux kernel.md": 3,
                "07-Operating-Systems/History of Linux.md": 2, "07-Operating-Systems/Booting process of Linux.md": 2,
                "07-Operating-Systems/Linux kernel version history.md": 2, "07-Operating-Systems/Linux-libre.md": 1,
                "07-Operating-Systems/Linux console.md": 1, "07-Operating-Systems/Linux Security Modules.md": 1,
                "07-Operating-Systems/Linux kernel oops.md": 1, "07-Operating-Systems/Linux kernel mailing list.md": 1,
                "07-Operating-Systems/Vmlinux.md": 1, "07-Operating-Systems/Linux on Apple devices.md": 1,
                "07-Operating-Systems/Embeddable Linux Kernel Subset.md": 1, "07-Operating-Systems/TinyLinux.md": 1,
                "07-Operating-Systems/Linux Virtual Server.md": 1, "07-Operating-Systems/Linux-HA.md": 1,
                "07-Operating-Systems/Linux Test Project.md": 1, "07-Operating-Systems/LinuxDoc.md": 1,
            ]
        ),
        (
            "binary search",
            [
                "04-Algorithms-Data-Structures/Binary search.md": 3, "04-Algorithms-Data-Structures/Uniform binary search.md": 2,
                "04-Algorithms-Data-Structures/Multiplicative binary search.md": 2,
                "04-Algorithms-Data-Structures/Interpolation search.md": 1, "04-Algorithms-Data-Structures/Binary search tree.md": 1,
                "04-Algorithms-Data-Structures/Search algorithm.md": 1,
            ]
        ),
        (
            "tcp handshake",
            [
                "08-Networks-Distributed/Transmission Control Protocol.md": 3, "08-Networks-Distributed/Handshake (computing).md": 2,
                "08-Networks-Distributed/TCP Cookie Transactions.md": 2, "08-Networks-Distributed/TCP Stealth.md": 1,
                "08-Networks-Distributed/Transport Layer Security.md": 1,
            ]
        ),
        (
            "garbage collection",
            [
                "02-Programming-Languages/Garbage collection (computer science).md": 3, "02-Programming-Languages/Finalizer.md": 1,
                "07-Operating-Systems/Memory management (operating systems).md": 1, "02-Programming-Languages/Dispose pattern.md": 1,
            ]
        ),
        (
            "dijkstra",
            [
                "01-Foundations/Dijkstra's algorithm.md": 3,
                "04-Algorithms-Data-Structures/Parallel single-source shortest path algorithm.md": 2,
                "04-Algorithms-Data-Structures/Open Shortest Path First.md": 1, "01-Foundations/K shortest path routing.md": 1,
                "04-Algorithms-Data-Structures/Constrained Shortest Path First.md": 1,
            ]
        ),
        (
            "hash table",
            [
                "04-Algorithms-Data-Structures/Hash table.md": 3, "04-Algorithms-Data-Structures/Concurrent hash table.md": 2,
                "04-Algorithms-Data-Structures/Distributed hash table.md": 2, "04-Algorithms-Data-Structures/Hash function.md": 1,
            ]
        ),
        (
            "neural network",
            [
                "03-AI-Machine-Learning/Neural network.md": 3, "03-AI-Machine-Learning/Convolutional neural network.md": 2,
                "03-AI-Machine-Learning/Recurrent neural network.md": 2, "03-AI-Machine-Learning/Residual neural network.md": 2,
                "03-AI-Machine-Learning/Feedback neural network.md": 2, "03-AI-Machine-Learning/Graph neural network.md": 2,
                "16-Courses/MIT-OCW/Introduction to Neural Networks.md": 2, "03-AI-Machine-Learning/Physics-informed neural networks.md": 1,
                "03-AI-Machine-Learning/Neural network software.md": 1, "03-AI-Machine-Learning/Dropout (neural networks).md": 1,
                "03-AI-Machine-Learning/Deep learning.md": 1, "03-AI-Machine-Learning/Quantum neural network.md": 1,
            ]
        ),
        (
            "deadlock",
            [
                "07-Operating-Systems/Deadlock.md": 3, "04-Algorithms-Data-Structures/Deadlock prevention algorithms.md": 3,
                "02-Programming-Languages/Lock (computer science).md": 1, "07-Operating-Systems/Mutual exclusion.md": 1,
            ]
        ),
        (
            "virtual memory",
            [
                "06-Architecture-Hardware/Virtual memory.md": 3, "07-Operating-Systems/Memory management (operating systems).md": 2,
                "06-Architecture-Hardware/Address space.md": 1, "06-Architecture-Hardware/Memory management.md": 1,
                "04-Algorithms-Data-Structures/Shadow paging.md": 1,
            ]
        ),
        (
            "public key cryptography",
            [
                "08-Networks-Distributed/Public-key cryptography.md": 3, "01-Foundations/Cryptography.md": 1,
                "08-Networks-Distributed/Resource Public Key Infrastructure.md": 1,
                "10-Security-Cryptography/Elliptic-curve cryptography.md": 1,
            ]
        ),
    ]

    /// The Dendron documentation vault: one flat folder of dotted hierarchies (`a.b.c.md`), titles
    /// in front matter.
    static let dendron: [(query: String, grades: [String: Int])] = [
        (
            "schema",
            [
                "vault/dendron.topic.schema.md": 3, "vault/dendron.topic.schema.tutorial.first-schema.md": 2,
                "vault/dendron.topic.schema.create-from-hierarchy.md": 2, "vault/dendron.topic.schema.lib.md": 2,
                "vault/dendron.topic.schema.tutorial.md": 1, "vault/dendron.topic.templates.schema-template.md": 1,
                "vault/dendron.topic.lookup.schemas.md": 1, "vault/tags.feature.schema.md": 1,
            ]
        ),
        (
            "note reference",
            [
                "vault/dendron.topic.note-reference.md": 3, "vault/dendron.topic.note-reference.sample.md": 1,
                "vault/dendron.topic.note-reference.commands.copy-note-ref.md": 1,
                "vault/dendron.topic.note-reference.concepts.block-anchors.md": 1,
                "vault/dendron.topic.note-reference.config.enable-smart-refs.md": 1,
                "vault/dendron.topic.note-reference.upgrade.md": 1, "vault/tags.feature.note-refs.md": 1,
            ]
        ),
        (
            "backlinks",
            [
                "vault/dendron.topic.links.backlink.md": 3, "vault/dendron.topic.sidebar.backlinks.md": 2,
                "vault/tags.feature.backlinks.md": 2,
            ]
        ),
        (
            "daily journal",
            [
                "vault/dendron.topic.special-notes.daily-journal-note.md": 3,
                "vault/dendron.topic.special-notes.commands.create-daily-journal-note.md": 2,
                "vault/dendron.topic.special-notes.journal-note.md": 1, "vault/journal.daily.md": 1,
                "vault/tags.feature.daily-journal.md": 1,
            ]
        ),
        (
            "giscus",
            [
                "vault/dendron.topic.publish.giscus.md": 3, "vault/dendron.topic.publish.config.giscus.md": 2,
                "vault/dendron.topic.frontmatter.config.publishing.enableGiscus.md": 1,
            ].merging(
                [
                    "category", "categoryId", "emitMetadata", "host", "id", "inputPosition", "lang", "loading", "mapping",
                    "reactionsEnabled", "repo", "repoId", "strict", "term", "theme",
                ].map { ("vault/dendron.topic.publish.config.giscus.\($0).md", 1) }
            ) { a, _ in a }
        ),
        (
            "graph view",
            [
                "vault/dendron.topic.graph-view.md": 3, "vault/dendron.topic.sidebar.graph-panel.md": 2,
                "vault/tags.feature.graph.md": 1,
            ]
        ),
        (
            "templates",
            [
                "vault/dendron.topic.templates.md": 3, "vault/dendron.topic.templates.handlebars.md": 2,
                "vault/dendron.topic.templates.builtin-templates.md": 2, "vault/dendron.topic.templates.schema-template.md": 2,
                "vault/dendron.topic.templates.template-variables.md": 2, "vault/dendron.topic.templates.commands.apply-template.md": 1,
                "vault/dendron.topic.templates.template-helpers.md": 1, "vault/dendron.topic.templates.config.md": 1,
                "vault/dendron.topic.templates.config.templateHierarchy.md": 1, "vault/dendron.topic.templates.handlebars.migration.md": 1,
                "vault/tags.feature.templates.md": 1,
            ]
        ),
        (
            "hooks",
            [
                "vault/dendron.topic.hooks.md": 3, "vault/dendron.topic.hooks.quickstart.md": 2, "vault/dendron.topic.hooks.api.md": 2,
                "vault/dendron.topic.hooks.config.md": 2, "vault/dendron.topic.hooks.examples.md": 2,
                "vault/dendron.topic.hooks.troubleshooting.md": 1,
            ]
        ),
        (
            "lookup",
            [
                "vault/dendron.topic.lookup.md": 3, "vault/dendron.topic.lookup.find.md": 2, "vault/dendron.topic.lookup.create.md": 2,
                "vault/dendron.topic.lookup.modifiers.md": 2, "vault/dendron.topic.sidebar.lookup-view.md": 2,
                "vault/dendron.topic.lookup.delete.md": 1, "vault/dendron.topic.lookup.keybindings.md": 1,
                "vault/dendron.topic.lookup.schemas.md": 1, "vault/dendron.topic.lookup.ref.restrictions.md": 1,
                "vault/dendron.topic.notes.cli.lookup.md": 1, "vault/tags.feature.lookup.md": 1,
            ]
        ),
        (
            "multi vault",
            [
                "vault/dendron.topic.multi-vault.md": 3, "vault/dendron.topic.multi-vault.faq.md": 2, "vault/dendron.topic.vaults.md": 1,
                "vault/dendron.roadmap.project.n.2020.multi-vault.md": 1, "vault/dendron.topic.publish-legacy.multi-vault.md": 1,
                "vault/dendron.topic.links.cross-vault-link.md": 1, "vault/tags.feature.multi-vault.md": 1,
            ]
        ),
    ]
}
