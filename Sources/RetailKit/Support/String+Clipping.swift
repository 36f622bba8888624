extension String {
    /// The string cut to at most `limit` UTF-8 bytes, at a scalar boundary: server messages
    /// and client-sent text are bounded in bytes, never in `Character`s (one character can
    /// hold any number of combining marks).
    func clipped(toUTF8Bytes limit: Int) -> String {
        guard utf8.count > limit else { return self }
        var scalars = String.UnicodeScalarView()
        var used = 0
        for scalar in unicodeScalars {
            let size = UTF8.width(scalar)
            guard used + size <= limit else { break }
            scalars.append(scalar)
            used += size
        }
        return String(scalars)
    }
}
