/// The English catalogue of ``ArgumentParserWords``: ArgumentParser's own text, to the letter.
extension ArgumentParserWords {
    var english: String {
        switch self {
        case .overviewHeading: "OVERVIEW:"
        case .usageHeading: "USAGE:"
        case .argumentsHeading: "ARGUMENTS:"
        case .optionsHeading: "OPTIONS:"
        case .subcommandsHeading: "SUBCOMMANDS:"
        case .errorLabel: "Error:"
        case .usageLabel: "Usage:"
        case .helpLabel: "Help:"
        case .versionFlag: "Show the version."
        case .helpFlag: "Show help information."
        case .seeHelp(let program): "See '\(program) --help' for more information."
        case .seeSubcommandHelp(let command): "See '\(command) <subcommand>' for detailed help."
        case .defaultValue: "(default: "
        case .defaultSubcommand: " (default) "
        case .seeHelpInOneLine(let program): "; see '\(program) --help'"
        case .unknownOptionSuggestion(let option, let suggestion): "Unknown option '\(option)'. Did you mean '\(suggestion)'?"
        case .unknownOption(let option): "Unknown option '\(option)'"
        case .missingValue(let option): "Missing value for '\(option)'"
        case .unexpectedArgument(let argument): "Unexpected argument '\(argument)'"
        case .unexpectedArguments(let count, let arguments): "\(count) unexpected arguments: '\(arguments)'"
        case .missingArgument(let argument): "Missing expected argument '\(argument)'"
        case .invalidValue(let value, let option): "The value '\(value)' is invalid for '\(option)'"
        case .valueNotTaken(let option, let value):
            "The option '\(option)' does not take any value, but '\(value)' was specified."
        }
    }
}
