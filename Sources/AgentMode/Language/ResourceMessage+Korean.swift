import OpenMarketContract

/// The Korean catalogue of ``ResourceMessage``: 합니다체, as the shell's own catalogue.
extension ResourceMessage {
    public var korean: String {
        switch self {
        case .openAPITitle: "Open Market API (OpenAPI 3.1)"
        case .openAPIAbout:
            "내장 마켓이 /openapi.json에서 내주는 마켓 API의 OpenAPI 3.1 문서입니다. 모든 경로와 매개변수, 본문, 응답, "
                + "마켓이 지키는 규칙이 들어 있습니다."
        case .contractTitle: "Open Market API 계약"
        case .contractAbout: "API 계약을 글로 설명한 문서(docs/api.md)입니다. 인증 정보, 요청마다의 규칙과 오류를 설명합니다."
        case .lessonTitle(let name): "수업 \(name)"
        case .lessonAbout(let name):
            "수업 \(name): HTTP 요청을 손으로 적은 openmarket 스크립트로, 요청마다 주석에 설명이 있습니다"
                + "(사람이 셸에서 `openmarket run 파일 --step`으로 실행합니다)."
        case .explainTitle(let topic): "explain \(topic)"
        case .explainAbout(let topic):
            "Open Market API에서 \(topic)이(가) 뜻하는 것(셸의 `explain \(topic)`)을 세션의 언어로 설명합니다."
        case .unknownResource(let uri):
            "'\(uri)' 리소스는 없습니다(resources/list가 목록을 알려 줍니다: openmarket://api/…, openmarket://lessons/…, "
                + "openmarket://explain/…)"
        case .tooLarge(let uri, let bytes, let limit):
            "'\(uri)'은(는) \(bytes)바이트입니다. 에이전트 모드는 \(limit)바이트까지의 파일만 내줍니다"
        case .unreadable(let uri): "'\(uri)'을(를) 읽을 수 없습니다(옮겨졌거나 지워졌거나 UTF-8 텍스트가 아닙니다)"
        case .folderTitle: "openmarket mcp가 읽는 파일"
        case .folderAbout(let folder):
            "openmarket mcp가 읽는 폴더(--folder) \(folder) 아래의 사진(형식, 픽셀 크기, 바이트)과 시트입니다. "
                + "사진의 uri를 읽으면 사진을 볼 수 있습니다."
        case .folderNote:
            "경로 하나가 도구의 image(또는 import의 file) 항목 하나이며, 여기 적힌 그대로 씁니다. *.jpg 같은 패턴은 "
                + "펼치지 않습니다. 사진의 uri를 읽으면 줄인 사진을 볼 수 있습니다."
        case .photoUnreadable: "읽을 수 있는 JPEG, PNG, GIF가 아닙니다"
        case .refused(let uri, let reason): "'\(uri)': \(reason)"
        case .notAPhoto(let uri): "보여 줄 수 있는 JPEG, PNG, GIF가 아닙니다: '\(uri)'"
        case .noSuchFile(let uri): "폴더에 그런 파일이 없습니다(openmarket://folder에 목록이 있습니다): '\(uri)'"
        case .unknownPrompt(let name, let known):
            "'\(name)' 프롬프트는 없습니다(있는 프롬프트: \(known.joined(separator: ", ")))"
        case .missingArgument(let prompt, let argument): "'\(prompt)' 프롬프트에는 '\(argument)' 인수가 필요합니다"
        case .registerPhotosTitle: "사진을 상품으로 등록"
        case .registerPhotosAbout: "폴더의 사진을 상품으로 등록합니다. 상품마다 계획을 세워 보여 드리고, 승낙하시면 적용합니다."
        case .registerPhotosFolder: "사진이 있는 폴더(openmarket mcp가 읽는 폴더 --folder 아래)."
        case .registerPhotos(let folder, let images): registerPhotosKorean(folder: folder, images: images)
        case .applyPriceListTitle: "가격표 적용"
        case .applyPriceListAbout: "CSV 가격표를 상점에 적용합니다. 가져오기 전체를 한 계획으로 보여 드리고, 승낙하시면 적용합니다."
        case .applyPriceListFile: "가격표 CSV 파일(openmarket mcp가 읽는 폴더 --folder 아래)."
        case .applyPriceList(let file): applyPriceListKorean(file: file)
        }
    }

