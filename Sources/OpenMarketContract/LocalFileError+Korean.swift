import Foundation

/// The Korean catalogue of ``LocalFileError`` (합니다체). The file is named first, then what is
/// wrong, so no particle follows a name the shell fills in.
extension LocalFileError {
    public var korean: String {
        let name = path
        return switch kind {
        case .exists: "\(name): 이미 있습니다. 새 파일 이름을 쓰거나, 바꾸려면 --force를 붙이세요(아무것도 쓰지 않았습니다)"
        case .missing: "\(name): 파일이 없습니다"
        case .notRegular(let what): "\(name): 일반 파일이 아니라 \(Self.korean(what))입니다. 파일을 지정하세요"
        case .tooLarge(let size, let limit, _):
            "\(name): \(size.map { ByteCountText.format($0) + "로, " } ?? "")한 번에 읽는 최대 크기인 \(ByteCountText.format(limit))를 넘습니다. "
                + "더 작은 파일을 고르세요"
        case .unreadable(let why): "\(name): 읽을 수 없습니다(\(why))"
        case .permissionDenied: "\(name): 읽을 권한이 없습니다"
        case .unwritable(let why): "\(name): 쓸 수 없습니다(\(why)). 폴더가 있고 쓸 수 있는지 확인하세요"
        }
    }

    /// What is at the path, in Korean (`문자 장치`).
    public static func korean(_ kind: FileKind) -> String {
        switch kind {
        case .folder: "폴더"
        case .characterDevice: "문자 장치"
        case .blockDevice: "블록 장치"
        case .pipe: "파이프(FIFO)"
        case .socket: "소켓"
        case .other: "특수 파일"
        case .systemFile(let root): "\(root) 파일"
        }
    }
}
