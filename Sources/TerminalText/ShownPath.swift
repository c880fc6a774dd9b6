extension TerminalText {
    /// A file's path as a person reads it on screen: under the home folder it starts with `~`
    /// (`~/.local/share/openmarket/local`), as a shell would let it be typed, so the local market's
    /// banner fits an 80-column projector. Only for the screen: what a program reads keeps the
    /// whole path. Compared on Unicode scalars, so a home folder's name never half-matches.
    public static func shownPath(_ path: String, home: String?) -> String {
        guard var home, !home.isEmpty, home != "/" else { return path }
        while home.unicodeScalars.count > 1, home.unicodeScalars.last == "/" { home.unicodeScalars.removeLast() }
        let scalars = Array(path.unicodeScalars)
        let prefix = Array(home.unicodeScalars)
        guard scalars.count >= prefix.count, Array(scalars[..<prefix.count]) == prefix else { return path }
        let rest = scalars[prefix.count...]
        if rest.isEmpty { return "~" }
        guard rest.first == "/" else { return path }
        var shown = "~"
        shown.unicodeScalars.append(contentsOf: rest)
        return shown
    }
}
