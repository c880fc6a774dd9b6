/// The English catalogue of ``SecretPlace``.
extension SecretPlace {
    public var english: String {
        switch self {
        case .url: "the URL"
        case .header(let name): "the header \(name)"
        case .body: "the body"
        case .fieldName(let path): path.map { "a field name in \($0)" } ?? "a field name"
        case .field(let path): path
        case .partHeaders(let params): params ? "params's headers" : "an image part's headers"
        case .imagePart: "an image part"
        case .secretField: "secret"
        }
    }
}
