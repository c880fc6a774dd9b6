/// Byte counts as people read them, in the binary units the upload rule is stated in: the limit
/// of 307,200 bytes reads "300 KB", a 3,105,743-byte photo "3.0 MB", a 424,976-byte PNG "415 KB".
///
/// The one byte-size format of the project: the client's rules and limits, the images module's
/// fit reports and the shell's messages all call it, so one file is never given two sizes.
public enum ByteCountText {
    /// - Parameter bytes: a size in bytes.
    /// - Returns: `512 bytes` below 1 KiB; whole `KB` (KiB) below 1 MiB; `MB` (MiB) with one
    ///   decimal below 10 MiB and whole above.
    public static func format(_ bytes: Int) -> String {
        let kib = Double(bytes) / 1024
        if kib < 1 { return "\(bytes) bytes" }
        if kib.rounded() < 1024 { return "\(Int(kib.rounded())) KB" }
        let mib = kib / 1024
        return mib < 9.95 ? oneDecimal(mib) + " MB" : "\(Int(mib.rounded())) MB"
    }

    /// `2.96` as `3.0`, without Foundation's `String(format:)`.
    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
