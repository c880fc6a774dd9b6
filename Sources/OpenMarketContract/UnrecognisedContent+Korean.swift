import Foundation

/// The Korean catalogue of ``UnrecognisedContent``.
extension UnrecognisedContent {
    public var korean: String {
        switch self {
        case .empty: "빈 파일입니다"
        case .otherFormat(let format): "\(Self.korean(format))입니다"
        case .text: "텍스트로 시작하는 파일입니다"
        case .bytes(let hex): "파일이 바이트 \(hex)(으)로 시작합니다"
        }
    }

    private static func korean(_ format: OtherFormat) -> String {
        switch format {
        case .webp: "WebP 이미지"
        case .heic: "HEIC/MP4 파일"
        case .tiff: "TIFF 이미지"
        case .bmp: "BMP 이미지"
        case .pdf: "PDF 문서"
        case .zip: "ZIP 압축 파일"
        }
    }
}
