import OpenMarketContract

/// What `register` says while it asks for what the line left out: each field's question, its
/// rule, and what it says of an answer it cannot take. A question's rule is the field's own
/// (``ProductField/accepts``, the words a script is told when it leaves the field out), with
/// what an empty answer gives for an optional field. Each language is one exhaustive `switch`
/// (`RegisterMessage+English.swift`, `RegisterMessage+Korean.swift`).
public enum RegisterMessage: Spoken, Equatable {
    /// The question for one field, ending in `: `. The photo's is short (its field's name), so a
    /// path typed after it has the terminal's width; ``imageExplained`` is said on the line above.
    case question(Question)
    /// What the field takes, as said inside its question: ``ProductField/accepts``, and for an
    /// optional field what Enter gives (`a number from 0 to the price; Enter for none`).
    case rule(Question)
    /// The line said once above the photo's question: what the answer is and what helps to type it.
    case imageExplained
    /// An empty answer to a question that needs one.
    case answerNeeded
    /// An answer that does not fit: the problem, then that the question is asked again.
    case tryAgain(String)

    /// A field `register` asks for.
    public enum Question: Sendable, Equatable, CaseIterable {
        case name
        case description
        case price
        case currency
        /// Optional: an empty answer gives none.
        case discount
        /// Optional: an empty answer gives 0.
        case stock
        case image

        /// The question for `field`; nil for a field `register` does not ask for (the thumbnail).
        public init?(_ field: ProductField) {
            guard let question = Self.allCases.first(where: { $0.productField == field }) else { return nil }
            self = question
        }

        /// The field asked for, whose rule the question says.
        public var productField: ProductField {
            switch self {
            case .name: .name
            case .description: .description
            case .price: .price
            case .currency: .currency
            case .discount: .discount
            case .stock: .stock
            case .image: .image
            }
        }

        /// The field's name as typed after it (`name`), the same in every language.
        public var field: String { productField.rawValue }

        /// Whether an empty answer leaves the field out (the discount, the stock).
        public var isOptional: Bool { self == .discount || self == .stock }
    }
}
