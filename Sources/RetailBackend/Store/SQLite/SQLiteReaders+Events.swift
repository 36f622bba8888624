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
            while try select.step() {
                let event = KeptEvent { column in select.isNull(Int32(column + 2)) ? nil : select.text(Int32(column + 2)) }
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
