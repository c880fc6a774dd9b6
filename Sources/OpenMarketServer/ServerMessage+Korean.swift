/// The Korean catalogue of ``ServerMessage`` (합니다체, as the shell's).
extension ServerMessage {
    public var korean: String {
        switch self {
        case .noMarket(let path):
            "\(path)에 마켓이 없습니다(market.sqlite가 없습니다). 'openmarket-server --data \(path)' 명령으로 새로 시작하세요"
        case .portInUse(let host, let port, let portOption):
            "\(host)의 \(port)번 포트는 이미 쓰이고 있습니다(다른 openmarket-server인가요?). \(portOption) 옵션으로 다른 포트를 고르세요"
        case .noSuchAddress(let host):
            "\(host)에서 기다릴 수 없습니다: 이 컴퓨터에는 그런 주소가 없습니다. 127.0.0.1 주소나, 모든 주소라면 0.0.0.0 주소를 쓰세요"
        case .portNeedsRights(let host, let port, let portOption):
            "\(host)의 \(port)번 포트에서 기다릴 권한이 없습니다(1024보다 작은 포트는 관리자 권한이 필요합니다). "
                + "\(portOption) 옵션으로 1024에서 65535 사이의 포트를 고르세요"
        case .notAnAddress(let host): "\(host)에서 기다릴 수 없습니다: 주소가 아닙니다. 127.0.0.1이나 0.0.0.0 같은 주소를 주세요"
        case .cannotListen(let host, let port, let reason): "\(host):\(port)에서 기다릴 수 없습니다: \(reason)"
        case .stoppedAtOnce(let host, let port): "\(host):\(port)에서 기다릴 수 없습니다: 서버가 시작하자마자 멈췄습니다"
        case .cannotCreateDataDirectory(let path, let reason): "데이터 폴더를 만들 수 없습니다(\(path)): \(reason)"
        case .cannotOpen(let path, let reason): "열 수 없습니다(\(path)): \(reason)"
        case .cannotReadImageRows(let path, let reason): "\(path)의 이미지 목록을 읽을 수 없습니다: \(reason)"
        case .cannotReadRememberedSecrets(let path, let reason): "\(path)에 기억해 둔 secret을 읽을 수 없습니다: \(reason)"
        case .cannotWrite(let path): "\(path)에 쓸 수 없습니다"
        case .cannotRead(let path): "읽을 수 없습니다(\(path))"
        case .vendorNameTaken(let name, let id): "같은 이름의 판매자가 이미 있습니다('\(name)', id \(id)). 다른 이름을 고르세요"
        }
    }
}