    private func registerPhotosKorean(folder: String, images: ClosedRange<Int>) -> String {
        """
        \(folder) 폴더의 사진을 openmarket 도구로 제 상점의 상품으로 등록해 주세요.

        1. 리소스 \(FolderShelf.uri)를 읽으세요. openmarket 서버가 읽는 폴더(--folder) 아래의 사진(형식, 픽셀 크기, \
        바이트)과 시트를 경로와 함께 나열합니다. 그 폴더 아래가 아니거나 서버가 파일을 읽지 않는다고 하면 저에게 \
        알리고 멈추세요.
        2. 사진을 상품별로 묶으세요. 같은 물건의 사진끼리 묶고, 상품 하나에 사진은 \(images.lowerBound)~\
        \(images.upperBound)장입니다. 사진을 보려면 목록에 있는 그 사진의 uri(\(FolderShelf.uri)/경로)를 읽으세요. \
        상품마다 사진을 보고 이름과 짧은 설명을 쓰세요. 가격, 통화\
        (\(Currency.accepted.map(\.rawValue).joined(separator: " 또는 "))), 재고는 확실하지 않으면 저에게 물어보세요. \
        가격은 절대 짐작하지 마세요.
        3. 상품마다 `register` 도구를 `name`, `description`, `price`, `currency`, `stock`, `image`(사진 경로)로, \
        `token` 없이 부르세요. `image`의 항목 하나가 목록의 경로 하나입니다(*.jpg 같은 패턴은 펼치지 \
        않습니다). 이 호출은 아무것도 보내지 않고 계획(보낼 요청)과 한 번만 쓰는 토큰을 돌려줍니다.
        4. 모든 계획을 저에게 보여 주세요. 상품마다 이름, 설명, 가격, 재고, 사진을 보여 주고, 제가 좋다고 하기 전에는 \
        아무것도 적용하지 마세요.
        5. 제가 승낙한 계획마다 같은 인수와 그 계획의 `token`으로 `register`를 다시 부르세요. 토큰이 거절되면\
        (만료, 이미 사용, 마켓이 바뀜) 계획을 다시 세워 새 계획을 보여 주세요.
        6. 끝나면 등록한 상품을 상품 id와 함께 알려 주세요. `undo` 도구나 셸의 `openmarket undo`로 등록을 되돌릴 수 있습니다.
        """
    }

    private func applyPriceListKorean(file: String) -> String {
        """
        CSV 파일 \(file)의 가격표를 openmarket 도구로 제 상점에 적용해 주세요.

        1. `import` 도구를 `file`을 \(file)(으)로 하고 `token` 없이 부르세요. 이 호출은 아무것도 보내지 않고 계획\
        (가져오기가 보낼 모든 요청, 상품마다 전 → 후)과 한 번만 쓰는 토큰을 돌려줍니다. 서버가 그 파일을 읽을 수 \
        없다고 하면(서버는 시작할 때 받은 폴더 --folder 아래의 파일만 읽습니다) 가격표를 직접 읽고 `file` 대신 \
        `rows`로 `import`를 부르세요. 상품마다 객체 하나로, 그 `id`와 바꿀 필드(`price` 등)만 넣습니다.
        2. 계획을 저에게 보여 주세요. 바뀌는 상품이 몇 개인지, 상품마다 이름과 가격(그 밖에 바뀌는 것)의 전과 후를 \
        보여 주고, 새로 만들거나 지우는 상품이 있으면 분명히 말해 주세요. 가져오기가 행에서 문제를 찾았으면 그것도 \
        보여 주세요. 제가 좋다고 하기 전에는 아무것도 적용하지 마세요.
        3. 제가 승낙하면 같은 `file`(또는 같은 `rows`)과 계획의 `token`으로 `import`를 다시 부르세요.
        4. 토큰이 오래된 계획이라며 거절되면(계획 뒤에 마켓에서 상품이 바뀜) 계획을 다시 세워 새 계획을 보여 주세요. \
        제가 보지 않은 계획은 절대 적용하지 마세요.
        5. 끝나면 무엇이 바뀌었는지 알려 주세요. `undo` 도구나 셸의 `openmarket undo`로 가져오기를 되돌릴 수 있습니다.
        """
    }
}
