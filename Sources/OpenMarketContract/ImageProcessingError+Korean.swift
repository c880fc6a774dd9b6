/// The Korean catalogue of ``ImageProcessingError`` (합니다체, as the shell's other catalogues).
extension ImageProcessingError {
    public var korean: String {
        switch self {
        case .unsupportedFormat(let what):
            return "JPEG, PNG, GIF 이미지가 아닙니다: \(what)."
        case .unreadable(let format, let damage):
            let reason =
                switch damage {
                case .cutShort: "파일이 중간에 끝납니다(복사하거나 내려받다가 잘렸을 수 있습니다)"
                case .damaged: "데이터가 손상되었습니다"
                case .empty: "비어 있습니다"
                }
            return "이 \(format.displayName) 이미지를 읽을 수 없습니다. \(reason)."
        case .tooLarge(let width, let height, let frames, let maxPixels):
            let frameText = frames > 1 ? "(프레임 \(frames)개 각각)" : ""
            return "이미지가 너무 커서 처리할 수 없습니다: \(width)×\(height) 픽셀\(frameText)"
                + "(모두 합쳐 최대 \(maxPixels / 1_000_000)메가픽셀)."
        case .cannotFit(let format, let limit, let best):
            let hint =
                switch format {
                case .jpeg: "사진을 자르거나 더 작은 사진을 고르세요"
                case .png: "JPEG로 저장하세요"
                case .gif: "프레임을 줄이거나 정지 JPEG를 쓰세요"
                }
            return "이 \(format.displayName) 이미지를 \(ByteCountText.format(limit)) 아래로 줄일 수 없습니다"
                + "(가장 작게 만든 것이 \(ByteCountText.format(best))). \(hint)."
        case .libraryUnavailable:
            return "이미지를 처리할 수 없습니다. 이미지 라이브러리(libvips)가 시작되지 않았습니다."
        }
    }
}
