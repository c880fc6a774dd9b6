/// The Korean catalogue of ``ClassMessage`` (합니다체, as the shell's).
extension ClassMessage {
    public var korean: String {
        switch self {
        case .rosterNotText: "명단 파일이 텍스트가 아닙니다. CSV(UTF-8 또는 엑셀의 한국어 CSV)로 저장하세요"
        case .rosterLineIncomplete(let line): "명단 \(line)번째 줄에 이름과 학번이 모두 있어야 합니다"
        case .rosterNumberRepeated(let number, let line): "명단 \(line)번째 줄의 학번(\(number))이 앞에도 있습니다"
        case .rosterQuoteNotClosed(let line): "명단 \(line)번째 줄에서 연 따옴표(\")가 닫히지 않았습니다"
        case .rosterEmpty: "명단에 학생이 없습니다"
        case .rosterHeaderUnknown(let cells, let line):
            "명단 \(line)번째 줄(\(cells))은 열 이름인데, 명단이 아는 이름이 없습니다. 열 이름을 이름(또는 성명, name)과 "
                + "학번(또는 number, student number)으로 바꾸거나 그 줄을 지우세요"
        case .rosterNumberShortened(let number, let line):
            "명단 \(line)번째 줄의 학번 '\(number)': Excel이 줄여 쓰면서 자릿수를 잃었습니다. "
                + "그 열을 텍스트 형식으로 바꾸고 명단을 다시 저장하세요"
        case .noSuchStudent(let who): "이름이나 학번이 '\(who)'인 학생이 없습니다"
        case .ambiguousStudent(let name): "이름이 '\(name)'인 학생이 둘 이상입니다. 학번으로 주세요"
        case .assignmentLineUnknown(let line): "\(line)번째 줄: 'title = …'이나 'step 이름 = 조건 | 설명' 형식이어야 합니다"
        case .assignmentStepName(let line, let name):
            "\(line)번째 줄: 단계 이름에는 글자, 숫자, '-'만 쓸 수 있습니다(입력: '\(name)')"
        case .assignmentStepRepeated(let line, let name): "\(line)번째 줄: 단계 이름이 두 번 나옵니다(입력: '\(name)')"
        case .assignmentWordUnknown(let line, let word):
            "\(line)번째 줄: 조건이 아닙니다(입력: '\(word)'). docs/teaching.md의 \"Assignments\" 절을 보세요"
        case .assignmentStepEmpty(let line): "\(line)번째 줄: 단계에 조건이 없습니다"
        case .assignmentStepImpossible(let line, let first, let second):
            "\(line)번째 줄: '\(first)'이면서 '\(second)'인 요청은 없어서, 아무도 이 단계를 끝낼 수 없습니다"
        case .assignmentEmpty: "과제에 단계가 없습니다"
        case .cannotRead(let path): "\(path) 파일을 읽을 수 없습니다"
        case .enrolled(let added, let already) where added == 0: "새 학생이 없습니다(이미 있는 학생 \(already)명)"
        case .enrolled(let added, let already): "학생 \(added)명을 추가했습니다(이미 있던 학생 \(already)명)"
        case .enrolledUnderAnotherName(let number, let roster, let enrolled):
            "명단의 \(roster)(\(number)): 이 학번은 이미 \(enrolled) 학생으로 등록되어 있어 그대로 둡니다"
        case .handoutWritten(let path): "안내문(새 학생마다 한 쪽, secret 포함): \(path)"
        case .handoutNote: "secret은 이 파일에만 있습니다. 인쇄해서 한 쪽씩 나눠 준 뒤 파일을 지우세요"
        case .handoutAddressDefault(let market):
            "참고: 안내문에 적힌 마켓 주소는 \(market)입니다. 이 컴퓨터에서만, 마켓이 그 포트에 있을 때만 닿습니다. "
                + "다른 컴퓨터의 학생에게는 학생이 쓰는 주소를 --public-url로 주세요"
        case .nobodyNew: "새 학생이 없어서 안내문을 만들지 않았습니다"
        case .cannotWriteHandout(let path): "안내문을 \(path) 파일에 쓸 수 없습니다. 폴더가 있는지, 그 폴더에 쓸 권한이 있는지 확인하세요"
        case .handoutExists(let path): "\(path) 파일이 이미 있습니다. 안내문은 있는 파일을 덮어쓰지 않으니 새 파일 이름을 주세요"
        case .secretReset(let name, let number): "\(name)(\(number)) 학생의 새 secret입니다. 이전 secret은 이제 쓸 수 없습니다:"
        case .secretResetNote: "secret은 지금만 보여 줍니다"
        case .listHeader: "학번          이름            판매자  identifier"
        case .noStudents: "아직 학생이 없습니다. 'openmarket-server class add 명단.csv' 명령으로 명단을 추가하세요"
        case .gradeLine(let done, let total): "\(total)단계 중 \(done)단계"
        case .missingSteps: "남은 단계:"
        case .gradeSummary(let students, let complete, let steps):
            "학생 \(students)명 중 \(complete)명이 \(steps)단계를 모두 마쳤습니다"
        case .reportWritten(let path): "저장했습니다: \(path)"
        case .cannotWriteReport(let path): "성적표를 \(path) 파일에 쓸 수 없습니다. 폴더가 있는지, 그 폴더에 쓸 권한이 있는지 확인하세요"
        case .notATime(let text): "시각이 아닙니다(입력: '\(text)'). 2026-03-02, 2026-03-02T09:00, 2026-03-02T09:00:00+09:00 형식으로 주세요"
        case .handoutTitle: "Open Market: 수업용 로그인 정보"
        case .handoutMarket: "마켓 주소"
        case .handoutVendorID: "판매자 id"
        case .handoutIdentifier: "identifier"
        case .handoutSecret: "secret"
        case .handoutLogin: "로그인"
        case .handoutLoginSteps: "첫 줄은 터미널에, 둘째 줄은 셸의 프롬프트에 입력하세요. secret을 물으면 위의 secret을 입력하세요."
        case .handoutKeepSecret: "secret은 혼자만 알고 있어야 합니다. secret을 아는 사람은 누구나 내 상품을 고치고 지울 수 있습니다."
        }
    }
}
