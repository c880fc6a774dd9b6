import HTTPHabits

extension ActivityRecord {
    /// This record as the HTTP habit rules see it (what the board shows per student:
    /// `HabitLinter().findings(in: records.map(\.habitExchange))`, a vendor's records in order).
    public var habitExchange: HabitExchange {
        .marketRecord(
            sequence: sequence ?? 0, time: time, method: method, route: route, productID: productID, status: status,
            ifMatch: ifMatch, ifNoneMatch: ifNoneMatch, hadBody: hadBody, partsTyped: partsTyped,
            secretMisplaced: secretMisplaced, bodyDigest: bodyDigest)
    }
}
