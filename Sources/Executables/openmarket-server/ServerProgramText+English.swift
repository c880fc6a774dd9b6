/// The English catalogue of ``ServerProgramHelp``.
extension ServerProgramHelp {
    var english: String {
        switch self {
        case .rootAbstract: "The bundled Open Market server: the Open Market API 2.0 on SQLite, for offline work and classes."
        case .rootDiscussion: "Exit status: 0 success, 1 failure, 2 usage error."
        case .dataOption: "The data directory (default: $XDG_DATA_HOME/openmarket/server)."
        case .serveAbstract: "Serve the market (the default)."
        case .host: "The address to listen on; 0.0.0.0 for a classroom (default: 127.0.0.1)."
        case .port: "The port to listen on, 1-65535 (default: 8080)."
        case .imagesPublicURL: "The base of image URLs in responses, e.g. http://10.0.0.5:8080."
        case .noListCache: "Encode every list page afresh instead of keeping it until the next write (for measuring)."
        case .vendorAbstract: "Add and list vendors."
        case .vendorAddAbstract: "Add a vendor and print its credentials once (makes the market if the folder holds none)."
        case .vendorName: "The vendor's display name, unique in the market."
        case .vendorListAbstract: "List vendors (never their secrets)."
        case .classAbstract: "Run a class: a roster in, a handout, the board, homework graded."
        case .classAddAbstract:
            "Make a vendor for each student of a roster (CSV: name, student number) not enrolled yet, and write their "
                + "handout (makes the market if the folder holds none)."
        case .roster: "The roster: CSV with a name and a student number on each line (UTF-8 or Excel's Korean CSV)."
        case .classAddPublicURL:
            "The market's address as the class reaches it, e.g. http://10.0.0.5:8080 (default: http://127.0.0.1:8080)."
        case .classPublicURL: "The market's address as the class reaches it, e.g. http://10.0.0.5:8080."
        case .handout: "Where to write the handout (default: handouts/ in the data directory; never over a file)."
        case .classListAbstract: "List the class (never the secrets)."
        case .resetSecretAbstract: "Give one student a new secret and print it (the old one stops working)."
        case .student: "The student's number, or name when no other student has it."
        case .boardAbstract: "Print the address of the teacher's class board, with its token (keep it from the class)."
        case .boardPort: "The market's port, as given to serve (default: 8080)."
        case .boardAssignment: "The assignment whose steps the board shows (see docs/teaching.md, \"Assignments\")."
        case .gradeAbstract: "Grade the class for an assignment from the requests the market received."
        case .gradeAssignment: "The assignment file (see docs/teaching.md, \"Assignments\")."
        case .since: "Count only requests from this time on (2026-03-02, 2026-03-02T09:00, or with an offset)."
        case .reportCSV: "Write the gradebook as CSV here."
        case .reportJUnit: "Write the gradebook as JUnit XML here."
        case .localAbstract: "The shell's local market (started by openmarket)."
        case .openapiAbstract: "Print the OpenAPI 3.1 document of the market's API (what it serves at /openapi.json)."
        case .resetAbstract: "Remove every product and its images, keeping the vendors (asks first in a terminal)."
        case .yes: "Do not ask; needed when standard input is not a terminal."
        }
    }
}

/// The English catalogue of ``ServerProgramMessage``.
extension ServerProgramMessage {
    var english: String {
        switch self {
        case .portRange(let port): "--port must be from 1 to 65535 (got \(port))"
        case .publicURLNotHTTP: "--public-url must be an http(s) URL such as http://10.0.0.5:8080"
        case .nameEmpty: "the name must not be empty"
        case .localNeedsSocket: "local is started by openmarket, with the socket it names open"
        case .resetNeedsYes: "reset asks before removing anything; add --yes to reset without a terminal"
        case .resetQuestion(let path): "remove every product and image in \(path)? The vendors stay."
        case .nothingRemoved: "nothing removed"
        case .removed(let count, let path):
            "removed \(count) product\(count == 1 ? "" : "s") from \(path); the vendors stay"
        case .vendorAdded(let id, let name): "added vendor \(id) '\(name)' (the secret is shown only now):"
        case .idColumn: "id"
        case .nameColumn: "name"
        case .identifierColumn: "identifier"
        case .serving(let url, let data): "openmarket-server: serving \(url) (data: \(data))"
        case .storefront(let url): "storefront, as buyers see it: \(url)/"
        case .demoVendorCreated:
            "created the demo vendor 'demo-shop' (shown once; also saved in demo-vendor.json, mode 0600):"
        }
    }
}
