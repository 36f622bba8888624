import FlowCore
import Foundation

extension PageStore {
    /// Whether the page says more sections exist (and the store has not stopped asking:
    /// `NextPageState.ended`).
    public var hasMorePages: Bool { (page?.pagination?.hasMore ?? false) && nextPageState != .ended }

    /// Asks for the next page, echoing the page's postback. Does nothing without more pages,
    /// while a next page is in flight, while a page request is (it will replace the page), or
    /// once next pages in a row added nothing (`.ended`). During the back-off after a next
    /// page that added nothing, the ask waits for the back-off's end.
    ///
    /// `askedByShopper` is false when a renderer asks only because the end is still in view
    /// after the last next page, with no input since: past `NextPagePacing.maxUnaskedPages`
    /// of those in a row, each counts as adding nothing, whatever it holds.
    public func loadNextPage(askedByShopper: Bool = true) {
        guard let page = storage, let pagination = page.pagination, pagination.hasMore else { return }
        guard pageTask == nil, nextPageTask == nil, nextPageState != .ended else { return }
        guard nextPageBackoff == nil else {
            isNextPageWantedAfterBackoff = true
            isWantedNextPageAskedByShopper = isWantedNextPageAskedByShopper || askedByShopper
            return
        }
        unaskedNextPages = askedByShopper ? 0 : unaskedNextPages + 1
        let isPastUnaskedLimit = unaskedNextPages > nextPagePacing.maxUnaskedPages
        let postback = pagination.postback ?? .null
        nextPageToken += 1
        let token = nextPageToken
        nextPageState = .loading
        // Only a failed next page is superseded here; a failed refresh stays retryable.
        if case .nextPage? = lastFailure { lastFailure = nil }
        let stream = source.updates(for: PageRequest(pageID: pageID, kind: .nextPage(postback: postback)))
        let generation = pageGeneration
        let decoder = self.decoder
        // The task holds the store weakly and only between suspensions (see the type's doc).
        nextPageTask = Task { @MainActor [weak self] in
            do {
                // A next page is one document: the first update answers it.
                var first: PageUpdate?
                for try await update in stream {
                    first = update
                    break
                }
                guard let update = first else { throw NextPageError.noPage }
                guard let base = self?.nextPageBase(token: token, generation: generation, postback: postback) else {
                    self?.dropNextPage(token: token)
                    return
                }
                let merged = try await OffMainDecoding.appendNextPage(update.data, to: base.page, decoder: decoder)
                try self?.installNextPage(merged, data: update.data, baseGeneration: base.contentGeneration,
                                          token: token, generation: generation, postback: postback,
                                          countsAsNothing: isPastUnaskedLimit)
            } catch {
                self?.failNextPage(error, token: token)
            }
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

    /// The page to merge into, while the next page `token` is still wanted.
    private func nextPageBase(token: Int, generation: Int, postback: JSONValue) -> (page: PageModel, contentGeneration: Int)? {
        guard let base = storage, isCurrentNextPage(token: token, generation: generation, postback: postback) else { return nil }
        return (base, contentGeneration)
    }

    private func installNextPage(
        _ merged: (page: PageModel, merge: NextPageMerge), data: Data, baseGeneration: Int,
        token: Int, generation: Int, postback: JSONValue, countsAsNothing: Bool
    ) throws {
        guard isCurrentNextPage(token: token, generation: generation, postback: postback) else {
            dropNextPage(token: token)
            return
        }
        var (page, merge) = merged
        if contentGeneration != baseGeneration, var current = storage {
            // A mutation landed while the merge ran off the main actor; the postback still
            // matches, so merge into the current page here rather than lose either.
            merge = try decoder.mergeNextPage(data, into: &current)
            page = current
        }
        let added = page.sections.dropFirst(storage?.sections.count ?? 0)
        let addedNothing: Bool
        if countsAsNothing {
            addedNothing = true
        } else if let context = nextPagePacing.context?() {
            addedNothing = !added.contains { $0.resolve(in: context).isShown }
        } else {
            addedNothing = !added.contains(where: \.hasWidgets)
        }
        withMutation(keyPath: \.page) { storage = page }
        contentGeneration += 1
        nextPageTask = nil
        nextPageState = .idle
        if addedNothing, page.pagination?.hasMore == true {
            paceAfterEmptyNextPage()
        } else {
            emptyNextPages = 0
        }
        updateContentState()
        // Filed under the next page's own composition (§1: `request_id` names it).
        record(DiagnosticReport(pageID: pageID, requestID: merge.requestID, source: .nextPage, diagnostics: merge.diagnostics))
    }

    private func failNextPage(_ error: any Error, token: Int) {
        guard token == nextPageToken else { return }
        if let error = error as? PageDecodingError {
            record([error.diagnostic], source: .refusedDocument(kind: "next_page"))
        }
        nextPageTask = nil
        // The reason alone: whoever shows it says what failed ("Couldn't load more: …").
        let message: String
        switch error {
        case is NextPageError: message = "no page was returned"
        case let error as PageDecodingError: message = "the page could not be read: \(error)"
        default: message = Self.reason(for: error)
        }
        nextPageState = .failed(message: message)
        lastFailure = .nextPage
        onNotice?(.nextPageFailed(message: message))
    }

    /// A next page added nothing while the page still says more exist: asking again at once
    /// would turn every open page into a poller. The next ask waits out a back-off that
    /// doubles each time; after `maxEmptyPages` in a row the store stops (`.ended`).
    private func paceAfterEmptyNextPage() {
        emptyNextPages += 1
        guard emptyNextPages < nextPagePacing.maxEmptyPages else {
            nextPageState = .ended
            return
        }
        let exponent = min(emptyNextPages - 1, 16)
        let timer = ClockTimer(clock: clock, after: nextPagePacing.backoff * (1 << exponent))
        // Holds the store weakly, as every task of the store does.
        nextPageBackoff = Task { @MainActor [weak self] in
            do {
                try await timer.wait()
            } catch {
                return
            }
            guard let self else { return }
            self.nextPageBackoff = nil
            if self.isNextPageWantedAfterBackoff {
                let askedByShopper = self.isWantedNextPageAskedByShopper
                self.isNextPageWantedAfterBackoff = false
                self.isWantedNextPageAskedByShopper = false
                self.loadNextPage(askedByShopper: askedByShopper)
            }
        }
    }

    /// A new page (or the shopper's retry) starts the pacing over.
    func resetNextPagePacing() {
        emptyNextPages = 0
        unaskedNextPages = 0
        isWantedNextPageAskedByShopper = false
        nextPageBackoff?.cancel()
        nextPageBackoff = nil
        isNextPageWantedAfterBackoff = false
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
