import Foundation
import GRDB
import OpenMarketContract

/// A vendor row. The secret itself is never stored: only a salted PBKDF2 hash of it.
struct StoredVendor: Sendable, Hashable {
    var id: Int
    var name: String
    var identifier: String
    var secretHash: Data
    var secretSalt: Data
    var secretRounds: Int
}

struct StoredImage: Sendable, Hashable {
    var id: Int
    /// Relative to the image folder, e.g. `15/20221018/9f2c…_origin.jpg`; made by the server only.
    var path: String
    var thumbnailPath: String
    var createdAt: String
}

/// A product row with what the API shows alongside it (its vendor's name, its images).
struct StoredProduct: Sendable, Hashable {
    var id: Int
    var vendorID: Int
    var vendorName: String
    var fields: ProductFields
    var productSecret: String
    /// Goes up by one on every edit; the ETag is made from it.
    var revision: Int
    var createdAt: String
    var issuedAt: String
    var images: [StoredImage]

    var etag: String { "\"\(id)-\(revision)\"" }
}

/// An image already written to disk, waiting for its row.
struct NewImage: Sendable {
    var path: String
    var thumbnailPath: String
}

/// The market's SQLite database: vendors, products and images, in WAL mode so that lists and
/// details read while a create or edit writes.
final class MarketStore: Sendable {
    let pool: DatabasePool

