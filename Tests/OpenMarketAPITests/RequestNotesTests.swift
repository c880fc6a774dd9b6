import Foundation
import MarketTestSupport
import OpenMarketAPI
import Testing

@Suite("What a caller notes on its requests")
struct RequestNotesTests {
    enum Colour: RequestNoteKey { typealias Value = String }
    enum Flavour: RequestNoteKey { typealias Value = String }

    static let base = URL(string: "http://127.0.0.1:8080")!

    @Test func eachRequestTheClientSendsCarriesTheClientsNotes() async throws {
        let transport = RecordingTransport([.json(200, #""OK""#), .json(200, "{}")])
        var client = MarketClient(baseURL: Self.base, transport: transport)
        client.notes = RequestNotes(label: "health", bookkeeping: "checking first")
        client.notes[Colour.self] = "blue"
        _ = try await client.health()
        _ = try await client.sendRaw(HTTPRequestData(method: .get, url: Self.base.appending(path: "api/products")))
        #expect(transport.requests.count == 2)
        for request in transport.requests {
            #expect(request.notes.label == "health")
            #expect(request.notes.bookkeeping == "checking first")
            #expect(request.notes[Colour.self] == "blue")
            #expect(request.notes.number == nil)
        }
    }

    @Test func anAttachmentIsReadOnlyByItsOwnKey() {
        var notes = RequestNotes()
        notes[Colour.self] = "blue"
        #expect(notes[Colour.self] == "blue")
        #expect(notes[Flavour.self] == nil)
        notes[Colour.self] = nil
        #expect(notes[Colour.self] == nil)
    }

    @Test func notesAreNoPartOfARequestsEquality() {
        let plain = HTTPRequestData(method: .get, url: Self.base)
        var noted = plain
        noted.notes = RequestNotes(label: "list", bookkeeping: "why", number: 3)
        #expect(noted == plain)
        #expect(noted.hashValue == plain.hashValue)
        var other = plain
        other.method = .head
        #expect(other != noted)
    }

    @Test func aFramedRequestIsFramedOnceAndAgainWhenItChanged() {
        var request = HTTPRequestData(
            method: .patch, url: Self.base.appending(path: "api/products/3"), headers: ["Content-Length": "99"],
            body: Data("{}".utf8))
        let framed = request.framed()
        #expect(framed.headers.fields.map(\.name) == ["Host", "Content-Length"])
        #expect(framed.headers["Content-Length"] == "2")
        #expect(framed.notes.framedFor?.bodyLength == 2)
        // Framed again by the transport inside the one that framed it: the same request.
        let again = framed.framed()
        #expect(again.headers.fields == framed.headers.fields)
        // A body changed after framing says its own length.
        var changed = framed
        changed.body = Data("{\"stock\":5}".utf8)
        #expect(changed.framed().headers["Content-Length"] == "11")
        #expect(changed.framed().headers.fields.filter { $0.name == "Content-Length" }.count == 1)
        // Another method after framing is framed again: a GET without a body says no length.
        var emptied = framed
        emptied.body = nil
        emptied.method = .get
        #expect(emptied.framed().headers["Content-Length"] == nil)
        request.body = nil
        request.method = .get
        #expect(request.framed().headers["Content-Length"] == nil)
    }
}
