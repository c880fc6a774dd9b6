import OpenMarketContract

/// The English catalogue of ``ResourceMessage``.
extension ResourceMessage {
    public var english: String {
        switch self {
        case .openAPITitle: "Open Market API (OpenAPI 3.1)"
        case .openAPIAbout:
            "The OpenAPI 3.1 document of the market's API, as the bundled market serves it at /openapi.json: "
                + "every path, its parameters, bodies, answers and the rules the market enforces."
        case .contractTitle: "Open Market API contract"
        case .contractAbout:
            "The API contract in words (docs/api.md): the credentials, each request, its rules and the errors."
        case .lessonTitle(let name): "Lesson \(name)"
        case .lessonAbout(let name):
            "Lesson \(name): an openmarket script of HTTP requests typed by hand, each explained in its comments "
                + "(a person runs it in the shell with `openmarket run FILE --step`)."
        case .explainTitle(let topic): "explain \(topic)"
        case .explainAbout(let topic):
            "What \(topic) means in the Open Market API (the shell's `explain \(topic)`), in the session's language."
        case .unknownResource(let uri):
            "no resource '\(uri)' here (resources/list names them: openmarket://api/…, openmarket://lessons/…, "
                + "openmarket://explain/…)"
        case .tooLarge(let uri, let bytes, let limit):
            "'\(uri)' is \(bytes) bytes; agent mode serves files of at most \(limit) bytes"
        case .unreadable(let uri): "'\(uri)' could not be read (moved or removed, or not UTF-8 text)"
        case .folderTitle: "The files openmarket mcp reads"
        case .folderAbout(let folder):
            "The photos (format, pixel size, bytes) and sheets under \(folder), the folder openmarket mcp reads "
                + "(--folder); read a photo's uri to see it."
        case .folderNote:
            "Each path is one item of a tool's image (or import's file), as written here; patterns such as *.jpg "
                + "are not expanded. Read a photo's uri to see it, shrunk."
        case .photoUnreadable: "not a JPEG, PNG or GIF that can be read"
        case .refused(let uri, let reason): "'\(uri)': \(reason)"
        case .notAPhoto(let uri): "'\(uri)' is not a JPEG, PNG or GIF that can be shown"
        case .noSuchFile(let uri): "'\(uri)' names no file in the folder (openmarket://folder lists them)"
        case .unknownPrompt(let name, let known):
            "no prompt '\(name)' here (there are: \(known.joined(separator: ", ")))"
        case .missingArgument(let prompt, let argument): "the prompt '\(prompt)' needs the argument '\(argument)'"
        case .registerPhotosTitle: "Register photos as products"
        case .registerPhotosAbout:
            "Register the photos in a folder as products: a plan per product, shown to you, applied on your word."
        case .registerPhotosFolder: "The folder of the photos (under the folder openmarket mcp reads, --folder)."
        case .registerPhotos(let folder, let images): registerPhotosEnglish(folder: folder, images: images)
        case .applyPriceListTitle: "Apply a price list"
        case .applyPriceListAbout:
            "Apply a CSV price list to the shop: one plan for the whole import, shown to you, applied on your word."
        case .applyPriceListFile: "The CSV file of the price list (under the folder openmarket mcp reads, --folder)."
        case .applyPriceList(let file): applyPriceListEnglish(file: file)
        }
    }

    private func registerPhotosEnglish(folder: String, images: ClosedRange<Int>) -> String {
        """
        Register the photos in the folder \(folder) as products of my shop, with the openmarket tools.

        1. Read the resource \(FolderShelf.uri): it lists the photos (format, pixel size, bytes) and sheets \
        under the folder the openmarket server reads (--folder), with their paths. If this folder is not \
        under it, or the server says it reads no files, tell me and stop.
        2. Group the photos into products: photos of the same item together, \(images.lowerBound) to \
        \(images.upperBound) photos per product. To see a photo, read its uri from the list \
        (\(FolderShelf.uri)/PATH). For each product, write a name and a short description from its photos. \
        Ask me for the price, the currency (\(Currency.accepted.map(\.rawValue).joined(separator: " or "))) and the \
        stock whenever you are not sure: never guess a price.
        3. For each product, call the `register` tool with `name`, `description`, `price`, `currency`, `stock` \
        and `image` (the photos' paths, one item each, as the list writes them: patterns such as *.jpg are \
        not expanded), without `token`. That call sends nothing: it answers with the plan \
        (the request it would send) and a one-time token.
        4. Show me every plan: each product's name, description, price, stock and photos. Apply nothing until \
        I say yes.
        5. For each plan I accept, call `register` again with the same arguments and that plan's `token`. If a \
        token is refused (expired, used, or the market changed), plan again and show me the new plan.
        6. At the end, list what was registered with each product's id. The `undo` tool, or `openmarket undo` \
        in the shell, takes a registration back.
        """
    }

    private func applyPriceListEnglish(file: String) -> String {
        """
        Apply the price list in the CSV file \(file) to my shop, with the openmarket tools.

        1. Call the `import` tool with `file` set to \(file), without `token`. That call sends nothing: it \
        answers with the plan (every request the import would send, each product before → after) and a \
        one-time token. If the server says it cannot read that file (it reads files only under the folder it \
        was started with, --folder), read the price list yourself and call `import` with `rows` instead: one \
        object per product, its `id` and the fields to set (such as `price`), nothing else.
        2. Show me the plan: how many products change, and for each its name with the price (and anything \
        else) before and after; say plainly if any product would be created or deleted. If the import found \
        problems in rows, show them too. Apply nothing until I say yes.
        3. When I accept, call `import` again with the same `file` (or the same `rows`) and the plan's `token`.
        4. If the token is refused as stale (a product changed in the market since the plan), plan again and \
        show me the new plan; never apply a plan I have not seen.
        5. At the end, say what was changed. The `undo` tool, or `openmarket undo` in the shell, takes the \
        import back.
        """
    }
}
