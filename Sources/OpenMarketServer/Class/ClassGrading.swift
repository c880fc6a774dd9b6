import Foundation

/// One student's grade for an assignment: which steps are done, and when each was first done.
public struct StudentGrade: Sendable, Hashable {
    public var student: Student
    /// Step id → the time of the first request that did it; steps not done are absent.
    public var done: [String: Date]

    public func isDone(_ step: AssignmentStep) -> Bool { done[step.id] != nil }
}

/// Grades from what the market saw: the activity records of each student, never a file a
/// student handed in.
public enum ClassGrading {
    /// The steps of `assignment` each vendor has done, by vendor id (what the teacher's board
    /// shows): step id → the first time it was done. Records must be oldest first.
    public static func stepsDone(_ assignment: Assignment, records: [ActivityRecord]) -> [Int: [String: Date]] {
        var done: [Int: [String: Date]] = [:]
        for record in records {
            for step in assignment.steps where done[record.vendorID]?[step.id] == nil && step.isDone(by: record) {
                done[record.vendorID, default: [:]][step.id] = record.time
            }
        }
        return done
    }

    /// Every student's grade, in the class's order.
    public static func grade(_ assignment: Assignment, students: [Student], records: [ActivityRecord]) -> [StudentGrade] {
        let done = stepsDone(assignment, records: records)
        return students.map { StudentGrade(student: $0, done: done[$0.vendorID] ?? [:]) }
    }
}

extension MarketDataDirectory {
    /// Grades the class for `assignment` from the requests made at or after `since`.
    public func grade(_ assignment: Assignment, since: Date? = nil) async throws -> [StudentGrade] {
        let students = try await students()
        let records = try await activity.records(since: since)
        return ClassGrading.grade(assignment, students: students, records: records)
    }
}
