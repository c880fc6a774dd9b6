import OpenMarketContract

extension CommandSpec {
    /// The summary in the language of this task (English when it has no translation).
    public var localizedSummary: String { Language.current.helpText(summary) }
}

extension CommandSpec.Flag {
    /// The flag's help in the language of this task.
    public var localizedHelp: String { Language.current.helpText(help) }
}

extension Language {
    /// A command's or flag's help text (declared in English in its spec) in this language.
    public func helpText(_ english: String) -> String {
        switch self {
        case .en: english
        case .ko: KoreanHelp.texts[english] ?? english
        }
    }
}
