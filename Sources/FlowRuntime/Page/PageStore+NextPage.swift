import FlowCore
import Foundation

extension PageStore {
    /// Whether the page says more sections exist.
    public var hasMorePages: Bool { page?.pagination?.hasMore ?? false }

    /// Asks for the next page, echoing the page's postback. Does nothing without more pages,
    /// while a next page is in flight, or while a page request is (it will replace the page).
    public func loadNextPage() {
        guard let page = storage, let pagination = page.pagination, pagination.hasMore else { return }
        guard pageTask == nil, nextPageTask == nil else { return }
        let postback = pagination.postback ?? .null
        nextPageToken += 1
        let token = nextPageToken
        nextPageState = .loading
        // Only a failed next page is superseded here; a failed refresh stays retryable.
        if case .nextPage? = lastFailure { lastFailure = nil }
        let stream = source.updates(for: PageRequest(pageID: pageID, kind: .nextPage(postback: postback)))
        let generation = pageGeneration
        nextPageTask = Task { @MainActor [weak self] in
            await self?.consumeNextPage(stream, token: token, generation: generation, postback: postback)
        }
    }

    /// Cancels a next page in flight; its answer, if it still comes, is dropped.
    func cancelNextPage() {
        guard let task = nextPageTask else { return }
        task.cancel()
        nextPageTask = nil
        nextPageToken += 1
        if nextPageState == .loading { nextPageState = .idle }
    }

    private func isCurrentNextPage(token: Int, generation: Int, postback: JSONValue) -> Bool {
        token == nextPageToken && generation == pageGeneration && (storage?.pagination?.postback ?? .null) == postback
    }

    private func consumeNextPage(
        _ stream: AsyncThrowingStream<PageUpdate, any Error>, token: Int, generation: Int, postback: JSONValue
    ) async {
        do {
            // A next page is one document: the first update answers it.
            var first: PageUpdate?
            for try await update in stream {
                first = update
                break
            }
            guard let update = first else { throw NextPageError.noPage }
            guard let base = storage, isCurrentNextPage(token: token, generation: generation, postback: postback) else {
                dropNextPage(token: token)
                return
            }
            let baseGeneration = contentGeneration
            var (merged, diagnostics) = try await OffMainDecoding.appendNextPage(update.data, to: base, decoder: decoder)
            guard isCurrentNextPage(token: token, generation: generation, postback: postback) else {
                dropNextPage(token: token)
                return
            }
            if contentGeneration != baseGeneration, var current = storage {
                // A mutation landed while the merge ran off the main actor; the postback still
                // matches, so merge into the current page here rather than lose either.
                diagnostics = try decoder.appendNextPage(update.data, to: &current)
                merged = current
            }
            withMutation(keyPath: \.page) { storage = merged }
            contentGeneration += 1
            nextPageTask = nil
            nextPageState = .idle
            updateContentState()
            record(DiagnosticReport(pageID: pageID, requestID: merged.requestID, source: .nextPage, diagnostics: diagnostics))
        } catch {
            guard token == nextPageToken else { return }
            if let error = error as? PageDecodingError {
                record([error.diagnostic], source: .refusedDocument(kind: "next_page"))
            }
            nextPageTask = nil
            let message = error is NextPageError ? "the next page could not be loaded: no page was returned" : Self.message(for: error)
            nextPageState = .failed(message: message)
            lastFailure = .nextPage
            onNotice?(.nextPageFailed(message: message))
        }
    }

    private func dropNextPage(token: Int) {
        droppedResponseCount += 1
        guard token == nextPageToken else { return }
        nextPageTask = nil
        nextPageState = .idle
    }
}

/// A next-page stream that finished without a page.
private enum NextPageError: Error {
    case noPage
}
