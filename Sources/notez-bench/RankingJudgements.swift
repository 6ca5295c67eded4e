/// Hand-made relevance judgements for the ranking rows (issue 32): for each query, the notes of a
/// corpus graded 3 (the article on the subject), 2 (mainly about it), 1 (about a part or a close
/// relative of it); every other note counts 0. Graded from the notes' titles and first paragraphs
/// before ranking existed, so neither order wrote them. Paths are vault-relative.
enum RankingJudgements {
    /// The corpus archive these judgements are for.
    static let corpus = "cs-knowledge-vault.tar.gz"

    /// The queries and their judged notes.
    static let queries: [(query: String, grades: [String: Int])] = [
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
}
