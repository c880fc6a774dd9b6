import OpenMarketContract

/// The English catalogue of ``VendorMessage``.
extension VendorMessage {
    public var english: String {
        switch self {
        case .loggedInGiven(let identifier, let check, let vendor):
            "logged in as \(identifier)… (\(check)); vendor \(vendor)"
        case .vendor(let name, let id, let given):
            [name, id.map { name == nil ? "#\($0)" : "(#\($0))" }].compactMap { $0 }.joined(separator: " ")
                + (given ? " (given, not checked)" : "")
        case .givenIsHere(let id, let name):
            "vendor #\(id) is \(name) here; kept for this login as given, not checked (your first change checks it)"
        case .givenKept(let id):
            "vendor #\(id) kept for this login as given, not checked ('login --vendor-id N' changes it)"
        case .refutedByWrite(let given, let actual, let profile):
            "the server says this login is vendor \(actual), not #\(given) as given: #\(given) is forgotten, "
                + "the server's kept" + (profile.map { " (in profile '\($0)' too)" } ?? "")
        case .refutedByRefusal(let given, let product, let profile):
            "#\(product) is a product of vendor #\(given), and the server refused it: this login is not vendor "
                + "#\(given), which was given, not checked; #\(given) is forgotten"
                + (profile.map { " (and dropped from profile '\($0)')" } ?? "")
                + " — give the right one with 'login --vendor-id N'"
        case .loginCancelled: "cancelled; the login is as it was"
        }
    }
}
