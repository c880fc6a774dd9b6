import Foundation
import OpenMarketContract

extension MarketClient {
    /// Every product, walking the pages in order, one request at a time. Rows are
    /// de-duplicated by id.
    ///
    /// Stops with `MarketError.unexpectedResponse` at `pageWalkLimits` (pages, rows, bytes),
    /// and when a page brings no row not seen before while the server still says `hasNext`:
    /// a server that always claims more cannot make the client walk, or grow, for ever.
    public func allProducts(perPage: Int = 100, search: String? = nil) async throws(MarketError) -> ProductWalk {
        try await allProducts(perPage: perPage, search: search, concurrency: 1)
    }

    /// Every product, with up to `concurrency` pages in flight: page 1 first, which tells how
    /// many pages there are, then the others. The answer is the same as the sequential walk's
    /// (products in page order, de-duplicated by id; the same limits and stops); only the time
    /// differs. With `concurrency` 1 it is the sequential walk.
    ///
    /// Pages that arrive early wait, at most `concurrency` of them, until the pages before them
    /// are in; when the walk stops (the last page, an error, a limit) the requests still in
    /// flight are cancelled.
    /// - Parameter progress: called after each page is taken, in order, with the pages taken
    ///   and the pages the walk expects (which can grow when products are added meanwhile).
    public func allProducts(
        perPage: Int = 100, search: String? = nil, concurrency: Int,
        progress: (@Sendable (_ pagesDone: Int, _ pagesTotal: Int) -> Void)? = nil
    ) async throws(MarketError) -> ProductWalk {
        guard concurrency >= 1 else {
            throw .invalidInput([RuleViolation("concurrency", .notOneOrMore(concurrency))])
        }
        var walk = PageWalk(limits: pageWalkLimits, search: search)
        let first = try await fetchPage(1, perPage: perPage, search: search).get()
        let more = try walk.take(first)
        progress?(1, more ? walk.lastWanted : 1)
        guard more else { return walk.walk }
        return try await walkRest(walk, perPage: perPage, concurrency: concurrency, progress: progress).get()
    }

    private typealias PageResult = Result<MarketResponse<ProductPage>, MarketError>

    /// The pages after the first, `concurrency` at a time, taken in order.
    private func walkRest(
        _ start: PageWalk, perPage: Int, concurrency: Int, progress: (@Sendable (Int, Int) -> Void)?
    ) async -> Result<ProductWalk, MarketError> {
        let search = start.search
        return await withTaskGroup(of: (page: Int, result: PageResult).self) { group in
            var walk = start
            var next = walk.nextPage
            var arrived: [Int: PageResult] = [:]
            while true {
                // A window of `concurrency` pages from the one to take next bounds both the
                // requests in flight and the pages held while an earlier one is still coming.
                while next <= walk.lastWanted, next < walk.nextPage + concurrency {
                    let page = next
                    // On the cooperative pool, never on a task's preferred thread (`taskExecutor`):
                    // the pages are decoded side by side.
                    group.addTask(executorPreference: globalConcurrentExecutor) {
                        (page, await fetchPage(page, perPage: perPage, search: search))
                    }
                    next += 1
                }
                // Unreachable while the walk goes on: the page to take next is always in flight.
                guard let (page, result) = await group.next() else { return .success(walk.walk) }
                arrived[page] = result
                while let result = arrived.removeValue(forKey: walk.nextPage) {
                    do throws(MarketError) {
                        let more = try walk.take(result.get())
                        progress?(walk.walk.pages.count, more ? walk.lastWanted : walk.walk.pages.count)
                        if !more {
                            group.cancelAll()
                            return .success(walk.walk)
                        }
                    } catch {
                        group.cancelAll()
                        return .failure(error)
                    }
                }
            }
        }
    }

    private func fetchPage(_ page: Int, perPage: Int, search: String?) async -> PageResult {
        do {
            return .success(try await send(Endpoints.listProducts(page: page, perPage: perPage, search: search)))
        } catch {
            return .failure(error)
        }
    }
}
