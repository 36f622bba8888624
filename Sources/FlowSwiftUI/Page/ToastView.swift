import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// The runtime's current toast (`ToastQueue`, which times it out), at the bottom of the
/// page; it slides in, or fades in under Reduce Motion, and VoiceOver announces it.
struct ToastView: View {
    let queue: ToastQueue
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        let motion = MotionPolicy(reducesMotion: reduceMotion)
        return VStack(alignment: .center, spacing: 0) {
            if let toast = queue.current {
                Text(verbatim: AccessibilityText.clean(toast.message) ?? "")
                    .padding(EdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16))
                    .background(Color.secondary)
                    .clipShape(Capsule(style: .continuous))
                    .transition(motion.slidesTransitions ? .move(edge: .bottom) : .opacity)
                    .onTapGesture(count: 1, perform: queue.dismissCurrent)
            }
        }
        .padding(EdgeInsets(top: 0, leading: 16, bottom: 24, trailing: 16))
        .animation(.easeInOut(duration: motion.transitionDuration), value: queue.current?.id)
        .onChange(of: queue.current?.id, initial: false) { _, _ in
            if let message = queue.current.flatMap({ AccessibilityText.clean($0.message) }) {
                AccessibilityNotification.Announcement(message).post()
            }
        }
    }
}
