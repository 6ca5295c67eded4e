/// One note of a ranked full-text search: where it is in the collection and its BM25F score.
public struct RankedResult: Sendable, Equatable {
    /// The note's position in the searched collection.
    public let position: Int
    /// The relevance score (higher is better; 0 when the query has no words), rounded to 4 decimals.
    public let score: Double
}
