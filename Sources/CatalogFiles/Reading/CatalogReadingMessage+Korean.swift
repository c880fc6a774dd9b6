/// The Korean catalog of ``CatalogReadingMessage``: 합니다체, asking in -세요 as the shell does.
extension CatalogReadingMessage {
    public var korean: String {
        switch self {
        case .changedWhileRead:
            "확인하는 동안 파일이 바뀌어서 아무것도 보내지 않았습니다. 파일을 저장한 다음 다시 가져오세요"
        }
    }
}
