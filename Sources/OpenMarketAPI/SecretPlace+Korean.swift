/// The Korean catalogue of ``SecretPlace``: a place, as a noun phrase.
extension SecretPlace {
    public var korean: String {
        switch self {
        case .url: "URL"
        case .header(let name): "\(name) 헤더"
        case .body: "본문"
        case .fieldName(let path): path.map { "\($0) 안의 필드 이름" } ?? "필드 이름"
        case .field(let path): path
        case .partHeaders(let params): params ? "params 파트의 헤더" : "이미지 파트의 헤더"
        case .imagePart: "이미지 파트"
        case .secretField: "secret"
        }
    }
}
