import OpenMarketContract

/// What `register` says while it asks for what the line left out: each field's question, its
/// rule (also what a script is told it must give), and what it says of an answer it cannot
/// take. The numbers are the contract's (`ProductRules`). Each language is one exhaustive
/// `switch` (`RegisterMessage+English.swift`, `RegisterMessage+Korean.swift`).
public enum RegisterMessage: Spoken, Equatable {
    /// The question for one field, ending in `: `.
    case question(Question)
    /// What the field takes, as said inside its question (`3 to 100 characters`).
    case rule(Question)
    /// An empty answer to a question that needs one.
    case answerNeeded
    /// An answer that does not fit: the problem, then that the question is asked again.
    case tryAgain(String)

    /// A field `register` asks for, with the facts its question names.
    public enum Question: Sendable, Equatable {
        case name(ClosedRange<Int>)
        case description(ClosedRange<Int>)
        case price
        case currency([String])
        /// Optional: an empty answer gives none.
        case discount
        /// Optional: an empty answer gives 0.
        case stock
        case image

        /// The question for `field`; nil for a field `register` does not ask for (the thumbnail).
        public init?(_ field: ProductField) {
            switch field {
            case .name: self = .name(ProductRules.nameLength)
            case .description: self = .description(ProductRules.descriptionLength)
            case .price: self = .price
            case .currency: self = .currency(Currency.accepted.map(\.rawValue))
            case .discount: self = .discount
            case .stock: self = .stock
            case .image: self = .image
            default: return nil
            }
        }

        /// The field's name as typed after it (`name`), the same in every language.
        public var field: String {
            switch self {
            case .name: ProductField.name.rawValue
            case .description: ProductField.description.rawValue
            case .price: ProductField.price.rawValue
            case .currency: ProductField.currency.rawValue
            case .discount: ProductField.discount.rawValue
            case .stock: ProductField.stock.rawValue
            case .image: ProductField.image.rawValue
            }
        }

        /// Whether an empty answer leaves the field out (the discount, the stock).
        public var isOptional: Bool { self == .discount || self == .stock }
    }
}
