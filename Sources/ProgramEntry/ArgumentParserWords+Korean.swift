/// The Korean catalogue of ``ArgumentParserWords`` (합니다체, as the programs' help).
extension ArgumentParserWords {
    var korean: String {
        switch self {
        case .overviewHeading: "개요:"
        case .usageHeading: "사용법:"
        case .argumentsHeading: "인자:"
        case .optionsHeading: "옵션:"
        case .subcommandsHeading: "하위 명령:"
        case .errorLabel: "오류:"
        case .usageLabel: "사용법:"
        case .helpLabel: "도움말:"
        case .versionFlag: "버전을 보여 줍니다."
        case .helpFlag: "도움말을 보여 줍니다."
        case .seeHelp(let program): "'\(program) --help'에 자세히 나옵니다."
        case .seeSubcommandHelp(let command): "'\(command) <하위 명령>'에 자세히 나옵니다."
        case .defaultValue: "(기본값: "
        // As wide as " (default) ", so the help column stays where it is.
        case .defaultSubcommand: " (기본)    "
        case .seeHelpInOneLine(let program): " ('\(program) --help'에 자세히 나옵니다)"
        case .unknownOptionSuggestion(let option, let suggestion): "알 수 없는 옵션입니다: '\(option)' (혹시 '\(suggestion)' 말인가요?)"
        case .unknownOption(let option): "알 수 없는 옵션입니다: '\(option)'"
        case .missingValue(let option): "'\(option)'의 값이 빠졌습니다"
        case .unexpectedArgument(let argument): "예상하지 못한 인자입니다: '\(argument)'"
        case .unexpectedArguments(let count, let arguments): "예상하지 못한 인자 \(count)개입니다: '\(arguments)'"
        case .missingArgument(let argument): "꼭 필요한 인자가 없습니다: '\(argument)'"
        case .invalidValue(let value, let option): "'\(option)'에 '\(value)'은(는) 쓸 수 없습니다"
        case .valueNotTaken(let option, let value): "'\(option)'은(는) 값을 받지 않습니다('\(value)'이(가) 주어졌습니다)"
        }
    }
}