    init(path: String) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // SQLite's lower() and LIKE fold ASCII only; search must be case-insensitive for
            // `Élan` and `ÉLAN` too, so folding is done by Swift.
            db.add(
                function: DatabaseFunction("om_fold", argumentCount: 1, pure: true) { values in
                    String.fromDatabaseValue(values[0])?.lowercased()
                })
        }
        configuration.busyMode = .timeout(10)
        pool = try DatabasePool(path: path, configuration: configuration)
        try Self.migrator.migrate(pool)
    }

    /// Every schema change is a new migration, so a data directory made by an older server keeps
    /// its products when a newer one opens it.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: vendors, products, images") { db in
            try db.create(table: "vendors") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("identifier", .text).notNull().unique()
                t.column("secret_hash", .blob).notNull()
                t.column("secret_salt", .blob).notNull()
                t.column("secret_rounds", .integer).notNull()
                t.column("created_at", .text).notNull()
            }
            // AUTOINCREMENT (autoIncrementedPrimaryKey) is what guarantees a deleted id is never
            // handed out again; a plain INTEGER PRIMARY KEY may reuse the highest one.
            try db.create(table: "products") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("vendor_id", .integer).notNull().indexed().references("vendors")
                t.column("name", .text).notNull()
                t.column("description", .text).notNull()
                t.column("currency", .text).notNull()
                // Decimal text, so 19.99 stays 19.99 (a REAL column would store a binary float).
                t.column("price", .text).notNull()
                t.column("discounted_price", .text).notNull()
                t.column("stock", .integer).notNull()
                t.column("thumbnail_image_id", .integer)
                t.column("product_secret", .text).notNull()
                t.column("revision", .integer).notNull().defaults(to: 1)
                t.column("created_at", .text).notNull()
                t.column("issued_at", .text).notNull()
            }
            try db.create(table: "images") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("product_id", .integer).notNull().indexed().references("products", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("path", .text).notNull()
                t.column("thumbnail_path", .text).notNull()
                t.column("created_at", .text).notNull()
            }
        }
        // A keyed fingerprint of the secret that last verified for each vendor, so a restart
        // does not make the owner wait behind an attacker's throttle (see `RememberedSecrets`).
        migrator.registerMigration("v2: remembered secrets") { db in
            try db.create(table: "remembered_secrets") { t in
                t.primaryKey("vendor_id", .integer).references("vendors", onDelete: .cascade)
                t.column("fingerprint", .blob).notNull()
            }
        }
        ClassTables.register(in: &migrator)
        return migrator
    }

    // MARK: Remembered secrets

    func rememberedSecrets() throws -> [Int: Data] {
        try readNow { db in
            var fingerprints: [Int: Data] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT vendor_id, fingerprint FROM remembered_secrets") {
                fingerprints[row["vendor_id"]] = row["fingerprint"]
            }
            return fingerprints
        }
    }

    func remember(fingerprint: Data, vendorID: Int) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO remembered_secrets (vendor_id, fingerprint) VALUES (?, ?)",
                arguments: [vendorID, fingerprint])
        }
    }

    // MARK: Image files

    /// Every image file a row names (originals and thumbnails), relative to the image folder.
    func imagePaths() throws -> Set<String> {
        try readNow { db in
            var paths = Set<String>()
            for row in try Row.fetchAll(db, sql: "SELECT path, thumbnail_path FROM images") {
                paths.insert(row["path"])
                paths.insert(row["thumbnail_path"])
            }
            return paths
        }
    }

    // MARK: Vendors

    /// Adds a vendor, refusing a name another vendor already has (`VendorNameTaken`): "mine" and
    /// the vendor list would be ambiguous otherwise. Checked in the same write transaction, so two
    /// concurrent adds of one name cannot both pass.
    func addVendor(name: String, identifier: String, hash: SecretHash, at now: String) async throws -> StoredVendor {
        try await pool.write { db in
            if let taken = try Int.fetchOne(db, sql: "SELECT id FROM vendors WHERE name = ?", arguments: [name]) {
                throw VendorNameTaken(name: name, id: taken)
            }
            try db.execute(
                sql: """
                    INSERT INTO vendors (name, identifier, secret_hash, secret_salt, secret_rounds, created_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [name, identifier, hash.hash, hash.salt, hash.rounds, now])
            return StoredVendor(
                id: Int(db.lastInsertedRowID), name: name, identifier: identifier, secretHash: hash.hash,
                secretSalt: hash.salt, secretRounds: hash.rounds)
        }
    }

    func vendor(identifier: String) throws -> StoredVendor? {
        try readNow { db in
            try Row.fetchOne(db, sql: "SELECT * FROM vendors WHERE identifier = ?", arguments: [identifier])
                .map(Self.vendor(from:))
        }
    }

    func vendors() async throws -> [StoredVendor] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM vendors ORDER BY id").map(Self.vendor(from:))
        }
    }

    private static func vendor(from row: Row) -> StoredVendor {
        StoredVendor(
            id: row["id"], name: row["name"], identifier: row["identifier"], secretHash: row["secret_hash"],
            secretSalt: row["secret_salt"], secretRounds: row["secret_rounds"])
    }

    // MARK: Products

    /// One page, newest first, and the number of products that match.
    ///
    /// One statement: the thumbnail comes by a join and the total by a scalar subquery, because
    /// this is the request a market serves most and each extra statement was a measurable share
    /// of its time. Only a page past the end, which has no row to carry the total, counts again.
    /// Not a window function (`COUNT(*) OVER ()`): that made SQLite read, join and sort every
    /// matching product, all columns, to return twenty, about seven times the work for a market
    /// of a hundred products and growing with it; the subquery is run once and counts an index.
    func listProducts(page: Int, perPage: Int, search: String?) throws -> (total: Int, products: [StoredProduct]) {
        try readNow { db in
            var filter = ""
            var arguments: StatementArguments = []
            if let search, !search.isEmpty {
                filter = "WHERE instr(om_fold(p.name), ?) > 0 OR instr(om_fold(p.description), ?) > 0"
                let folded = search.lowercased()
                arguments = [folded, folded]
            }
            // A cursor, not fetchAll: each product is decoded from SQLite's row as it is stepped,
            // instead of copying every row into GRDB values first and decoding the copies.
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.productColumns), t.id, t.path, t.thumbnail_path, t.created_at,
                            (SELECT COUNT(*) FROM products p \(filter))
                        FROM products p JOIN vendors v ON v.id = p.vendor_id
                        LEFT JOIN images t ON t.id = p.thumbnail_image_id
                        \(filter) ORDER BY p.id DESC LIMIT ? OFFSET ?
                        """),
                arguments: arguments + arguments + [perPage, (page - 1) * perPage])
            var products: [StoredProduct] = []
            products.reserveCapacity(perPage)
            var counted: Int?
            while let row = try rows.next() {
                var product = Self.product(from: row, images: [])
                if let imageID = row[14] as Int? {
                    product.images = [StoredImage(id: imageID, path: row[15], thumbnailPath: row[16], createdAt: row[17])]
                }
                if counted == nil { counted = row[18] }
                products.append(product)
            }
            let total: Int
            if let counted {
                total = counted
            } else {
                total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM products p \(filter)", arguments: arguments) ?? 0
            }
            return (total, products)
        }
    }

    func product(id: Int) throws -> StoredProduct? {
        try readNow { db in try Self.product(db, id: id) }
    }

    /// Reads on the calling thread. GRDB's async read hops to a reader's dispatch queue and back,
    /// and those two thread switches cost more than the few rows a request reads: measured, they
    /// were the largest share of a list request after JSON encoding. A read here takes well under
    /// a millisecond, short enough to run on a concurrency thread.
    private func readNow<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.read(body)
    }

    /// How many products `vendorID` has.
    func productCount(vendorID: Int) async throws -> Int {
        try await pool.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM products WHERE vendor_id = ?", arguments: [vendorID]) ?? 0
        }
    }

    /// Inserts a product and its images in one transaction; the first image is the thumbnail.
    func insertProduct(
        vendorID: Int, fields: ProductFields, images: [NewImage], productSecret: String, now: String
    ) async throws -> StoredProduct {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO products (vendor_id, name, description, currency, price, discounted_price, stock,
                                          product_secret, revision, created_at, issued_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
                    """,
                arguments: [
                    vendorID, fields.name, fields.description, fields.currency, fields.price.description,
                    fields.discountedPrice.description, fields.stock, productSecret, now, now,
                ])
            let productID = Int(db.lastInsertedRowID)
            var firstImageID: Int?
            for (position, image) in images.enumerated() {
                try db.execute(
                    sql: "INSERT INTO images (product_id, position, path, thumbnail_path, created_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: [productID, position, image.path, image.thumbnailPath, now])
                if firstImageID == nil { firstImageID = Int(db.lastInsertedRowID) }
            }
            try db.execute(
                sql: "UPDATE products SET thumbnail_image_id = ? WHERE id = ?", arguments: [firstImageID, productID])
            guard let product = try Self.product(db, id: productID) else { throw DatabaseError(message: "insert lost") }
            return product
        }
    }

    /// Runs `change` on the current row inside one write transaction, so a check it makes (the
    /// ETag, the merged rules) holds for the row it updates: two concurrent conditional edits
    /// cannot both pass. Answers nil when the product does not exist.
    func updateProduct(
        id: Int, now: String, _ change: @escaping @Sendable (StoredProduct) throws -> ProductFields
    ) async throws -> StoredProduct? {
        try await pool.write { db in
            guard let current = try Self.product(db, id: id) else { return nil }
            let fields = try change(current)
            // Nothing changes (a secret-only PATCH, or every field as it is): the revision, the
            // issue date and so the ETag stay, so checking credentials this way touches nothing.
            if fields == current.fields { return current }
            try db.execute(
                sql: """
                    UPDATE products SET name = ?, description = ?, currency = ?, price = ?, discounted_price = ?,
                        stock = ?, thumbnail_image_id = ?, revision = revision + 1, issued_at = ?
                    WHERE id = ?
                    """,
                arguments: [
                    fields.name, fields.description, fields.currency, fields.price.description,
                    fields.discountedPrice.description, fields.stock, fields.thumbnailImageID, now, id,
                ])
            return try Self.product(db, id: id)
        }
    }

    /// Deletes the product and its image rows; answers what was deleted (for the response and
    /// for removing the files).
    func deleteProduct(id: Int, _ check: @escaping @Sendable (StoredProduct) throws -> Void) async throws -> StoredProduct? {
        try await pool.write { db in
            guard let current = try Self.product(db, id: id) else { return nil }
            try check(current)
            try db.execute(sql: "DELETE FROM products WHERE id = ?", arguments: [id])
            return current
        }
    }

    /// Deletes every product and its image rows, keeping the vendors; answers the image paths
    /// (for removing the files) and how many products there were.
    func deleteAllProducts() async throws -> (count: Int, imagePaths: [String]) {
        try await pool.write { db in
            let paths = try Row.fetchAll(db, sql: "SELECT path, thumbnail_path FROM images").flatMap {
                [$0["path"] as String, $0["thumbnail_path"] as String]
            }
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM products") ?? 0
            try db.execute(sql: "DELETE FROM images")
            try db.execute(sql: "DELETE FROM products")
            return (count, paths)
        }
    }

    // MARK: Rows

    private static func product(_ db: Database, id: Int) throws -> StoredProduct? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT \(productColumns) FROM products p JOIN vendors v ON v.id = p.vendor_id WHERE p.id = ?"),
                arguments: [id])
        else { return nil }
        let images = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM images WHERE product_id = ? ORDER BY position"), arguments: [id]
        ).map(image(from:))
        return product(from: row, images: images)
    }

    private static func image(from row: Row) -> StoredImage {
        StoredImage(id: row["id"], path: row["path"], thumbnailPath: row["thumbnail_path"], createdAt: row["created_at"])
    }

    /// The product columns in the order `product(from:images:)` reads them: by position, since
    /// looking columns up by name lower-cases each name on every row.
    private static let productColumns = """
        p.id, p.vendor_id, v.name, p.name, p.description, p.currency, p.price, p.discounted_price, p.stock,
        p.thumbnail_image_id, p.product_secret, p.revision, p.created_at, p.issued_at
        """

    private static func product(from row: Row, images: [StoredImage]) -> StoredProduct {
        var fields = ProductFields(
            name: row[3], description: row[4], currency: row[5], price: DecimalText.shared.decimal(row[6]) ?? 0,
            discountedPrice: DecimalText.shared.decimal(row[7]) ?? 0, stock: row[8])
        fields.thumbnailImageID = row[9]
        return StoredProduct(
            id: row[0], vendorID: row[1], vendorName: row[2], fields: fields, productSecret: row[10],
            revision: row[11], createdAt: row[12], issuedAt: row[13], images: images)
    }
}

/// The editable fields of a product, as they will be stored.
struct ProductFields: Sendable, Hashable {
    var name: String
    var description: String
    var currency: String
    var price: Decimal
    var discountedPrice: Decimal
    var stock: Int
    var thumbnailImageID: Int?

    init(name: String, description: String, currency: String, price: Decimal, discountedPrice: Decimal, stock: Int) {
        self.name = name
        self.description = description
        self.currency = currency
        self.price = price
        self.discountedPrice = discountedPrice
        self.stock = stock
    }

    var violations: [RuleViolation] {
        ProductRules.violations(
            name: name, description: description, price: price, currency: Currency(rawValue: currency),
            discountedPrice: discountedPrice, stock: stock)
    }
}
