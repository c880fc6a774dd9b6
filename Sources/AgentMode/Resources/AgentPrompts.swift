import Foundation
import MCP
import OpenMarketContract

/// The prompts `openmarket mcp` offers for common jobs, in the session's language
/// (`Language.current`): each tells the assistant to plan with the write tools, show the plans
/// to the person and apply only on their word, with the plan's token.
/// - `register_photos` (`folder`): register the photos in a folder as products, a `register`
///   plan per product;
/// - `apply_price_list` (`file`): apply a CSV price list, one `import` plan for it all.
public enum AgentPrompts {
    static let registerPhotos = "register_photos"
    static let applyPriceList = "apply_price_list"

    /// The prompts, each with its one required argument.
    public static func list() -> [Prompt] {
        [
            Prompt(
                name: registerPhotos, title: ResourceMessage.registerPhotosTitle.text,
                description: ResourceMessage.registerPhotosAbout.text,
                arguments: [
                    Prompt.Argument(name: "folder", description: ResourceMessage.registerPhotosFolder.text, required: true)
                ]),
            Prompt(
                name: applyPriceList, title: ResourceMessage.applyPriceListTitle.text,
                description: ResourceMessage.applyPriceListAbout.text,
                arguments: [
                    Prompt.Argument(name: "file", description: ResourceMessage.applyPriceListFile.text, required: true)
                ]),
        ]
    }

    /// The prompt `name` for `arguments` (MCP gives them as strings; a `Value` that is not a
    /// non-empty string counts as missing). An unknown prompt or a missing argument is an
    /// ``AgentFailure``.
    public static func get(_ name: String, arguments: [String: Value]?) throws(AgentFailure) -> GetPrompt.Result {
        switch name {
        case registerPhotos:
            let folder = try argument("folder", of: name, in: arguments)
            return GetPrompt.Result(
                description: ResourceMessage.registerPhotosAbout.text,
                messages: [
                    .user(.text(text: ResourceMessage.registerPhotos(folder: folder, images: UploadRules.imageCount).text))
                ])
        case applyPriceList:
            let file = try argument("file", of: name, in: arguments)
            return GetPrompt.Result(
                description: ResourceMessage.applyPriceListAbout.text,
                messages: [.user(.text(text: ResourceMessage.applyPriceList(file: file).text))])
        default:
            throw AgentFailure(
                ResourceMessage.unknownPrompt(name: AgentResources.shortened(name), known: list().map(\.name)))
        }
    }

    /// The string `key` of `arguments`, trimmed of surrounding white space; missing when absent,
    /// empty or not a string.
    static func argument(_ key: String, of prompt: String, in arguments: [String: Value]?) throws(AgentFailure) -> String {
        guard let given = arguments?[key]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !given.isEmpty
        else {
            throw AgentFailure(ResourceMessage.missingArgument(prompt: prompt, argument: key))
        }
        return given
    }
}
