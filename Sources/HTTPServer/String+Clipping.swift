extension StringProtocol {
    /// At most `limit` UTF-8 bytes of the text, cut at a scalar boundary, with `…` when cut:
    /// error messages quote what a client sent without echoing megabytes of it (a prefix of
    /// Characters is no bound: one Character may hold any number of combining marks).
    public func clipped(toUTF8Bytes limit: Int) -> String {
        guard utf8.count > limit else { return String(self) }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in unicodeScalars {
            let size = UTF8.width(scalar)
            guard bytes + size <= limit else { break }
            kept.append(scalar)
            bytes += size
        }
        return String(kept) + "…"
    }
}
