import OpenMarketContract

/// What agent mode's resources and prompts say to a person or a model: the resources' titles and
/// descriptions, the prompts' texts, and why a resource or a prompt could not be given. Each
/// language is one exhaustive `switch` (`ResourceMessage+English.swift`, `ResourceMessage+Korean.swift`).
public enum ResourceMessage: Spoken, Equatable {
    /// `openmarket://api/openapi.json`'s title.
    case openAPITitle
    /// `openmarket://api/openapi.json`'s description.
    case openAPIAbout
    /// `openmarket://api/contract`'s title.
    case contractTitle
    /// `openmarket://api/contract`'s description.
    case contractAbout
    /// A lesson's title: `Lesson 01-methods`, `Lesson ko/01-methods`.
    case lessonTitle(name: String)
    /// A lesson's description.
    case lessonAbout(name: String)
    /// An explain topic's title: `explain 412`.
    case explainTitle(topic: String)
    /// An explain topic's description.
    case explainAbout(topic: String)
    /// A URI that names no resource of this server.
    case unknownResource(uri: String)
    /// A resource file larger than agent mode serves.
    case tooLarge(uri: String, bytes: Int, limit: Int)
    /// A resource file that is listed but could not be read (removed since, not UTF-8).
    case unreadable(uri: String)
    /// `openmarket://folder`'s title and description (the folder it lists).
    case folderTitle
    case folderAbout(folder: String)
    /// The listing's note to the model: how the files are used.
    case folderNote
    /// A photo in the listing whose size could not be read (damaged, not really a photo, too large).
    case photoUnreadable
    /// A photo resource refused by the access rule (`reason`, said by the policy).
    case refused(uri: String, reason: String)
    /// A photo resource that is not a JPEG, PNG or GIF that can be shown.
    case notAPhoto(uri: String)
    /// A photo's URI naming no file.
    case noSuchFile(uri: String)
    /// A prompt name this server does not have.
    case unknownPrompt(name: String, known: [String])
    /// A prompt asked for without one of its required arguments (or with an empty one).
    case missingArgument(prompt: String, argument: String)
    /// `register_photos`'s title.
    case registerPhotosTitle
    /// `register_photos`'s description.
    case registerPhotosAbout
    /// `register_photos`'s `folder` argument.
    case registerPhotosFolder
    /// `register_photos`'s text, for the photos in `folder`, `images` photos per product.
    case registerPhotos(folder: String, images: ClosedRange<Int>)
    /// `apply_price_list`'s title.
    case applyPriceListTitle
    /// `apply_price_list`'s description.
    case applyPriceListAbout
    /// `apply_price_list`'s `file` argument.
    case applyPriceListFile
    /// `apply_price_list`'s text, for the price list in `file`.
    case applyPriceList(file: String)
}
