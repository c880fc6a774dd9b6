import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenMarketContract

/// The HTTP semantics the contract decides beyond its endpoint table (§8), for every path in
/// `MethodTable`: a method the path does not take answers `405` with `Allow` (not a 404), and
/// `OPTIONS` answers `204` with `Allow`. A path no route has is left to the router's 404.
/// (Hummingbird runs router middleware after the route lookup, so these requests reach here on
/// the not-found path; HEAD has routes of its own, see `MarketRoutes.getAndHead`.) `OPTIONS *`
/// asks about the server as a whole (RFC 9110 §9.3.7): `200`, no content, and an `Allow` of
/// every method some path takes.
struct MethodSemanticsMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        if request.method == .options, request.head.path == "*" {
            return Response(
                status: .ok, headers: [.allow: MethodTable.allowHeader(MethodTable.serverWide), .contentLength: "0"])
        }
        guard let allowed = MethodTable.allowed(forPath: request.uri.path) else { return try await next(request, context) }
        let allow = MethodTable.allowHeader(allowed)
        switch request.method {
        case .options:
            return Response(status: .noContent, headers: [.allow: allow])
        case let method where !allowed.contains(method):
            var response = ErrorAndLogMiddleware<Context>.errorResponse(
                .methodNotAllowed, .methodNotAllowed(method: method.rawValue, path: request.uri.path, allow: allow),
                in: Language.answering(request.headers[.acceptLanguage]))
            response.headers[.allow] = allow
            return response
        default:
            return try await next(request, context)
        }
    }

}
