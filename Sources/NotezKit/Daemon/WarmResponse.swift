/// A daemon's answer: the command's output and status, or a refusal that sends the client to the cold path.
public enum WarmResponse: Sendable, Equatable {
    /// The command ran: exit status, stdout bytes, stderr bytes.
    case answer(status: Int32, stdout: [UInt8], stderr: [UInt8])
    /// The same answer as the daemon captured it: stdout in the pieces it was written in, which go
    /// to the socket as they are (a listing of 100,000 notes is never copied into one buffer).
    /// It is sent exactly as `answer` and read back as one.
    case captured(status: Int32, stdout: [[UInt8]], stderr: [UInt8])
    /// The daemon cannot answer exactly as the cold path would (reason for debugging).
    case fallback(reason: String)
}
