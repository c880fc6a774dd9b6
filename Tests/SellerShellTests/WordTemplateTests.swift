import Testing

@testable import SellerShell

/// A script's line split once into words whose pieces are text or references.
@Suite struct WordTemplateTests {
    @Test func referencesAreHolesInTheirWords() throws {
        let words = try WordSplitter.words(#"patch $mug name="${mug.name} v2" note='$kept' \$5 $5 ${ padded }"#)
        #expect(
            words.map(\.pieces) == [
                [.text("patch")], [.reference("mug")], [.text("name="), .reference("mug.name"), .text(" v2")],
                [.text("note=$kept")], [.text("$5")], [.text("$5")], [.reference("padded")],
            ])
        #expect(words.map(\.wasQuoted) == [false, false, true, true, true, false, false])
        #expect(words[1].literal == nil && words[0].literal == Word("patch"))
        #expect(words[2].references == ["mug.name"])
    }

    @Test func aReferenceNotClosedOrEmptyIsRefused() throws {
        #expect(throws: WordSplitError.unclosedReference) { try WordSplitter.words("show ${mug") }
        #expect(throws: WordSplitError.emptyReference) { try WordSplitter.words("show ${ }") }
        // Without references `$` is text, as the shell without its scripting layer reads it.
        #expect(try WordSplitter.split("show ${mug").map(\.text) == ["show", "${mug"])
    }
}
