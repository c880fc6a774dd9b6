import OpenMarketAPI
import OpenMarketContract

/// `show ID`: one product with its images.
public struct Show: OneProduct {
    public static let spec = CommandSpec(
        name: "show", aliases: ["get"], summary: "show one product with its images", usage: "show ID", examples: ["show 12"],
        positional: [.productID], effect: .reads, returnsProduct: true)

    public var id: Int

    public init(id: Int) { self.id = id }

    public func run(in context: CommandContext) async throws -> CommandOutcome {
        let response = try await context.client.product(id: id)
        context.session.remember([response.value])
        return .product(.read, response)
    }
}
