/// The English catalogue of ``ServerMessage``.
extension ServerMessage {
    public var english: String {
        switch self {
        case .noMarket(let path):
            "\(path) holds no market (no market.sqlite); start one with 'openmarket-server --data \(path)'"
        case .portInUse(let host, let port, let portOption):
            "port \(port) on \(host) is already in use (another openmarket-server?); choose another with \(portOption)"
        case .noSuchAddress(let host):
            "cannot listen on \(host): this machine has no such address; use 127.0.0.1, or 0.0.0.0 for every address"
        case .portNeedsRights(let host, let port, let portOption):
            "not allowed to listen on port \(port) on \(host) (ports below 1024 need administrator rights); "
                + "choose a port from 1024 to 65535 with \(portOption)"
        case .notAnAddress(let host): "cannot listen on \(host): not an address; give one such as 127.0.0.1 or 0.0.0.0"
        case .cannotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        case .stoppedAtOnce(let host, let port): "cannot listen on \(host):\(port): the server stopped at once"
        case .cannotCreateDataDirectory(let path, let reason): "cannot create the data directory \(path): \(reason)"
        case .cannotOpen(let path, let reason): "cannot open \(path): \(reason)"
        case .cannotReadImageRows(let path, let reason): "cannot read the image rows of \(path): \(reason)"
        case .cannotReadRememberedSecrets(let path, let reason): "cannot read the remembered secrets of \(path): \(reason)"
        case .cannotWrite(let path): "cannot write \(path)"
        case .cannotRead(let path): "cannot read \(path)"
        case .vendorNameTaken(let name, let id): "a vendor named '\(name)' already exists (id \(id)); choose another name"
        }
    }
}
