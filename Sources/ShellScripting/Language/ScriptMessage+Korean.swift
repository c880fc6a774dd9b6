/// The Korean catalog of ``ScriptMessage``: 합니다체, asking in 하세요; commands, flags, file
/// names, variable names and numbers as they are.
extension ScriptMessage {
    public var korean: String {
        switch self {
        case .linesFailed(let failed, let total, let places): "\(total)줄 중 \(failed)줄 실패: \(places)"
        case .skippedWithStep(let line, let name, let step):
            "\(line)번째 줄도 건너뜁니다: 건너뛴 \(step)번째 줄이 정의했을 $\(name) 값을 읽는 줄입니다"
        case .skippedWithChange(let line, let name, let step):
            "\(line)번째 줄도 건너뜁니다: 건너뛴 \(step)번째 줄이 바꿨을 $\(name)의 필드를 읽는 줄입니다"
        case .resumed(let name, let skipped, let recovered):
            "\(name) 이어서 실행: "
                + [
                    skipped > 0 || recovered == 0 ? "이미 끝난 줄 \(skipped)개" : nil,
                    recovered > 0 ? "중단되기 전에 만들어진 상품 \(recovered)개를 마켓에서 찾았습니다" : nil,
                ].compactMap { $0 }.joined(separator: ", ")
        case .expectFailed(let left, let op, let right): "확인 실패: \(left) \(op) \(right)"
        case .expectUsage: "expect 값 비교 값 — 비교는 == != < <= > >= 가운데 하나입니다(예: expect ${mug.stock} == 5)"
        case .notAComparison(let word): "비교가 아닙니다(입력: '\(word)'). " + Self.expectUsage.korean
        case .sourceUsage: "source 파일 [--step]"
        case .cannotReadScript(let path): "\(path): 스크립트를 읽을 수 없습니다"
        case .sourceTooDeep(let path): "\(path): source가 16단계 넘게 겹쳤습니다. 단계를 줄이세요"
        case .sourceRunning(let path, let chain):
            "\(path): 이미 실행 중인 스크립트입니다(\(chain.joined(separator: " → "))). 자기 자신을 source하는 스크립트는 끝나지 않습니다"
        case .sourceCannotRead(let path): "source: 읽을 수 없습니다: \(path)"
        case .stoppedForResume(let name, let failure): "\(name): \(failure). --resume이 안전하도록 멈췄습니다"
        case .scriptingOnly: "이 명령은 스크립트를 실행하는 세션에서만 쓸 수 있습니다"

        case .dryRunSummary(let name, let lines, let requests, let byMethod, let bookkeeping, let bookkeepingByMethod):
            "\(name) 시험 실행: \(lines)줄을 확인했고, 보낼 요청은 \(requests)개"
                + (byMethod.isEmpty ? "" : "(\(byMethod))")
                + (bookkeeping == 0
                    ? ""
                    : ", 실행 기록을 위한 요청은 \(bookkeeping)개" + (bookkeepingByMethod.isEmpty ? "" : "(\(bookkeepingByMethod))"))
                + "입니다. 아무것도 보내지 않았습니다"
        case .madeUpID(let label): "<\(label)의 id>"
        case .dryRunUnknownRequest(let method, let path): "시험 실행이 모르는 요청입니다: \(method) \(path)"
        case .dryRunProductName(let id): "(상품 \(id), 시험 실행이라 읽지 않음)"
        case .dryRunDescription: "(시험 실행이라 읽지 않음)"
        case .unterminatedQuote(let command, let quote, let line):
            "\(command): \(line)번째 줄에서 연 \(quote) 따옴표가 닫히지 않았습니다. 닫아 주세요(따옴표 안의 값은 여러 줄에 걸칠 수 있습니다)"
        case .notUTF8(let byte, let column):
            "이 줄은 올바른 UTF-8이 아닙니다" + (byte.map { "(\(column)번째 칸의 바이트 0x\($0))" } ?? "")
                + ". 스크립트를 UTF-8로 저장하세요"
        case .secretInLine(let reference):
            "${\(reference)}에는 판매자 secret이 들어 있습니다. secret은 명령에 넣지 않습니다"
                + "(셸은 secret 필드로만 보냅니다). 이 줄에서 빼 주세요"
        case .secretInVariable(let name):
            "\(name)의 값에 판매자 secret이 들어 있습니다. secret은 명령에 넣지 않습니다"
                + "(셸은 secret 필드로만 보냅니다). 값에서 빼 주세요"
        case .noSuchFile: "그런 파일이 없습니다"
        case .envTakesName(let name): "--env 뒤에는 변수 이름(글자, 숫자, _)을 씁니다. 이름이 아닙니다(입력: '\(name)')"
        case .readTakesFolder(let usage): "--read 뒤에는 폴더를 씁니다: \(usage)"
        case .timeLimit(let max, let got): "--time-limit에는 1에서 \(max) 사이의 초를 적으세요(입력: '\(got)')"
        case .unknownOption(let word, let verb, let usage):
            "'\(verb)'에 없는 옵션입니다: '\(word)'. \(usage) ('-'로 시작하는 파일 이름이면 ./\(word))"
        case .testNeedsScripts(let usage): "'test'에는 스크립트가 있어야 합니다: \(usage)"
        case .runNeedsScript(let usage): "'run'에는 스크립트가 있어야 합니다: \(usage)"
        case .oneScriptAtATime(let got): "스크립트는 한 번에 하나씩입니다: openmarket run 파일 (받은 것: \(got))"
        case .allowForceNotUntrusted: "--allow-force는 --untrusted와 함께 쓸 수 없습니다"
        case .runHelp:
            """
            파일(FILE)에 한 줄에 하나씩 쓴 셸 명령을 실행하고, 옆에 일지
            (FILE.journal)를 남깁니다. 멈춘 뒤에는 --resume으로 한 일을 되풀이하지
            않고 이어 갑니다.

              --untrusted     남이 준 스크립트: 자기 폴더만 읽고, 작업 폴더에만
                              쓰고, 자기 마켓하고만 통신합니다
              --env NAME      --untrusted와 함께: 읽어도 되는 환경 변수입니다
                              (여러 개면 되풀이하세요)
              --read DIR      --untrusted와 함께: 자기 폴더 말고 읽어도 되는
                              폴더입니다(여러 개면 되풀이하세요)
              --allow-force   명령에 --force를 쓰게 합니다(--untrusted와는 함께
                              쓸 수 없습니다)

            프로그램의 옵션도 함께 씁니다: --resume, --restart, --dry-run, --step,
            --continue-on-error, --journal PATH, --var NAME=VALUE, --server URL
            ('openmarket --help'). 자세한 내용은 docs/scripts.md에 있습니다.
            """
        case .testHelp:
            """
            파일(FILE)마다 새 로컬 마켓에서(또는 --server URL) 'expect' 검사로
            채점하고, 파일마다 한 줄, 끝에 요약을 보여 줍니다. 실패한 파일이
            있으면 상태는 1입니다. 채점하는 스크립트는 자기 폴더만 읽고, 작업
            폴더에만 쓰고, 자기 마켓하고만 통신합니다.

              --env NAME              스크립트가 읽어도 되는 환경 변수입니다
                                      (여러 개면 되풀이하세요)
              --read DIR              자기 폴더 말고 읽어도 되는 폴더입니다
                                      (여러 개면 되풀이하세요)
              --time-limit SECONDS    파일마다 주는 시간입니다(기본 60초)

            프로그램의 --report-junit FILE과 --report-tap FILE은 결과를 JUnit
            XML이나 TAP로 씁니다('openmarket --help'). 자세한 내용은
            docs/teaching.md에 있습니다.
            """
        case .envAndReadNeedUntrusted: "--env와 --read는 --untrusted와 함께 씁니다"
        case .notAName(let name): "이름이 될 수 없습니다(입력: '\(name)'). 이름은 글자, 숫자, _로 쓰고, 숫자로 시작하지 않습니다"
        case .envIsReserved: "'env'는 환경 변수를 읽는 데 쓰는 이름입니다(${env.HOME})"
        case .lastIsReserved: "'last'는 상품을 돌려주는 모든 명령이 정하는 이름입니다. 다른 이름을 고르세요"
        case .envNeedsName: "환경 변수 NAME을 읽으려면 ${env.NAME}이라고 쓰세요"
        case .environmentNotSet(let name): "환경 변수가 설정되어 있지 않습니다: \(name)"

        case .noVariables: "변수가 없습니다('set 이름 값', 또는 명령 끝에 'as 이름')"
        case .variableFields(let fields): "(필드: \(fields))"
        case .setNameValue: "set 이름 값 (빈칸이 있는 값은 따옴표로 감쌉니다)"
        case .variableNotSet(let name): "$\(name) 값이 없습니다: --var \(name)=값으로 주세요(또는 이 줄 위에 'set \(name) 값')"
        case .linesCannotRun(let name, let count):
            "\(name): 실행할 수 없는 줄이 \(count)개 있어서 아무것도 보내지 않았습니다(고친 뒤 다시 실행하세요)"
        case .sourcedLinesCannotRun(let name, let count):
            "\(name): 실행할 수 없는 줄이 \(count)개 있어서 이 파일의 줄은 하나도 보내지 않았습니다. source 줄 앞의 줄은 이미 보냈습니다"
        case .lastUndefined: "$last 값이 없습니다: 아직 상품을 돌려준 명령이 없습니다"
        case .undefinedVariable(let name):
            "정의하지 않은 변수입니다: '\(name)' ('set \(name) 값', '--var \(name)=값', '… as \(name)' 가운데 하나로 정의하세요)"
        case .noSuchField(let name, let field, let known): "'\(name)'에 '\(field)' 필드가 없습니다(필드: \(known))"
        case .textHasNoField(let name, let field): "'\(name)' 값은 상품이 아니라 텍스트라서 '\(field)' 필드가 없습니다"
        case .productHasNoField(let name, let field, let known):
            "상품 '\(name)'에 '\(field)' 필드가 없습니다" + (known.isEmpty ? "" : "(필드: \(known))")
        case .productFieldSlip(let name, let field, let meant):
            "상품 '\(name)'에 '\(field)' 필드가 없습니다. '\(meant)' 필드를 말한 건가요?"
        case .nothingNamed(let name): "참고: 아무것에도 \(name) 이름을 붙이지 않았습니다. 명령이 상품을 돌려주지 않았습니다"
        case .namesNoProduct(let bound, let command, let returning):
            "'as \(bound)' 형식은 상품에 이름을 붙이는데, '\(command)' 명령은 상품을 돌려주지 않습니다(돌려주는 명령: \(returning.joined(separator: ", ")))"
        case .asEndsTheLine(let command):
            "'as'는 '\(command)' 명령이 돌려주는 상품에 이름을 붙이며, 줄 끝에 이름 하나와 함께 씁니다(\(command) … as mug). "
                + "as라는 낱말을 값으로 쓰려면 따옴표로 감쌉니다('as')"

        case .recordingTo(let path, let everything): "기록합니다: \(path)\(everything ? " (모든 명령)" : "") — 'record stop'으로 끝냅니다"
        case .notRecording: "기록하고 있지 않습니다('record 파일'로 시작합니다)"
        case .recordingSaved(let path): "기록을 저장했습니다: \(path)"
        case .recordUsage: "record 파일 [--all], 또는 record stop"
        case .alreadyRecording(let path): "이미 \(path)에 기록하고 있습니다. 먼저 'record stop'을 하세요"
        case .recordingExists(let path): "\(path) 파일이 이미 있습니다. 새 파일에 기록하세요(덮어쓰지 않습니다)"
        case .recordingCannotCreate(let path): "\(path) 파일을 만들 수 없습니다. 폴더가 있고 쓸 수 있는지 확인하세요"
        case .recordedOn(let stamp, let server): "openmarket이 \(stamp)에 \(server)에서 기록했습니다."
        case .replayHow(let file): "다시 실행: openmarket run \(file) [--server URL] [--dry-run]"
        case .notReplayed(let id):
            "다시 실행하지 않음: #\(id) 상품은 이 기록에서 만든 상품이 아니라서, 다른 서버에서는 다른 상품입니다"
        case .replayChecksName(let id):
            "#\(id) 상품은 기록을 시작하기 전에 있던 상품입니다. 다시 실행할 때는 먼저 읽어서 이름을 확인한 뒤에 바꿉니다"
                + "(다른 서버에서는 #\(id) 상품이 다른 상품이라서 여기서 멈춥니다)"

        case .journalBusy(let path): "이 스크립트의 다른 실행이 실행 기록(\(path))을 쓰고 있습니다. 그 실행이 끝날 때까지 기다리세요"
        case .journalCannotWrite(let path, let why): "실행 기록(journal)을 쓸 수 없습니다(\(path)): \(why)"
        case .journalCannotEncode(let why): "실행 기록 항목을 만들 수 없습니다: \(why)"
        case .noJournalToResume(let script, let path):
            "\(script): 이어서 실행할 실행 기록이 \(path)에 없습니다. --resume 없이 실행하세요"
        case .resumingFrom(let script, let path): "\(script): \(path)에 있는 실행 기록에서 이어서 실행합니다"
        case .journalElsewhere(let script, let failure): "\(script): \(failure) (--journal 경로로 다른 곳에 둘 수 있습니다)"
        case .journalKeptIn(let script, let path): "\(script): 스크립트 폴더에 실행 기록을 둘 수 없어서 \(path)에 둡니다"
        case .nothingToResume(let script): "\(script): 이어서 할 것이 없습니다. 지난 실행은 끝났습니다(--restart로 처음부터 다시 실행합니다)"
        case .otherLocalMarket(let script, let market, let hereLocal, let server):
            "\(script): 실행 기록은 \(market)의 로컬 마켓에서 실행한 것인데, 지금 세션은 "
                + (hereLocal.map { "\($0)의 로컬 마켓" } ?? server)
                + "에 있습니다. 그 로컬 마켓에서(--server 없이, 같은 XDG_DATA_HOME으로) 이어서 하거나, 여기서 --restart로 처음부터 하세요"
        case .otherServer(let script, let recorded, let server):
            "\(script): 실행 기록은 \(recorded)에서 실행한 것인데, 지금 세션은 \(server)에 있습니다. "
                + "\(recorded)에서(--server \(recorded)) 이어서 하거나, 여기서 --restart로 처음부터 하세요"
        case .changedAboveResumePoint(let script, let line):
            "\(script):\(line): 이어서 할 지점 위에서 스크립트가 바뀌었습니다(\(line)번째 줄이 실행한 것과 다릅니다). "
                + "이어서 하면 명령이 되풀이되거나 빠질 수 있습니다. 줄을 되돌리거나 --restart로 처음부터 하세요"
        case .newAboveResumePoint(let script, let line, let lastDone):
            "\(script):\(line): 이어서 할 지점 위에 새로 생긴 줄입니다. 이어서 하면 순서가 어긋나게 실행됩니다. "
                + "\(lastDone)번째 줄 아래로 옮기거나 --restart로 처음부터 하세요"
        case .cannotCheckCreate(let error):
            "중단된 등록이 처리되었는지 확인할 수 없습니다(\(error)). 다시 보내지 않았습니다. 나중에 --resume을 다시 해 보세요"
        case .whoseCannotBeTold(let name, let id, let variable):
            "'\(name)' 등록이 중단되었고 #\(id) 상품이 그 이름인데, 판매자 id 없이는 누구의 상품인지 알 수 없습니다. "
                + "판매자 id를 알려 주고('login --vendor-id N' 또는 \(variable)=N) 다시 --resume하거나, "
                + "'show \(id)' 명령으로 확인해서 내 상품이면 지우세요"
        case .sourceStoppedPartWay(let command):
            "이 '\(command)' 명령은 중간에 멈춰서 그 안의 줄이 이미 무언가를 바꿨을 수 있습니다. "
                + "무엇을 했는지 확인하고 줄을 고치거나 지운 뒤(또는 그 명령들을 이 스크립트로 옮긴 뒤) --resume하세요"
        case .changeMayHaveApplied(let command):
            "이 \(command) 변경은 보내는 중에 중단되어 이미 적용되었을 수 있습니다. "
                + "'show'로 확인하고 줄을 고친 뒤(예: 되풀이해도 안전한 =N으로) --resume하세요"
        case .createLineChanged(let place, let name):
            "\(place): 처음 보낸 뒤에 이 줄이 바뀌었습니다. 처음 것이 등록되었다면"
                + "(\(name.map { "'\($0)'" } ?? "'list'로 확인하세요")) 그대로 남으니, 필요 없으면 지우세요"
        case .createdBefore(let place, let id): "\(place): #\(id) 상품은 중단되기 전에 등록되었습니다. 다시 보내지 않습니다"
        case .responseNotKept(let place, let bytes):
            "\(place): 응답(\(bytes)바이트)이 너무 커서 저널에 남기지 않았습니다. 다음 직접 요청 전까지 ${response…}는 비어 있습니다"
        case .runUnfinished(let script, let path, let done, let lastDone):
            "\(script): 실행 기록(\(path))을 보면 지난 실행이 끝나지 않았습니다(\(done)줄 마침"
                + (lastDone.map { ", 마지막으로 마친 줄: \($0)" } ?? "")
                + "). --resume으로 이어서 하거나 --restart로 처음부터 다시 하세요"
        }
    }
}
