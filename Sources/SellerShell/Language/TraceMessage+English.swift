/// The English catalogue of ``TraceMessage``.
extension TraceMessage {
    public var english: String {
        switch self {
        case .bookkeeping(.newestBeforeFirstCreate):
            "(bookkeeping: the journal notes the newest id before the first create, "
                + "so a resumed run can find what it made)"
        case .bookkeepingNoted(let reason): "(bookkeeping: \(reason))"
        case .noResponse(let failure): "← no response: \(failure)"
        case .multipartBody(let bytes, let type): "(\(bytes) bytes of \(type))"
        case .binaryBody(let bytes): "(\(bytes) bytes of binary data)"
        case .cutBody(let bytes): "… (\(bytes) bytes in all)"
        case .part(let label, let type, let bytes): "part \(label) (\(type), \(bytes) bytes)"
        }
    }
}
