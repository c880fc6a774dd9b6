import Foundation
import OpenMarketContract
import Testing

@Suite("The secret as a type")
struct SecretTests {
    let secret = Secret("hunter2-very-secret")

    @Test func everyPrintedFormIsMasked() {
        var dumped = ""
        dump(secret, to: &dumped)
        let credentials = VendorCredentials(identifier: "0c1b5a9e", secret: secret)
        var dumpedCredentials = ""
        dump(credentials, to: &dumpedCredentials)
        let printed = [
            "\(secret)", String(describing: secret), String(reflecting: secret), dumped, "\(credentials)",
            String(reflecting: credentials), dumpedCredentials, "\([secret])", "\(Optional(secret) as Any)",
        ]
        for text in printed {
            #expect(!text.contains("hunter2"), "\(text)")
        }
        #expect("\(secret)" == Secret.mask)
    }

    @Test func itIsSavedAndReadAsThePlainString() throws {
        let data = try MarketJSON.encoder.encode(["secret": secret])
        #expect(String(decoding: data, as: UTF8.self) == #"{"secret":"hunter2-very-secret"}"#)
        #expect(try MarketJSON.decoder.decode([String: Secret].self, from: data)["secret"] == secret)
        #expect(secret.revealed == "hunter2-very-secret")
    }
}
