/// A word of a command written for a script that replays on another server: a word, quoted so
/// the shell splits it back into the same word, or a reference written as it is so that it
/// expands on replay (`$p1`, `thumbnail=${p1.images.1.id}`).
public enum ScriptWord: Sendable, Equatable {
    case word(Word)
    case reference(String)

    /// As it goes into the script.
    public var text: String {
        switch self {
        case .word(let word): WordQuoting.quote(word)
        case .reference(let text): text
        }
    }
}

/// How a recording refers to what a command names on this server (its product, that product's
/// images), so the script replays on another: the recorder says what to write, the command
/// where (it alone knows where it keeps them).
public struct ReplayReferences {
    /// The product the command is about (`$p1`).
    public var product: String
    /// An image of that product by its id here (`${p1.images.1.id}`); nil for an id that is not
    /// one of its images.
    public var image: (Int) -> String?

    public init(product: String, image: @escaping (Int) -> String?) {
        self.product = product
        self.image = image
    }
}

/// A command about one product (`show 12`, `patch 12 …`): a recording writes it with the product
/// named as it was made in the recording, so that it replays on another server. Every command
/// whose spec takes a product id is one.
public protocol RefersToProduct: ShellCommand {
    /// The command's words with its product, and any image of it the command names, written as
    /// `references` says; only asked of a command about one product (`productID` is set).
    func words(referring references: ReplayReferences) -> [ScriptWord]
}

/// A command that reads image files by path (`register image=…`): a recording writes the paths
/// as they are found from its own folder.
public protocol ReadsImagePaths: ShellCommand {
    /// The command with each image path as `rewrite` gives it.
    func rewritingImagePaths(_ rewrite: (String) -> String) -> Self
}
