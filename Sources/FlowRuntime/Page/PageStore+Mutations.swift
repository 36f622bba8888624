import FlowCore

/// What became of a batch of mutations handed to a `PageStore`.
public enum MutationOutcome: Sendable {
    /// Applied (wholly, partly, or rolled back: see the result), to the page they were meant
    /// for or, laid on by id, to the one that replaced it.
    case applied(MutationResult)
    /// The page was replaced after the action began and these cannot be laid onto the new
    /// one (they add sections or replace the page): the page is asked for again instead.
    case refetched
    /// No page is loaded.
    case noPage
}

extension PageStore {
    /// Applies mutations from an `api` response in place: the cost is the widgets they touch,
    /// never the size of the page. Widget state is reset for widgets the mutations removed or
    /// changed. Diagnostics are recorded against the page's `request_id`. A `replace_page`
    /// that applied resets what the old page had in flight (its next page) or failed at.
    ///
    /// - Parameter expected: the `pageGeneration` when the action began. If the page was
    ///   replaced since (a refresh landed), the answer still describes the state after the
    ///   action, which the new page may not hold yet: mutations addressed by id are laid onto
    ///   it (one that finds no target is reported), and others make the store ask for the
    ///   page again, so the action's effect is never lost.
    @discardableResult
    public func apply(_ mutations: [PageMutation], mode: MutationMode, ifPageGeneration expected: Int? = nil) -> MutationOutcome {
        guard storage != nil else { return .noPage }
        if let expected, expected != pageGeneration, !mutations.allSatisfy(\.kind.isAddressedByID) {
            droppedResponseCount += 1
            refresh()
            return .refetched
        }
        let snapshot = widgetState.snapshot(of: storage)
        let result = withMutation(keyPath: \.page) {
            storage?.apply(mutations, mode: mode, decoder: decoder)
        }
        guard let result else { return .noPage }
        if let expected, expected != pageGeneration, result.isRolledBack {
            // All or none could not land on the page that replaced the one it was meant for.
            droppedResponseCount += 1
            record(result.diagnostics, source: .mutations)
            refresh()
            return .refetched
        }
        if result.appliedCount > 0 {
            contentGeneration += 1
            // A page request in flight lays these onto its answer (see the ordering rules).
            pageRequest?.overtakingMutations.append(MutationBatch(mutations: mutations, mode: mode))
            if result.replacedPage {
                // A new page: what the old one had in flight or failed at is not its own.
                pageGeneration += 1
                cancelNextPage()
                nextPageState = .idle
                if case .nextPage? = lastFailure { lastFailure = nil }
            }
        }
        widgetState.retainUnchanged(from: snapshot, to: storage)
        updateContentState()
        record(result.diagnostics, source: .mutations)
        return .applied(result)
    }
}
