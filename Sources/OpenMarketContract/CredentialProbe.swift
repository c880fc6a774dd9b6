/// How a client checks a login without changing anything: the contract's no-op edit (a PATCH
/// whose body holds only `secret`) of a product no market is expected to hold. The bundled
/// market checks credentials before it looks the product up, so it answers 401 for a wrong
/// secret and 404 for a right one. Shared by the client that sends it (`verifyCredentials`) and
/// the market's activity record, which keeps no record of one that verified: it is the shell
/// checking a login, not a request the student made (on the class board it was a 404 error on
/// every student's row, and it met a step asking for a 404).
public enum CredentialProbe {
    public static let productID = 2_147_483_647
}
