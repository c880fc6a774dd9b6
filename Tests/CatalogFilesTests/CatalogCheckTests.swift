import Foundation
import Testing

@testable import CatalogFiles

@Suite struct CatalogCheckTests {
    @Test func idsNamesAndDuplicatesAreProblemsAtTheirRows() {
        let contents = CatalogFixtures.read(
            "id,name\n12,Mug\nabc,Cup\n12,Plate\n,Bowl\n,Bowl\n0,Spoon\n,\n9007199254740992,Fork\n3,\n", name: "cat.csv")
        #expect(
            CatalogCheck.problems(in: contents, newIDs: false).map(\.description) == [
                "cat.csv:3:id: 'abc' is not a product id (a whole number from 1 to 9007199254740991); leave it empty for a new product",
                "cat.csv:4:id: id 12 is also on row 2",
                "cat.csv:6:name: the same name as row 5; new rows need distinct names so an interrupted import can tell them apart",
                "cat.csv:7:id: '0' is not a product id (a whole number from 1 to 9007199254740991); leave it empty for a new product",
                "cat.csv:9:id: '9007199254740992' is not a product id (a whole number from 1 to 9007199254740991); leave it empty for a new product",
            ])
    }

    /// A row naming its product by id updates it and needs no name (an `id,stock` sheet); a new
    /// row, or every row with `--new-ids`, still does.
    @Test func aRowWithAnIDNeedsNoNameANewRowDoes() {
        let contents = CatalogFixtures.read("id,stock\n3,8\n,9\n", name: "cat.csv")
        #expect(
            CatalogCheck.problems(in: contents, newIDs: false).map(\.description) == [
                "cat.csv:3:name: no name; every product needs one"
            ])
        #expect(CatalogCheck.problems(in: contents, newIDs: true).count == 2)
    }

    @Test func newIDsIgnoresTheIDColumnAndAcceptsTheSameNameTwice() {
        let contents = CatalogFixtures.read("id,name\nabc,Mug\n5,Mug\n5,Cup\n,\n", name: "cat.csv")
        #expect(CatalogCheck.problems(in: contents, newIDs: true) == [])
        #expect(CatalogCheck.problems(in: contents, newIDs: false).count == 2, "abc, and 5 twice")
    }

    @Test func fixtureHasNoProblems() {
        let contents = CatalogReader.read(CatalogFixtures.path("catalog.csv"))
        #expect(CatalogCheck.problems(in: contents, newIDs: false) == [])
    }
}
