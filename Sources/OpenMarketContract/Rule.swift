import Foundation

/// A broken rule as a typed value with its facts (the count a name has, the text that is not a
/// number), said in the reader's language by its catalogues (`Rule+English.swift`,
/// `Rule+Korean.swift`). The contract's rules, the client's checks before sending and the
/// bundled market's refusals all name what is wrong with one of these.
public enum Rule: Spoken, Hashable, CustomStringConvertible {
    // MARK: The contract's field rules (ProductRules)
    /// A name holds a control character (`U+001B`) at a position counted from 1.
    case controlCharacter(code: String, position: Int)
    /// A text's length in characters is outside `min...max`.
    case length(min: Int, max: Int, count: Int)
    /// A name or a description whose `count` characters are all white space (Unicode's
    /// White_Space, judged on scalars): *decided*, a product must not list blank.
    case onlyWhiteSpace(count: Int)
    case containsNUL
    case notGreaterThanZero(Decimal)
    /// Over the contract's bound (`1,000,000,000,000`, written as the contract writes it).
    case atMost(limit: String, value: String)
    case tooManyDecimalPlaces(places: Int16, value: Decimal)
    case currencyNotAccepted(String)
    case notZeroOrMore(Decimal)
    case notOverPrice(price: Decimal, discount: Decimal)
    case wholeNumberFromZero(Int)
    case tooManySignificantDigits(count: Int, max: Int)
    /// The text given for a number field (`'abc'`).
    case notANumber(String)
    case notAWholeNumber(String)
    /// A comma that does not group thousands (`12,50`, `1,2,3`): a decimal comma, most likely.
    case commaNotThousands(String)
    /// A point before exactly three digits (`5.000`), a thousands separator in much of the
    /// world: `whole` is the number read that way, `small` the one read as a decimal.
    case pointBeforeThreeDigits(text: String, whole: String, small: String)
    /// An amount whose currency sign (`₩3,500`, `$12.50`) names another currency than the
    /// `currency` given beside it: `currency` is the sign's (`KRW`), `given` the field's text.
    case currencySignDisagrees(text: String, currency: String, given: String)
    /// Given neither in the request nor in a default.
    case required

    // MARK: Photos
    case imageRequired(min: Int)
    case tooManyImages(max: Int, count: Int)
    /// One file's problem as the contract's upload rules see it.
    case image(ImageProblem.Kind)
    /// A photo over the upload limit that is not shrunk, and why.
    case notShrunk(bytes: Int, why: ShrinkRefusal)
    /// A photo over the upload limit that shrinking failed on (the failure's own words).
    case couldNotShrink(String)
    /// A photo's bytes are damaged or cut short (as the image library found them).
    case damaged(ImageProcessingError)
    /// A pattern for photos that matches no file.
    case noFileMatches
    /// A file that cannot be used: the file system's or the access policy's words.
    case cannotUseFile(String)
    /// An uploaded part over the 300 KiB limit, in bytes.
    case partOverLimit(bytes: Int)
    /// An image id that is not one of the product's (`ids` listed).
    case notOneOfImageIDs([Int])

    // MARK: The client's checks before sending
    case notOneOrMore(Int)
    case outOfRange(low: Int, high: Int, value: Int)
    case notAValidURL(String)
    case cannotFormURL(String)
    /// JSON or a form that could not be written (the encoder's words).
    case notEncodable(String)
    case emptyText
    case onlyHTTPImages(scheme: String)
    case namesNoHost(String)
    /// What the transport could not send (its words, already excerpted).
    case unsendable(String)
    case foreignSecret
    case secretOutsideItsField
    case boundaryInContent(String)
    case multipartNotComposable(String)

    /// Why a photo over the upload limit is refused rather than shrunk.
    public enum ShrinkRefusal: Sendable, Hashable {
        /// GIFs are not shrunk.
        case gif
        /// `--no-resize` was given.
        case resizeOff
        /// Its source cannot be read again to shrink it.
        case unreadable
        /// Its bytes are damaged (as the image library found them), so it cannot be shrunk.
        case damaged(ImageProcessingError)
    }

    /// The rule in the reader's language (`Language.current`), so an interpolation never shows a
    /// case's name.
    public var description: String { text }
}
