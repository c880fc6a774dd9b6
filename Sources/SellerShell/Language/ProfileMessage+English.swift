import OpenMarketContract

/// The English catalogue of ``ProfileMessage``.
extension ProfileMessage {
    public var english: String {
        switch self {
        case .badName(let name): "profile names use letters, digits, - _ and . (got \"\(name)\")"
        case .cannotWrite(let path): "cannot write \(path)"
        case .cannotSave(let name, let reason): "cannot save profile \(name): \(reason)"
        case .noProfile(let name, let known, let hint):
            "no profile \"\(name)\""
                + (known.isEmpty
                    ? (hint ? "; save one with 'login --save NAME'" : "")
                    : " (profiles: \(known.joined(separator: ", ")))")
        case .readableByOthers(let name, let path, let mode):
            "refusing profile \"\(name)\": \(path) is readable by others (mode \(mode)); run 'chmod 600 \(path)'"
        case .damaged(let name, let path): "profile \"\(name)\" is damaged (\(path)); save it again with 'login --save \(name)'"
        case .cannotRemove(let name, let path, let reason): "cannot remove profile \(name): \(path): \(reason)"
        }
    }
}
