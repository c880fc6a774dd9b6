/// The Korean catalog of ``CatalogProblemMessage``: 합니다체, asking in -세요 as the shell does, short; column names, ids, file
/// extensions and numbers as they are.
extension CatalogProblemMessage {
    public var korean: String {
        switch self {
        case .said(let text): text
        case .idOnTwoRows(let id, let earlier): "같은 id(\(id))가 \(earlier)행에도 있습니다"
        case .notAnID(let text, let max):
            "상품 id가 아닙니다(입력: '\(text)'). id는 1부터 \(max)까지의 정수입니다. 새 상품이면 비워 두세요"
        case .noName: "이름이 없습니다. 모든 상품에는 이름이 있어야 합니다"
        case .sameNameAsRow(let earlier):
            "\(earlier)행과 이름이 같습니다. 중단된 가져오기가 새 행을 구별할 수 있도록 새 행의 이름은 서로 달라야 합니다"
        case .cellsButColumns(let cells, let columns):
            "칸이 \(cells)개인데 머리글에는 열이 \(columns)개입니다. 쉼표가 든 칸은 따옴표로 감싸세요"
        case .notAnAction(let text):
            "작업이 아닙니다(입력: '\(Self.shortened(text))'). 신규, 수정, 병합, 삭제, 무시, 교체"
                + "(new, update, merge, delete, ignore, replace) 중 하나를 쓰세요. 빈 칸은 병합입니다"
        case .revisionUnreadable:
            "export가 쓴 리비전이 아닙니다(바뀌었거나 잘렸습니다). 칸을 비우면 지금의 마켓과 비교하고, "
                + "다시 export하면 새 리비전이 들어갑니다"
        case .revisionFromNewer(let version):
            "더 새로운 openmarket이 쓴 리비전입니다(형식: \(Self.shortened(version))). openmarket을 업데이트하거나, "
                + "칸을 비워서 지금의 마켓과 비교하세요"
        case .formulaCell(let text):
            "숫자가 아니라 글자로 저장된 수식입니다(입력: '\(Self.shortened(text))'). 시트를 값으로 저장하세요. "
                + "Excel에서는 칸을 복사한 뒤 선택하여 붙여넣기 › 값으로 붙여 넣고(텍스트 서식의 칸은 수식을 글자로 둡니다. "
                + "먼저 일반 서식으로 바꾸세요) 'CSV UTF-8'로 저장하세요. LibreOffice Calc에서는 다른 이름으로 저장 › "
                + "텍스트 CSV에서 '계산된 값 대신 셀 수식 저장'"
                + "('Save cell formulas instead of calculated values')의 선택을 해제하세요"
        case .unknownColumn(let name, let meant, let columns):
            "알 수 없는 열 '\(name)': '\(meant)' 열을 말한 건가요? 열은 \(columns.joined(separator: ", "))입니다"
        case .columnTwice(let name, let first, let second):
            "'\(name)' 열이 두 번 있습니다(\(first)번째와 \(second)번째 열). 하나만 남기세요"
        case .sameColumn(let one, let other): "'\(one)' 열과 '\(other)' 열은 같은 열입니다. 하나만 남기세요"
        case .notAJSONObject(let line):
            (line ? "이 줄은" : "이 요소는") + " JSON 객체({\"name\": …, \"price\": …})가 아닙니다"
        case .boolIsNoValue: "true/false는 여기에 쓸 수 있는 값이 아닙니다. 텍스트나 숫자로 쓰세요"
        case .objectForText: "텍스트가 와야 할 자리에 객체가 있습니다"
        case .listForText: "텍스트가 와야 할 자리에 목록이 있습니다"
        case .imagesAreTexts: "images는 경로나 URL 문자열의 목록이어야 합니다"
        case .notAJSONArray: "상품의 JSON 배열([{\"name\": …}, …])이 아닙니다. .jsonl 파일은 한 줄에 객체 하나입니다"
        case .saveAsUTF8:
            "UTF-8도 CP949도 아닌 텍스트입니다. Excel에서 다른 이름으로 저장 › 파일 형식에서 'CSV UTF-8 (Comma delimited) (*.csv)' 항목을 고르세요"
        case .jsonNotUTF8: "UTF-8 텍스트가 아닙니다(JSON 파일은 UTF-8입니다)"
        case .readAsCP949: "CP949(한국어 Excel의 인코딩)로 읽었습니다"
        case .cellTooLarge(let bound):
            "한 칸에 담을 수 있는 최대치(\(bound))를 넘는 칸입니다(설명은 최대 1,000자). 그 뒤는 읽지 않았습니다. "
                + "줄이거나, 칸을 여는 따옴표를 닫으세요"
        case .rowTooLarge(let bound):
            "한 행에 담을 수 있는 최대치(\(bound))를 넘는 행입니다. 그 뒤는 읽지 않았습니다. "
                + "행을 나누거나, 그 행의 칸을 여는 따옴표를 닫으세요"
        case .nulByte:
            "NUL 바이트(U+0000)가 있습니다. 텍스트에는 없는 바이트라서 그 뒤는 읽지 않았습니다. 카탈로그는 UTF-8이나 CP949 "
                + "텍스트입니다(UTF-16으로 저장한 파일에 많습니다. 'CSV UTF-8'로 저장하세요)"
        case .unclosedQuote:
            "닫히지 않은 따옴표: 여기서 따옴표(\")로 연 칸이 닫히지 않아서, 뒤의 행이 모두 그 칸의 내용으로 읽힙니다. "
                + "따옴표를 닫으세요(칸 안의 따옴표는 \"\"로 씁니다)"
        case .emptyNoColumns(let columns): "비어 있습니다. 첫 행에 열 이름(\(columns))을 쓰세요"
        case .tooManyRows(let limit): "행이 \(limit)개를 넘습니다. 카탈로그 하나의 최대치입니다. 더 작은 파일로 나누세요"
        case .notACatalogName:
            "이름으로 보아 카탈로그 파일이 아닙니다. .csv, .jsonl, .json을 쓰거나 --format csv|jsonl|json을 주세요"
        case .spreadsheetFile(let ext):
            ".\(ext) 파일은 스프레드시트 프로그램의 파일이라 읽지 않습니다. CSV로 저장해서 그 파일을 가져오세요"
                + "(Excel에서 다른 이름으로 저장 › 파일 형식에서 'CSV UTF-8 (Comma delimited) (*.csv)' 항목)"
        case .emptyNoHeader: "비어 있습니다. 머리글 행이 없습니다"
        case .cannotWriteCP949: "파일을 원래 인코딩인 CP949로 다시 쓸 수 없습니다. 아무것도 바꾸지 않았습니다"
        case .notAProductObject: "상품 객체가 아닙니다. 읽은 뒤에 파일이 바뀌었나요?"
        case .csvWriterFailed(let why): "CSV 쓰기를 시작할 수 없습니다: \(why)"
        case .csvRecordFailed(let why): "CSV 레코드를 쓸 수 없습니다: \(why)"
        case .writtenAfterFinish: "finish() 뒤에 썼습니다"
        }
    }
}
