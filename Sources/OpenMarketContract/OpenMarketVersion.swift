/// The version of the openmarket programs (`openmarket --version`, `openmarket-server --version`):
/// one number for the shell and the bundled server, which ship together.
public enum OpenMarketVersion {
    public static let current = "0.1.0"
}
