import OpenMarketContract

/// The Korean catalogue of ``VendorMessage``: 합니다체, as the shell's own catalogue.
extension VendorMessage {
    public var korean: String {
        switch self {
        case .loggedInGiven(let identifier, let check, let vendor):
            "\(identifier)…(으)로 로그인했습니다(\(check)). 판매자: \(vendor)"
        case .vendor(let name, let id, let given):
            [name, id.map { name == nil ? "#\($0)" : "(#\($0))" }].compactMap { $0 }.joined(separator: " ")
                + (given ? " (입력한 값, 확인 안 됨)" : "")
        case .givenIsHere(let id, let name):
            "이 마켓에서 판매자 #\(id)은(는) \(name)입니다. 입력한 값으로 이 로그인에 저장했고, 서버에서 확인하지는 않았습니다"
                + "(처음 무언가를 바꿀 때 확인됩니다)"
        case .givenKept(let id):
            "판매자 #\(id)을(를) 입력한 값으로 이 로그인에 저장했고, 확인하지는 않았습니다('login --vendor-id N'으로 바꿉니다)"
        case .refutedByWrite(let given, let actual, let profile):
            "서버가 알려 준 이 로그인의 판매자는 입력한 #\(given)이(가) 아니라 \(actual)입니다. #\(given) 설정은 지우고 "
                + "서버가 알려 준 판매자를 저장했습니다" + (profile.map { "('\($0)' 프로필에도)" } ?? "")
        case .refutedByRefusal(let given, let product, let profile):
            "#\(product)은(는) 판매자 #\(given)의 상품인데 서버가 거절했습니다. 이 로그인은 판매자 #\(given)이(가) 아닙니다"
                + "(입력한 값이었고 확인되지 않았습니다). #\(given) 설정을 지웠습니다"
                + (profile.map { "('\($0)' 프로필에서도 지웠습니다)" } ?? "")
                + " — 맞는 id를 'login --vendor-id N'으로 알려 주세요"
        case .loginCancelled: "취소했습니다. 로그인은 그대로입니다"
        }
    }
}
