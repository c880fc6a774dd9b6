import Foundation

/// The English catalogue of ``Rule``.
extension Rule {
    public var english: String {
        switch self {
        case .controlCharacter(let code, let position):
            "must not contain control characters (found \(code) at character \(position))"
        case .length(let min, let max, let count): "must be \(min) to \(max) characters (it has \(count))"
        case .onlyWhiteSpace(let count):
            "must contain a character that is not white space (its \(count) characters are all white space)"
        case .containsNUL: "must not contain NUL (U+0000)"
        case .notGreaterThanZero(let value): "must be greater than 0 (it is \(value))"
        case .atMost(let limit, let value): "must be at most \(limit) (it is \(value))"
        case .tooManyDecimalPlaces(let places, let value): "may have at most \(places) decimal places (it is \(value))"
        case .currencyNotAccepted(let given): "must be KRW or USD (it is \"\(given)\")"
        case .notZeroOrMore(let value): "must be 0 or more (it is \(value))"
        case .notOverPrice(let price, let discount): "must not exceed the price \(price) (it is \(discount))"
        case .wholeNumberFromZero(let value): "must be a whole number of 0 or more (it is \(value))"
        case .tooManySignificantDigits(let count, let max):
            "has \(count) significant digits; at most \(max) can be kept exactly"
        case .notANumber(let text): "'\(text)' is not a number"
        case .notAWholeNumber(let text): "'\(text)' is not a whole number"
        case .commaNotThousands(let text):
            "'\(text)': a comma only groups thousands (1,250); write a decimal with a point (12.50)"
        case .pointBeforeThreeDigits(let text, let whole, let small):
            "'\(text)' could be \(whole) or \(small): write \(whole), or \(small) with two decimals"
        case .currencySignDisagrees(let text, let currency, let given):
            "'\(text)' is in \(currency) by its sign, but currency is \(given): keep one of the two"
        case .required: "is required"
        case .imageRequired(let min): "at least \(min) image is required"
        case .tooManyImages(let max, let count): "at most \(max) images (there are \(count))"
        case .image(let kind): Self.english(kind)
        case .notShrunk(let bytes, let why):
            Self.overLimit(bytes) + Self.english(why)
        case .couldNotShrink(let why): "over 300 KiB and could not be shrunk: \(why)"
        case .damaged(let why): why.clause
        case .noFileMatches: "no file matches"
        case .cannotUseFile(let why): why
        case .partOverLimit(let bytes): "\(bytes) bytes is over the 300 KiB (307,200-byte) limit"
        case .notOneOfImageIDs(let ids):
            "must be one of this product's image ids (\(ids.map(String.init).joined(separator: ", ")))"
        case .notOneOrMore(let value): "must be 1 or more (it is \(value))"
        case .outOfRange(let low, let high, let value): "must be \(low) to \(high) (it is \(value))"
        case .notAValidURL(let text): "\"\(text)\" is not a valid URL"
        case .cannotFormURL(let text): "cannot form a URL from \"\(text)\""
        case .notEncodable(let why): "could not be encoded: \(why)"
        case .emptyText: "is empty"
        case .onlyHTTPImages(let scheme): "only http and https images can be downloaded (this one is a \(scheme): URL)"
        case .namesNoHost(let text): "\"\(text)\" names no host"
        case .unsendable(let why): why
        case .foreignSecret:
            "holds a secret that is not this login's (it belongs to another server or vendor); refused to send it: "
                + "log in on this server ('login' or 'use PROFILE')"
        case .secretOutsideItsField:
            "contains the vendor secret; refused to send it (the secret travels only in the request's secret field)"
        case .boundaryInContent(let boundary): "the boundary \"\(boundary)\" occurs in the content"
        case .multipartNotComposable(let why): "could not be composed: \(why)"
        }
    }

    private static func english(_ kind: ImageProblem.Kind) -> String {
        switch kind {
        case .missing: "no such file"
        case .notAFile: "is a folder, not a file"
        case .notARegularFile(let what): "is \(LocalFileError.english(what)), not a photo file"
        case .unreadable(let reason): "cannot be read (\(reason))"
        case .permissionDenied: "cannot be read (permission denied)"
        case .empty: "the file is empty"
        case .notAnImage(let what): "not a JPEG, PNG or GIF (\(what.english))"
        case .tooLarge(let bytes, _): overLimit(bytes)
        case .overReadLimit(let bytes, let limit):
            "\(bytes.map { ByteCountText.format($0) + " is" } ?? "is") over \(ByteCountText.format(limit)), "
                + "the most read for a photo: pick a smaller file"
        }
    }

    private static func overLimit(_ bytes: Int) -> String {
        "\(ByteCountText.format(bytes)) is over the \(ByteCountText.format(UploadRules.maxImageBytes)) limit per image"
    }

    private static func english(_ why: ShrinkRefusal) -> String {
        switch why {
        case .gif: " (GIFs are not shrunk: pick a smaller file)"
        case .resizeOff: " (leave out --no-resize to shrink it)"
        case .unreadable: ", and it cannot be read to shrink it"
        case .damaged(let damage): ", and it cannot be read to shrink it: \(damage.clause)"
        }
    }
}
