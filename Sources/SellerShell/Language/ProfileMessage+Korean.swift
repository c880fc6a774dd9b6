import OpenMarketContract

/// The Korean catalogue of ``ProfileMessage``: 합니다체, as the shell's own catalogue; names,
/// paths and commands as they are.
extension ProfileMessage {
    public var korean: String {
        switch self {
        case .badName(let name): "프로필 이름에는 글자, 숫자, - _ . 만 씁니다(받은 이름: \"\(name)\")"
        case .cannotWrite(let path): "\(path)에 쓸 수 없습니다"
        case .cannotSave(let name, let reason): "\(name) 프로필을 저장할 수 없습니다: \(reason)"
        case .noProfile(let name, let known, let hint):
            "\"\(name)\" 프로필이 없습니다"
                + (known.isEmpty
                    ? (hint ? ". 'login --save NAME'으로 저장하세요" : "")
                    : "(있는 프로필: \(known.joined(separator: ", ")))")
        case .readableByOthers(let name, let path, let mode):
            "\"\(name)\" 프로필을 쓰지 않습니다: \(path)을(를) 다른 사람도 읽을 수 있습니다(권한 \(mode)). "
                + "'chmod 600 \(path)'을(를) 실행하세요"
        case .damaged(let name, let path):
            "\"\(name)\" 프로필이 손상되었습니다(\(path)). 'login --save \(name)'으로 다시 저장하세요"
        case .cannotRemove(let name, let path, let reason): "\(name) 프로필을 지울 수 없습니다: \(path): \(reason)"
        }
    }
}
