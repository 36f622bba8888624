import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import Accessibility
import SwiftUI
#else
import AccessibilityDeclarations
import SwiftUIDeclarations
#endif

/// The runtime's current toast (`ToastQueue`, which times it out), at the bottom of the
/// page in the theme's colours reversed (as the terminal draws it); it slides in, or fades in
/// under Reduce Motion, VoiceOver announces it, and a tap dismisses it. While it shows, it
/// covers the page's widgets beneath it for impressions.
struct ToastView: View {
    let queue: ToastQueue
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.flowPlacements) private var placements
    @Environment(\.flowTheme) private var theme
    @Environment(\.colorScheme) private var systemScheme

    var body: some View {
        let motion = MotionPolicy(reducesMotion: reduceMotion)
        return VStack(alignment: .center, spacing: 0) {
            if let toast = queue.current {
                Text(verbatim: AccessibilityText.clean(toast.message) ?? "")
                    .flowFont(size: 15, weight: .semibold)
                    .foregroundStyle(theme.color("background", for: systemScheme))
                    .padding(EdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16))
                    .background(theme.color("text.primary", for: systemScheme))
                    .clipShape(Capsule(style: .continuous))
                    .onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { placements?.setCovers([LayoutRect($0)], from: .toast) }
                    .onDisappear { placements?.setCovers([], from: .toast) }
                    .transition(motion.slidesTransitions ? .move(edge: .bottom) : .opacity)
                    .onTapGesture(count: 1, perform: queue.dismissCurrent)
            }
        }
        .padding(EdgeInsets(top: 0, leading: 16, bottom: 24, trailing: 16))
        .animation(.easeInOut(duration: motion.transitionDuration), value: queue.current?.id)
        .onChange(of: queue.current?.id, initial: false) { _, _ in
            if let message = queue.current.flatMap({ AccessibilityText.clean($0.message) }) {
                AccessibilityNotification.Announcement(NSAttributedString(string: message)).post()
            }
        }
    }
}
