/// The Korean catalogue of ``TraceMessage``: 합니다체, as the shell's own catalogue; header
/// names, types and the journal's name as they are.
extension TraceMessage {
    public var korean: String {
        switch self {
        case .bookkeeping(.newestBeforeFirstCreate):
            "(셸이 스스로 보내는 기록용 요청: 이어서 실행할 때 만든 상품을 찾을 수 있도록, "
                + "첫 등록 전에 가장 최근 상품 id를 저널에 적어 둡니다)"
        case .bookkeepingNoted(let reason): "(셸이 스스로 보내는 기록용 요청: \(reason))"
        case .noResponse(let failure): "← 응답 없음: \(failure)"
        case .multipartBody(let bytes, let type): "(\(type) 본문 \(bytes)바이트)"
        case .binaryBody(let bytes): "(바이너리 데이터 \(bytes)바이트)"
        case .cutBody(let bytes): "… (모두 \(bytes)바이트)"
        case .part(let label, let type, let bytes): "파트 \(label) (\(type), \(bytes)바이트)"
        }
    }
}
