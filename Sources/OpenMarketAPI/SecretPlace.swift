import OpenMarketContract

/// Where in a request a secret would travel outside its `secret` field, as the refusal names it
/// (never the secret itself), in the reader's language: catalogues `SecretPlace+English.swift`
/// and `SecretPlace+Korean.swift`. A JSON field's path (`extra.note`) and `secret` are names, said
/// as they are.
public enum SecretPlace: Spoken, Hashable {
    case url
    case header(String)
    case body
    /// A key of a JSON object; `in` is the path of the object holding it, nil for the top.
    case fieldName(in: String?)
    /// A JSON field's value at this path.
    case field(String)
    /// The headers of a multipart part: `params`', or an image's.
    case partHeaders(params: Bool)
    case imagePart
    /// The `secret` field itself, holding a secret that may not travel even there.
    case secretField
}
