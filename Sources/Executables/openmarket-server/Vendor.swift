import ArgumentParser
import Foundation
import OpenMarketServer

struct Vendor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add and list vendors.", subcommands: [Add.self, List.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a vendor and print its credentials once (makes the market if the folder holds none).")
        @Argument(help: "The vendor's display name, unique in the market.") var name: String
        @OptionGroup var data: DataOption

        func validate() throws {
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("the name must not be empty") }
        }

        func run() async throws {
            let directory = try await MarketDataDirectory.open(data.url)
            let vendor = try await directory.addVendor(name: name)
            print("added vendor \(vendor.id) '\(vendor.name)' (the secret is shown only now):")
            print("  identifier: \(vendor.credentials.identifier)")
            print("  secret:     \(vendor.credentials.secret.revealed)")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List vendors (never their secrets).")
        @OptionGroup var data: DataOption

        func run() async throws {
            let directory = try await MarketDataDirectory.openExisting(data.url)
            let vendors = try await directory.vendors()
            let width = max(4, vendors.map(\.name.count).max() ?? 0)
            print("id    " + "name".padding(toLength: width, withPad: " ", startingAt: 0) + "  identifier")
            for vendor in vendors {
                print(
                    String(vendor.id).padding(toLength: 6, withPad: " ", startingAt: 0)
                        + vendor.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + vendor.identifier)
            }
        }
    }
}
