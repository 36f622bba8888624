#if canImport(UIKit)
import Foundation
import SwiftUI
import UIKit
#elseif !canImport(SwiftUI)
import SwiftUIDeclarations
import UIKitDeclarations
#endif
import FlowRuntime
import Foundation

#if canImport(UIKit) || !canImport(SwiftUI)
/// A UIKit view controller showing a server-driven page: the same `FlowPageView` inside a
/// `UIHostingController`, for apps whose navigation is UIKit's. Present it or push it like
/// any view controller; `services` carries what the SwiftUI environment would (images,
/// impressions, the accessibility catalogue, the nav bar's accessory).
///
/// Built where UIKit exists (iOS, iPadOS, Mac Catalyst, visionOS); type-checked on Linux
/// against the declarations of Apple's API.
public final class FlowHostingController: UIHostingController<FlowPageView> {
    /// A controller of `store`'s page, drawn with the store's registry
    /// (`FlowPageView(store:dispatcher:)`), its actions run by a dispatcher of its own
    /// (`ActionDispatcher.standalone(for:)`: sheets, toasts, navigation; no server actions).
    public convenience init(store: PageStore, services: FlowServices = FlowServices()) {
        self.init(store: store, dispatcher: .standalone(for: store), registry: FlowPageView.registry(of: store), services: services)
    }

    public init(store: PageStore, dispatcher: ActionDispatcher, registry: WidgetRegistry<AnyView>, services: FlowServices = FlowServices()) {
        super.init(rootView: FlowPageView(store: store, dispatcher: dispatcher, registry: registry, services: services))
    }

    /// Pages are built in code from a store: there is nothing to decode from an archive.
    @available(*, unavailable, message: "FlowHostingController is made in code, with init(store:dispatcher:registry:)")
    public required init?(coder aDecoder: NSCoder) {
        return nil
    }
}
#endif
