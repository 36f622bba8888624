import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// What fills the screen when there is no page to show: loading, nothing there, or a failed
/// first load with its reason and a retry button (the failure table's first row).
struct StatusView: View {
    enum Kind: Equatable {
        case loading, empty
        case failed(String)
    }

    let kind: Kind
    let retry: (@MainActor () -> Void)?
    @Environment(\.locale) private var locale

    var body: some View {
        let phrases = AccessibilityPhrases(locale: locale)
        return VStack(alignment: .center, spacing: 16) {
            switch kind {
            case .loading:
                ProgressView()
            case .empty:
                Text(verbatim: phrases.nothingHere)
            case .failed(let message):
                Text(verbatim: AccessibilityText.clean(message) ?? "")
                    .multilineTextAlignment(.center)
            }
            if let retry, kind != .loading {
                Button(action: retry) { Text(verbatim: phrases.retry) }
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
    @Environment(\.locale) private var locale
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
                    .accessibilityLabel(Text(verbatim: AccessibilityPhrases(locale: locale).loadingMore))
            case .loading:
                ProgressView().frame(maxWidth: .infinity, alignment: .center)
                    .accessibilityLabel(Text(verbatim: AccessibilityPhrases(locale: locale).loadingMore))
            case .failed(let message):
                retryRow(AccessibilityText.clean(message) ?? "", retry: { store.loadNextPage() })
            case .ended:
                retryRow(AccessibilityPhrases(locale: locale).nothingMore, retry: store.retry)
            }
        }
    }

    private func retryRow(_ message: String, retry: @escaping @MainActor () -> Void) -> some View {
        VStack(alignment: .center, spacing: 8) {
            Text(verbatim: message)
            Button(action: retry) { Text(verbatim: AccessibilityPhrases(locale: locale).retry) }
        }
        .frame(maxWidth: .infinity, alignment: .center)
    }
}
