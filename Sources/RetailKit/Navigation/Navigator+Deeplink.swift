/// Deeplinks that come from outside the page: the system hands the app a `vitrine:` URL
/// (SwiftUI's `onOpenURL`, a UIKit scene's URL contexts).
extension Navigator {
    /// Opens `url` where `Destination.forDeeplink` says, through the same allow-list a
    /// `deeplink` action passes (`VitrineApp.deeplinks`); `false` when the list refuses it (not
    /// the app's scheme, a control character) or the stack is full. A link no screen shows is
    /// opened like any other: the platform then goes back and says so (`NavigatorPresentation`).
    @discardableResult
    public func open(deeplink url: String) -> Bool {
        guard VitrineApp.deeplinks.refusal(for: url) == nil else { return false }
        return open(Destination.forDeeplink(url))
    }
}
