import Foundation
import OpenMarketContract

/// What `MarketClient.allProducts` answers: the products, de-duplicated by id, and every page as
/// it was received.
public struct ProductWalk: Sendable {
    public var products: [Product]
    /// The pages in the order they were read, each with its raw response.
    public var pages: [MarketResponse<ProductPage>]

    public init(products: [Product], pages: [MarketResponse<ProductPage>]) {
        self.products = products
        self.pages = pages
    }
}

/// Where `MarketClient.allProducts` stops walking pages. A catalog larger than this is read a
/// page at a time (`products(page:)`).
public struct PageWalkLimits: Sendable, Hashable {
    public var pages: Int
    public var products: Int
    /// The total size of the pages read.
    public var bytes: Int

    public init(pages: Int = 1_000, products: Int = 100_000, bytes: Int = 256 * 1024 * 1024) {
        self.pages = pages
        self.products = products
        self.bytes = bytes
    }
}

/// The bookkeeping of one walk over the pages, fed the pages in order whatever order they
/// arrived in: the one place that decides when a walk ends and when it must stop short, for the
/// sequential walk and the concurrent one alike.
struct PageWalk {
    let limits: PageWalkLimits
    let search: String?
    private(set) var walk = ProductWalk(products: [], pages: [])
    private var seen = Set<Int>()
    private var bytes = 0
    /// The last page worth requesting as far as is known: the server's `lastPage`, at least one
    /// past a page that says `hasNext` (products shift while others create), never past the
    /// page limit.
    private(set) var lastWanted = 1

    init(limits: PageWalkLimits, search: String?) {
        self.limits = limits
        self.search = search
    }

    /// The page to take next.
    var nextPage: Int { walk.pages.count + 1 }

    /// Takes page `nextPage`. Rows are de-duplicated by id: one capture of the public server
    /// returned every row up to `limit` on later pages, and rows move to later pages while
    /// others create.
    /// - Returns: false when that was the last page.
    mutating func take(_ response: MarketResponse<ProductPage>) throws(MarketError) -> Bool {
        let page = nextPage
        walk.pages.append(response)
        bytes += response.body.count
        let fresh = response.value.products.filter { seen.insert($0.id).inserted }
        walk.products += fresh
        guard response.value.hasNext, !response.value.products.isEmpty else { return false }
        try check(page: page, fresh: fresh.count)
        lastWanted = min(limits.pages, max(lastWanted, response.value.lastPage, page + 1))
        return true
    }

    /// Why a walk stops before the server says the last page: a page with nothing new, or the
    /// limits reached.
    private func check(page: Int, fresh: Int) throws(MarketError) {
        let total = walk.products.count
        if fresh == 0 {
            throw .unexpectedResponse(ClientMessage.pageRepeated(page: page, products: total, searched: search != nil).text)
        }
        if page >= limits.pages || total >= limits.products || bytes >= limits.bytes {
            throw .unexpectedResponse(
                ClientMessage.walkLimit(pages: page, products: total, bytes: bytes, searched: search != nil).text)
        }
    }
}
