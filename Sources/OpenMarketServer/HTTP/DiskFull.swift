import Foundation
import GRDB
import HTTPTypes

/// A write the disk had no room for: SQLite's `SQLITE_FULL` (what it reports for `ENOSPC`), or
/// an image file Foundation could not write for want of space or quota (`ENOSPC`, `EDQUOT`).
/// Answered `507 Insufficient Storage` with one sentence instead of a bare 500: nothing was
/// saved, and the operator, not the client, has to act.
enum DiskFull {
    static let status = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")

    static func matches(_ error: any Error) -> Bool {
        switch error {
        case let error as DatabaseError:
            return error.resultCode.primaryResultCode == .SQLITE_FULL
        case let error as CocoaError:
            if error.code == .fileWriteOutOfSpace { return true }
            return (error.userInfo[NSUnderlyingErrorKey] as? any Error).map(matches) ?? false
        case let error as POSIXError:
            return error.code == .ENOSPC || error.code == .EDQUOT
        default:
            return false
        }
    }
}
