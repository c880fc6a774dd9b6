import Foundation
import GRDB

/// The tables a class adds to a market's database: what each vendor's requests were
/// (`class_activity`) and which vendors are students, with their names and numbers
/// (`class_students`). Registered after the market's own migrations, so an older data directory
/// gains them when a newer server opens it (`ifNotExists`: a folder made while this migration
/// had its first name already has them).
enum ClassTables {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3-class-activity-and-roster") { db in
            try db.create(table: "class_activity", options: .ifNotExists) { t in
                t.autoIncrementedPrimaryKey("seq")
                t.column("time", .double).notNull()
                t.column("vendor_id", .integer).notNull()
                t.column("authenticated", .boolean).notNull()
                t.column("method", .text).notNull()
                t.column("route", .text).notNull()
                t.column("product_id", .integer)
                t.column("own_product", .boolean)
                t.column("status", .integer).notNull()
                t.column("error_code", .text)
                t.column("if_match", .boolean).notNull()
                t.column("if_none_match", .boolean).notNull()
                t.column("photo_count", .integer)
                t.column("parts_typed", .boolean)
                t.column("had_body", .boolean).notNull()
                t.column("secret_misplaced", .boolean).notNull()
                t.column("body_digest", .text)
            }
            try db.create(
                index: "class_activity_by_vendor", on: "class_activity", columns: ["vendor_id", "time"], options: .ifNotExists)
            try db.create(table: "class_students", options: .ifNotExists) { t in
                t.primaryKey("vendor_id", .integer).references("vendors", onDelete: .cascade)
                t.column("name", .text).notNull()
                t.column("student_number", .text).notNull().unique()
                t.column("added_at", .text).notNull()
            }
        }
    }

    static func insert(_ record: ActivityRecord, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO class_activity (time, vendor_id, authenticated, method, route, product_id, own_product,
                    status, error_code, if_match, if_none_match, photo_count, parts_typed, had_body, secret_misplaced,
                    body_digest)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                record.time.timeIntervalSince1970, record.vendorID, record.authenticated, record.method, record.route,
                record.productID, record.ownProduct, record.status, record.errorCode, record.ifMatch,
                record.ifNoneMatch, record.photoCount, record.partsTyped, record.hadBody, record.secretMisplaced,
                record.bodyDigest,
            ])
    }

    static func record(from row: Row) -> ActivityRecord {
        ActivityRecord(
            sequence: row["seq"], time: Date(timeIntervalSince1970: row["time"]), vendorID: row["vendor_id"],
            authenticated: row["authenticated"], method: row["method"], route: row["route"],
            productID: row["product_id"], ownProduct: row["own_product"], status: row["status"],
            errorCode: row["error_code"], ifMatch: row["if_match"], ifNoneMatch: row["if_none_match"],
            photoCount: row["photo_count"], partsTyped: row["parts_typed"], hadBody: row["had_body"],
            secretMisplaced: row["secret_misplaced"], bodyDigest: row["body_digest"])
    }
}
