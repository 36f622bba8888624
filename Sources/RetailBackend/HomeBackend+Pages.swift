import FlowCore
import Foundation
import HTTPServer

extension HomeBackend {
    /// The encoded page for `context` at `instant`, from one catalogue snapshot (the current
    /// one unless given): its key, its cache and its composers alike, so no page mixes two
    /// catalogues.
    func encodedPage(
        _ pageID: String, context: PageContext, at instant: Date, faultBits: UInt8 = 0, in snapshot: CatalogueSnapshot? = nil
    ) throws(RequestError) -> EncodedPage {
        let snapshot = snapshot ?? catalogues.current
        // Read through the snapshot, not copied out of it: a copy of the catalogue retains
        // and releases every one of its parts, on every request.
        let choice = snapshot.catalogue.choice(for: context)
        let key = PageKey(
            pageID: ExactString(pageID), locale: snapshot.catalogue.locale(for: context.locale), segment: context.segment,
            variants: choice.packed, gates: snapshot.catalogue.requirements.mask(for: context.client),
            schedule: snapshot.catalogue.schedule.interval(at: instant), offset: context.offset, faults: faultBits)
        let pageSize = configuration.pageSize
        return try snapshot.pages.page(for: key) { () throws(RequestError) -> EncodedPage in
            let composition = try composition(pageID, context: context, choice: choice, at: instant, faultBits: faultBits, in: snapshot)
            guard context.offset == 0 || context.offset < composition.sections.count else {
                throw .badParameter("cursor 's\(context.offset)' is past the end of the page")
            }
            var page = PageWriter.encode(composition, offset: context.offset, pageSize: pageSize)
            // Kept once per composed variant, and not waited for: a page read never waits for the
            // store (a failure is logged by `ReportingStore`). A search's results are not kept:
            // anyone can ask for any number of distinct queries.
            guard !PageComposer.isSearchPage(pageID) else { return page }
            let record = CompositionRecord(
                composition: composition, page: page, offset: context.offset, pageSize: pageSize, segment: key.segment.rawValue,
                locale: key.locale.rawValue, catalogueVersion: snapshot.version, at: instant)
            page.compositionID = record.id
            requestStore.recordComposition(record) { _ in }
            return page
        }
    }

    /// The whole page, with the sections the fault profile injects.
    func composition(
        _ pageID: String, context: PageContext, choice: ExperimentChoice, at instant: Date, faultBits: UInt8, in snapshot: CatalogueSnapshot
    ) throws(RequestError) -> Composition {
        var composition = try snapshot.composer.compose(pageID: pageID, context: context, choice: choice, at: instant)
        FaultSections.inject(into: &composition, bits: faultBits)
        return composition
    }
}
