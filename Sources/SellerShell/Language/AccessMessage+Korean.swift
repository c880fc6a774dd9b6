/// The Korean catalog of ``AccessMessage``: 합니다체, short; paths, flags and commands as they are.
extension AccessMessage {
    public var korean: String {
        switch self {
        case .environmentCredentialsUnused(let name):
            "이 세션에서는 어느 서버도 \(name) 값을 쓰지 않습니다(--profile로 시작했거나, --server에 "
                + "OPENMARKET_SERVER와 다른 서버를 지정했습니다). 'login'이나 'use 이름'으로 로그인하세요"
        case .environmentCredentialsElsewhere(let name, let home, let server):
            "\(name) 값은 이 서버에서 쓸 수 없습니다(값의 서버: \(home), 지금 서버: \(server)). "
                + "'connect' 뒤에는 스크립트가 인증 정보를 받지 못합니다. "
                + "이 서버에 저장한 프로필을 쓰거나('use 이름') --server로 스크립트를 실행하세요"
        case .readOutside(let path, let resolved):
            "거부했습니다: 스크립트 폴더 밖의 파일은 읽을 수 없습니다(\(Self.shown(path))"
                + (resolved.map { ", 링크가 가리키는 곳: \(Self.shown($0))" } ?? "") + "). "
                + "신뢰하지 않는 스크립트는 자기 폴더만 읽습니다"
        case .writeOutside(let path):
            "거부했습니다: 실행용 임시 폴더 밖에는 쓸 수 없습니다(\(Self.shown(path))). "
                + "신뢰하지 않는 스크립트는 그 폴더에만 씁니다. 폴더 없이 파일 이름만 적으세요"
        case .agentReadOutside(let path):
            "거부했습니다: openmarket mcp가 읽는 폴더(--folder DIR) 밖의 파일은 읽을 수 없습니다(\(Self.shown(path)))"
        case .agentReadsNoFiles(let path):
            "거부했습니다: openmarket mcp는 파일을 읽지 않습니다(\(Self.shown(path))). "
                + "DIR의 파일을 읽게 하려면 --folder DIR로 시작하세요"
        case .agentWriteOutside(let path):
            "거부했습니다: openmarket mcp가 쓰는 임시 폴더 밖에는 쓸 수 없습니다(\(Self.shown(path))). "
                + "폴더 없이 파일 이름만 적으세요"
        case .agentOtherMarket(let url):
            "거부했습니다: openmarket mcp가 쓰는 마켓이 아닌 곳에는 접속할 수 없습니다(\(Self.shown(url)))"
        case .forceUntrusted:
            "거부했습니다: --force는 파일을 덮어쓰는데, 신뢰하지 않는 스크립트는 어떤 파일도 덮어쓰지 않습니다. 새 파일 이름을 적으세요"
        case .forceInScript:
            "거부했습니다: 스크립트 안의 --force는 스크립트를 --allow-force로 실행할 때만 파일을 덮어씁니다 "
                + "(openmarket run FILE --allow-force)"
        case .otherMarket(let url):
            "거부했습니다: 이 스크립트를 실행하는 마켓이 아닌 곳에는 접속할 수 없습니다(\(Self.shown(url))). "
                + "신뢰하지 않는 스크립트는 그 마켓에만 접속합니다"
        case .profiles: "거부했습니다: 저장된 로그인은 신뢰하지 않는 스크립트가 쓸 수 없습니다. 스크립트는 실행하는 마켓에만 로그인합니다"
        case .environment(let name):
            "거부했습니다: 넘겨받지 않은 환경 변수는 읽을 수 없습니다(\(Self.shown(name))). "
                + "신뢰하지 않는 스크립트는 --env NAME으로 준 이름만 봅니다"
        case .photoOutsideCatalog(let path):
            "거부했습니다: 카탈로그 폴더 밖에 있는 사진입니다(\(Self.shown(path))). 사진을 카탈로그 폴더나 그 아래에 두거나, "
                + "--photos-anywhere로 허락하세요"
        case .globTooWide(let pattern, let limit):
            "\(Self.shown(pattern)): 이 패턴은 파일을 \(limit)개 넘게 뒤져야 합니다. "
                + "사진이 있는 폴더에 가까운 경로를 적으세요(패턴은 /에서 시작할 수 없습니다)"
        case .startsProgram(let command):
            "거부했습니다: \(command) 명령은 이 컴퓨터에서 편집기나 브라우저 같은 다른 프로그램을 실행하므로, "
                + "신뢰하지 않는 스크립트에서는 쓸 수 없습니다"
        case .scratchFolder(let folder):
            "신뢰하지 않는 스크립트입니다. 자기 폴더만 읽고, 쓰는 파일은 \(Self.shown(folder))에 남습니다"
        }
    }
}
