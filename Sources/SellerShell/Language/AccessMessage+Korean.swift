/// The Korean catalog of ``AccessMessage``: 합니다체, short; paths, flags and commands as they are.
extension AccessMessage {
    public var korean: String {
        switch self {
        case .readOutside(let path):
            "거부됨: 스크립트 폴더 밖의 \(Self.shown(path))을(를) 읽습니다 (신뢰하지 않는 스크립트는 자기 폴더만 읽습니다)"
        case .writeOutside(let path):
            "거부됨: 실행용 임시 폴더 밖의 \(Self.shown(path))에 씁니다 "
                + "(신뢰하지 않는 스크립트는 그 폴더에만 씁니다; 폴더 없이 파일 이름만 적으십시오)"
        case .forceUntrusted: "거부됨: --force는 파일을 덮어쓰며, 신뢰하지 않는 스크립트는 덮어쓰지 않습니다 (새 파일 이름을 적으십시오)"
        case .forceInScript:
            "거부됨: 스크립트 안의 --force는 --allow-force로 실행할 때만 파일을 덮어씁니다 "
                + "(openmarket run FILE --allow-force)"
        case .otherMarket(let url):
            "거부됨: 이 스크립트가 실행되는 마켓이 아닌 \(Self.shown(url))에 접속합니다 "
                + "(신뢰하지 않는 스크립트는 그 마켓에만 접속합니다)"
        case .profiles: "거부됨: 저장된 로그인은 신뢰하지 않는 스크립트에 쓰지 않습니다 (실행되는 마켓에만 로그인합니다)"
        case .environment(let name):
            "거부됨: 전달되지 않은 환경 변수 \(Self.shown(name))을(를) 읽습니다 "
                + "(신뢰하지 않는 스크립트는 --env NAME으로 준 이름만 봅니다)"
        case .photoOutsideCatalog(let path):
            "거부됨: 사진 \(Self.shown(path))이(가) 카탈로그 폴더 밖에 있습니다 (사진을 카탈로그 폴더나 그 아래에 두십시오; "
                + "--photos-anywhere로 허용합니다)"
        case .globTooWide(let pattern, let limit):
            "\(Self.shown(pattern)): 패턴이 파일 \(limit)개 넘게 살펴봅니다: "
                + "사진 가까운 폴더를 적으십시오 (패턴은 /에서 시작할 수 없습니다)"
        case .startsProgram(let command):
            "거부됨: \(command) 명령은 이 컴퓨터에서 편집기나 브라우저 같은 다른 프로그램을 실행하므로, "
                + "신뢰하지 않는 스크립트에서는 쓸 수 없습니다"
        case .scratchFolder(let folder):
            "신뢰하지 않는 스크립트: 자기 폴더만 읽고, 쓰는 파일은 \(Self.shown(folder))에 갑니다 (남겨 둡니다)"
        }
    }
}
