/// The Korean catalogue of ``ReportMessage``: 합니다체, as the shell's own catalogue.
extension ReportMessage {
    public var korean: String {
        switch self {
        case .notRun: "보내지 않았습니다. 이 행 전에 가져오기가 멈췄습니다"
        case .outcomeUnknown(let why):
            "응답이 오지 않았습니다(\(why)). 변경되었을 수도 있으니 `import --resume` 명령으로 확인하세요"
        case .changedFields(let fields): "바꾼 항목: " + fields.map { $0.label(in: .ko) }.joined(separator: ", ")
        case .failedNeedsRowsFrom: "--failed 옵션은 보고서에서 행을 가져옵니다. --rows-from REPORT 옵션을 함께 쓰세요"
        case .rowsFromWithPrune:
            "--rows-from 옵션은 일부 행만 보내는데 --prune 옵션은 나머지 행의 상품을 모두 지웁니다. 둘 중 하나만 쓰세요"
        case .rowsFromWithJournal:
            "--rows-from 옵션은 --resume, --restart 옵션과 함께 쓸 수 없습니다. 끝난 행은 저널이 이미 알고 있습니다"
        case .reportUnreadable(let report, let why): "--rows-from: 보고서를 읽을 수 없습니다(\(report)): \(why)"
        case .notAReport(let report):
            "--rows-from: 가져오기 보고서가 아닙니다(\(report)). 첫 줄이 "
                + "'row,action,id,status,code,message,file'이어야 합니다. 보고서는 `import FILE --report REPORT` 명령으로 만드세요"
        case .notThisSheet(let report, let sheet, let file):
            "--rows-from: 보고서(\(report))는 \(sheet) 파일의 보고서이고 \(file) 파일의 보고서가 아닙니다. "
                + "`import \(sheet) --rows-from \(report) --failed` 명령을 쓰거나 \(file) 파일의 보고서를 주세요"
        case .rowNotInSheet(let report, let row, let file):
            "--rows-from: 보고서(\(report))에 있는 \(row)번 행이 \(file) 파일에는 없습니다. "
                + "그사이 시트를 정렬하거나 잘랐다면 파일 전체를 가져오세요"
        case .nothingFailed(let report): "보고서(\(report))의 모든 행이 처리되었습니다. 다시 보낼 행이 없습니다"
        case .retrying(let count, let rows, let report):
            "보고서(\(report))에서 처리되지 않은 행 \(count)개를 다시 보냅니다: \(rows)"
        case .takingRows(let count, let rows, let report):
            "보고서(\(report))에 있는 행 \(count)개를 가져옵니다: \(rows)"
        }
    }
}
