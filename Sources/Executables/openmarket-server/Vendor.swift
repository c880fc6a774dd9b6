import ArgumentParser
import Foundation
import OpenMarketServer
import TerminalText

struct Vendor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: ServerProgramHelp.vendorAbstract.abstract, subcommands: [Add.self, List.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: ServerProgramHelp.vendorAddAbstract.abstract)
        @Argument(help: ServerProgramHelp.vendorName.argument) var name: String
        @OptionGroup var data: DataOption

        func validate() throws {
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ValidationError(ServerProgramMessage.nameEmpty)
            }
        }

        func run() async throws {
            let directory = try await MarketDataDirectory.open(data.url)
            let vendor = try await directory.addVendor(name: name)
            // The name is the operator's text: shown with control characters made visible.
            print(ServerProgramMessage.vendorAdded(id: vendor.id, name: TerminalText.visible(vendor.name)).text)
            print("  identifier: \(vendor.credentials.identifier)")
            print("  secret:     \(vendor.credentials.secret.revealed)")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: ServerProgramHelp.vendorListAbstract.abstract)
        @OptionGroup var data: DataOption

        func run() async throws {
            let directory = try await MarketDataDirectory.openExisting(data.url)
            let vendors = try await directory.vendors()
            // Laid out by display width: a Korean name is two columns a syllable.
            let names = vendors.map { TerminalText.visible($0.name) }
            let nameHeading = ServerProgramMessage.nameColumn.text
            let width = max(TerminalText.width(nameHeading), names.map(TerminalText.width).max() ?? 0) + 2
            print(
                ClassColumns.pad(ServerProgramMessage.idColumn.text, 6) + ClassColumns.pad(nameHeading, width)
                    + ServerProgramMessage.identifierColumn.text)
            for (vendor, name) in zip(vendors, names) {
                print(ClassColumns.pad(String(vendor.id), 6) + ClassColumns.pad(name, width) + vendor.identifier)
            }
        }
    }
}
