/// The Korean catalogue of ``JSONLinesLogError`` (합니다체, as the shell's).
extension JSONLinesLogError {
    public var korean: String {
        switch kind {
        case .symbolicLink: "\(path)은(는) 심볼릭 링크라서 따라가지 않습니다(링크를 지우면 그 자리에 파일을 만듭니다)"
        case .cannotOpen: "\(path)을(를) 열 수 없습니다: \(reason)"
        case .busy: "\(path)을(를) 다른 프로세스가 쓰고 있습니다: \(reason)"
        case .cannotRead: "\(path)을(를) 읽을 수 없습니다: \(reason)"
        case .cannotWrite: "\(path)에 쓸 수 없습니다: \(reason)"
        }
    }
}

extension JSONLinesLogError.Detail {
    public var korean: String {
        switch self {
        case .symbolicLink: "심볼릭 링크라서 따라가지 않습니다(링크를 지우면 그 자리에 파일을 만듭니다)"
        case .notRegularFile: "일반 파일이 아닙니다"
        }
    }
}
