import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// What fills the screen when there is no page to show, as `PageStatus` says it: loading (a
/// spinner, its words for VoiceOver), nothing to show, a failed first load with its retry
/// (which says so, and waits, while a retry is under way), or a page that is gone, with none.
struct StatusView: View {
    let status: PageStatus
    let retry: @MainActor () -> Void

    var body: some View {
        VStack(alignment: .center, spacing: 16) {
            if status.kind == .loading {
                ProgressView().accessibilityLabel(Text(verbatim: status.detail ?? ""))
            } else {
                if let title = status.title {
                    Text(verbatim: title).flowFont(size: 17, weight: .semibold).multilineTextAlignment(.center).accessibilityAddTraits(.isHeader)
                }
                if let detail = status.detail, !detail.isEmpty {
                    Text(verbatim: AccessibilityText.clean(detail) ?? "").multilineTextAlignment(.center)
                }
            }
            if let label = status.retry {
                Button(action: retry) { Text(verbatim: label) }.disabled(status.isRetrying)
            }
        }
        .padding(EdgeInsets(top: 24, leading: 24, bottom: 24, trailing: 24))
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .center)
    }
}

/// The end of the list: the next page is asked for when this row comes into view; a spinner
/// while it loads; its reason and a retry when it failed (the loaded page stays above); when
/// the store stopped asking (next pages that added nothing), that, with a retry.
///
/// The row coming back into view is the shopper's scroll; the row staying in view after a next
/// page (one that drew nothing, or sections that left at once) is nobody's ask, and the store
/// paces those (`NextPagePacing.maxUnaskedPages`), as the terminal does without a key pressed.
struct PaginationRow: View {
    let store: PageStore
    @Environment(\.flowWords) private var words
    @State private var hasLeftScreenSinceAsk = true

    var body: some View {
        VStack(alignment: .center, spacing: 0) { content }
            .onDisappear { hasLeftScreenSinceAsk = true }
    }

    @ViewBuilder private var content: some View {
        if store.hasMorePages {
            switch store.nextPageState {
            case .idle:
                ProgressView().frame(maxWidth: .infinity, alignment: .center).onAppear {
                    store.loadNextPage(askedByShopper: hasLeftScreenSinceAsk)
                    hasLeftScreenSinceAsk = false
                }
                    .accessibilityLabel(Text(verbatim: words[.loadingMore]))
            case .loading:
                ProgressView().frame(maxWidth: .infinity, alignment: .center)
                    .accessibilityLabel(Text(verbatim: words[.loadingMore]))
            case .failed:
                retryRow(words[.moreFailed], retry: { store.loadNextPage() })
            case .ended:
                retryRow(words[.nothingMore], retry: store.retry)
            }
        }
    }

    private func retryRow(_ message: String, retry: @escaping @MainActor () -> Void) -> some View {
        VStack(alignment: .center, spacing: 8) {
            Text(verbatim: message)
            Button(action: retry) { Text(verbatim: words[.retry]) }
        }
        .frame(maxWidth: .infinity, alignment: .center)
    }
}
