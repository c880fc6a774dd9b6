import OpenMarketContract

/// The Korean catalogue of ``ChangeLogMessage``: 합니다체, as the shell's own catalogue; paths,
/// commands and numbers as they are.
extension ChangeLogMessage {
    public var korean: String {
        switch self {
        case .logProblem(let detail): "변경 기록: \(detail)"
        case .folderCannotBeMade(let folder, let reason): "변경 기록 폴더를 만들 수 없습니다(\(folder)): \(reason)"
        case .photoFolderCannotBeMade(let path, let reason): "변경 기록의 사진 폴더를 만들 수 없습니다(\(path)): \(reason)"
        case .photoFolderNotAFolder(let path):
            "변경 기록의 사진 폴더가 심볼릭 링크이거나 폴더가 아니어서 쓰지 않습니다(\(path), 지워 주세요)"
        case .photoFolderCannotBeOpened(let path, let reason): "변경 기록의 사진 폴더를 열 수 없습니다(\(path)): \(reason)"
        case .photoCannotBeSaved(let path, let reason): "\(path)에 사진을 저장할 수 없습니다: \(reason)"
        case .cannotBeWritten: "변경 기록을 쓸 수 없어서 이 변경들은 되돌릴 수 없습니다"
        case .thisChangeCannotBeUndone(let problem): "\(problem). 이 변경은 되돌릴 수 없습니다"
        case .cannotRegisterAgain(let id, let why):
            "#\(id) 상품은 다시 등록할 수 없습니다: \(why). 마켓은 사진 없는 상품을 받지 않습니다"
        case .photosNotSaved: "사진을 저장해 두지 않았습니다"
        case .photosNoLongerKept(let days, let bytes):
            "사진을 더는 보관하고 있지 않습니다(변경 기록은 사진을 \(days)일 동안, 모두 \(bytes)까지 보관합니다)"
        case .savedPhotoNotAnImage(let id, let error): "저장해 둔 #\(id)의 사진을 마켓이 더는 이미지로 받지 않습니다: \(error)"
        case .photoOutsideFolder(let change, let name):
            "\(change)번 변경이 변경 기록의 사진 폴더 밖에 있는 사진을 가리켜서 읽지 않습니다(\(name)). "
                + "누군가 기록을 고쳤거나 기록이 손상되었습니다"
        case .photoUnreadable(let index, let id, let reason): "#\(id) 상품의 \(index)번째 사진을 읽지 못했습니다(\(reason))"
        case .changedByAnotherShell(let number, let command):
            "'\(command)' 명령이 \(number)번 변경을 읽는 동안 다른 셸이 그 변경을 되돌리거나 다시 했습니다. "
                + "아무것도 보내지 않았습니다('changes'로 지금 상태를 봅니다)"
        }
    }
}
