import Foundation
import OpenMarketAPI
import OpenMarketContract

/// What a command may change in the session, each a method the command awaits from its
/// context (`context.login`, `context.options`): switching servers, logging in and out, the output settings.
/// Logging in and learning the vendor are in `Vendor.swift`.
extension ShellSession {
    /// Talks to `url` from now on. A login belongs to its server: it is dropped, or replaced by
    /// the login this session had on `url` or a profile saved for it; returns what to tell the
    /// seller about that (nil: nothing changed).
    public func connect(to url: URL) -> String? {
        changing {
            let previous = client.baseURL
            // Read while the login is still on its server: how its vendor is known is kept by
            // server and identifier.
            let left = loginBeingLeft()
            client.baseURL = url
            refreshIndex()
            return adoptLogin(for: url, leaving: previous, as: left)
        }
    }

    /// Logs in with a saved profile on the server it was saved for.
    public func use(profile name: String, _ saved: ProfileStore.Profile, on server: URL) {
        changing {
            let previous = client.baseURL
            let left = loginBeingLeft()
            client.baseURL = server
            // A connect back to the server left finds its login, as after `connect`.
            if ServerAddress(server) != ServerAddress(previous) { loginsLeft[ServerAddress(previous)] = left }
            setLogin(profile: name, saved)
        }
    }

    /// The login's profile from now on (`login --save NAME`), or none (its profile was removed).
    public func setProfileName(_ name: String?) {
        profileName = name
    }

    /// `profiles remove NAME`: the login it was in use for keeps going, without a profile.
    public func forgetProfile(_ name: String) {
        if profileName == name { profileName = nil }
    }

    /// `set output FORMAT`: JSON documents for `json` and `jsonl`; the list format for the others.
    public func setOutput(json: Bool, list: ListFormat?) {
        changing {
            outputJSON = json
            listOutput = list
        }
    }

    /// `set photos off|auto|symbols|sixel|kitty`.
    public func setPhotos(_ setting: PhotoSetting) {
        photos = setting
    }

    /// `set lang en|ko`: the commands after this one speak `language`.
    public func setLanguage(_ language: Language) {
        self.language = language
    }
}
