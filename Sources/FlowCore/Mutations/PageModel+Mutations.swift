import Foundation

/// What applying a batch of mutations did.
public struct MutationResult: Sendable {
    /// How many mutations changed the page.
    public var appliedCount: Int
    /// Mutations that found no target (`mutation_failed`), and whatever decoding the new
    /// widgets and sections reported.
    public var diagnostics: [Diagnostic]
    /// Whether a transactional batch was rolled back.
    public var isRolledBack: Bool
    /// Whether a `replace_page` was applied: the page is a new one (a `replace_page` that
    /// failed to decode leaves the page, and this, as they were).
    public var replacedPage: Bool = false
}

extension PageModel {
    /// Applies `mutations` in order. `partial` applies what it can and reports each mutation
    /// that finds no target; `transactional` applies all or none. Ids stay unique: new
    /// widgets and sections are decoded against this page's identity index.
    public mutating func apply(_ mutations: [PageMutation], mode: MutationMode, decoder: PageDecoder) -> MutationResult {
        switch mode {
        case .partial:
            return applyInPlace(mutations, decoder: decoder)
        case .transactional:
            var candidate = self
            let result = candidate.applyInPlace(mutations, decoder: decoder)
            let failures = result.diagnostics.filter { $0.kind == .mutationFailed }
            guard failures.isEmpty else {
                let rollback = Diagnostic(kind: .mutationFailed, path: "response.mutations",
                                          message: "transaction rolled back: \(failures.count) of \(mutations.count) mutations failed")
                return MutationResult(appliedCount: 0, diagnostics: failures + [rollback], isRolledBack: true)
            }
            self = candidate
            return result
        }
    }

    private mutating func applyInPlace(_ mutations: [PageMutation], decoder: PageDecoder) -> MutationResult {
        let session = DecodeSession(catalog: decoder.catalog)
        // Sections an answer adds belong to the page's own composition.
        session.requestID = requestID
        // Move the identity index into the session rather than copying it: a copy would make
        // every mutation cost the size of the page.
        swap(&session.identity, &identity)
        var applied = 0
        var replacedPage = false
        var failures: [Diagnostic] = []
        let root = CodingPath(root: "response").appending("mutations")
        for (index, mutation) in mutations.enumerated() {
            if let failure = apply(mutation, session: session, decoder: decoder) {
                failures.append(Diagnostic(kind: .mutationFailed, path: root.appending(index).description, message: "\(mutation.kind.rawValue): \(failure)"))
            } else {
                applied += 1
                if mutation.kind == .replacePage { replacedPage = true }
            }
        }
        swap(&session.identity, &identity)
        return MutationResult(
            appliedCount: applied, diagnostics: session.diagnostics + failures, isRolledBack: false, replacedPage: replacedPage)
    }

    /// Applies one mutation; returns why it failed, or `nil`.
    private mutating func apply(_ mutation: PageMutation, session: DecodeSession, decoder: PageDecoder) -> String? {
        session.payload = mutation.payload
        switch mutation.kind {
        case .replaceWidget:
            guard let id = mutation.targetID, case .object(var object)? = mutation.payload else { return "needs an id and a widget" }
            if object["id"]?.isNull ?? true { object["id"] = .string(id) }
            return replaceWidget(id: id, with: .object(object), session: session)
        case .removeWidget:
            guard let id = mutation.targetID else { return "needs an id" }
            return removeWidget(id: id, session: session)
        case .appendSections, .prependSections:
            guard case .array(let elements)? = mutation.payload else { return "needs sections" }
            insertSections(elements, atStart: mutation.kind == .prependSections, session: session, decoder: decoder)
            return nil
        case .replaceSection:
            guard let id = mutation.targetID, case .object(var object)? = mutation.payload else { return "needs an id and a section" }
            if object["id"]?.isNull ?? true { object["id"] = .string(id) }
            return replaceSection(id: id, with: .object(object), session: session)
        case .removeSection:
            guard let id = mutation.targetID else { return "needs an id" }
            guard let index = session.identity.sectionPosition(of: id) else { return "no section with id '\(id)'" }
            session.identity.releaseSection(sections.remove(at: index))
            session.identity.reindexSections(sections)
            return nil
        case .replacePage:
            guard case .object(let object)? = mutation.payload else { return "needs a page" }
            let pageSession = DecodeSession(catalog: decoder.catalog)
            do {
                var replacement = try decoder.decodePage(object, session: pageSession)
                // The session holds the replacement's identity; hand it back so that the
                // final swap installs it.
                swap(&session.identity, &replacement.identity)
                self = replacement
                session.append(pageSession.diagnostics)
                return nil
            } catch {
                return error.description
            }
        }
    }

    private mutating func replaceWidget(id: String, with value: JSONValue, session: DecodeSession) -> String? {
        guard let slot = session.identity.slot(of: id), let location = locate(id, in: session.identity),
            let old = widget(at: location)
        else { return "no widget with id '\(id)'" }
        session.identity.releaseWidget(old)
        guard let new = session.decodeWidget(value, at: old.path, slot: slot) else {
            session.identity.reclaimWidget(old, slot: slot)
            return "the new widget could not be decoded"
        }
        replaceWidget(at: location, with: new)
        return nil
    }

    private mutating func removeWidget(id: String, session: DecodeSession) -> String? {
        guard let location = locate(id, in: session.identity), let old = widget(at: location) else {
            return "no widget with id '\(id)'"
        }
        replaceWidget(at: location, with: nil)
        session.identity.releaseWidget(old)
        return nil
    }

    private mutating func insertSections(_ elements: [JSONValue], atStart: Bool, session: DecodeSession, decoder: PageDecoder) {
        let path = CodingPath(root: "page").appending("sections")
        let added = decoder.decodeSections(.array(elements), at: path, session: session)
        if atStart {
            sections.insert(contentsOf: added, at: 0)
            session.identity.reindexSections(sections)
        } else {
            let start = sections.count
            sections.append(contentsOf: added)
            session.identity.indexAppendedSections(sections, from: start)
        }
    }

    private mutating func replaceSection(id: String, with value: JSONValue, session: DecodeSession) -> String? {
        guard let index = session.identity.sectionPosition(of: id) else { return "no section with id '\(id)'" }
        let old = sections[index]
        session.identity.releaseSection(old)
        guard let new = session.decodeSection(value, at: old.path) else {
            session.identity.reclaimSection(old)
            return "the new section could not be decoded"
        }
        sections[index] = new
        session.identity.setSectionPosition(nil, for: old.id)
        session.identity.setSectionPosition(index, for: new.id)
        return nil
    }
}
