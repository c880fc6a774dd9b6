import Testing

@testable import SellerShell

/// What stops an undo, said once for the products one later change deleted.
@Suite struct ReversalBlockersTests {
    @Test func theProductsOneDeleteTookAreSaidTogetherWhereTheFirstWas() {
        let blockers: [ReversalMessage] = [
            .goneBy(ids: [4], by: 5), .alreadyGone(id: 9), .deletedSince(ids: [3], by: 5, undo: true),
            .goneBy(ids: [3], by: 5), .goneBy(ids: [7], by: 6), .deletedSince(ids: [2], by: 5, undo: true),
        ]
        #expect(
            ReversalMessage.together(blockers) == [
                .goneBy(ids: [3, 4], by: 5), .alreadyGone(id: 9), .deletedSince(ids: [2, 3], by: 5, undo: true),
                .goneBy(ids: [7], by: 6),
            ])
    }

    @Test func manyProductsAreListedWithAnAndBeforeTheLast() {
        #expect(ReversalMessage.products([3]) == "#3")
        #expect(ReversalMessage.products([3, 4]) == "#3 and #4")
        #expect(ReversalMessage.products([3, 4, 5]) == "#3, #4 and #5")
        #expect(
            ReversalMessage.goneBy(ids: [3, 4], by: 5).english == "#3 and #4 are already gone: change 5 deleted them")
    }
}
