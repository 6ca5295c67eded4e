/// A daemon's answer: the command's output and status, or a refusal that sends the client to the cold path.
public enum WarmResponse: Sendable, Equatable {
    /// The command ran: exit status, stdout bytes, stderr bytes.
    case answer(status: Int32, stdout: [UInt8], stderr: [UInt8])
    /// The daemon cannot answer exactly as the cold path would (reason for debugging).
    case fallback(reason: String)
}
