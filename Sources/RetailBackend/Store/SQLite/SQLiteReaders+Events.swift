import SQLiteSupport

extension SQLiteReaders {
    /// The events received in `range` (milliseconds since 1970) in order of arrival
    /// (`received_at`, then the order they were written in), each handed to `each`.
    func readEvents(received range: Range<Int64>, each: (StoredEvent) -> Void) throws(SQLiteError) {
        try read { database throws(SQLiteError) in
            let select = try database.statement("""
                SELECT received_at, shopper, event_id, name, request_id, page_id, section_id, item_id, campaign_id,
                       experiment_id, variant, position, app_version, widget_type, kind, body
                FROM events WHERE received_at >= ?1 AND received_at < ?2 ORDER BY received_at, rowid
                """)
            try select.bind(1, range.lowerBound)
            try select.bind(2, range.upperBound)
            func text(_ column: Int32) -> String? { select.isNull(column) ? nil : select.text(column) }
            while try select.step() {
                var event = KeptEvent(id: select.text(2), name: select.text(3), body: select.text(15))
                event.requestID = text(4)
                event.pageID = text(5)
                event.sectionID = text(6)
                event.itemID = text(7)
                event.campaignID = text(8)
                event.experimentID = text(9)
                event.variant = text(10)
                event.position = select.isNull(11) ? nil : select.int64(11)
                event.appVersion = text(12)
                event.widgetType = text(13)
                event.kind = text(14)
                each(StoredEvent(receivedAt: select.int64(0), shopper: select.text(1), event: event))
            }
        }
    }

    /// Every kept composition.
    func compositions() throws(SQLiteError) -> [CompositionRecord] {
        try read { database throws(SQLiteError) -> [CompositionRecord] in
            let select = try database.statement("SELECT id, page_id, catalogue_version, segment, locale, composed_at, body FROM compositions")
            var records: [CompositionRecord] = []
            while try select.step() {
                records.append(CompositionRecord(
                    id: select.text(0), pageID: select.text(1), catalogueVersion: Int(select.int64(2)), segment: select.text(3),
                    locale: select.text(4), composedAt: select.int64(5), body: select.text(6)))
            }
            return records
        }
    }
}
