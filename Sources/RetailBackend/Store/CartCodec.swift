/// A cart's lines as durable stores keep them: `p-1001=2;p-1003=1`, by product id, so that a
/// catalogue that changes between versions never turns one product into another. A line is
/// kept whatever the feed holds now (a product that left it is shown as no longer available);
/// only text that is no line (a store edited by hand, a torn value) is skipped when read, and
/// of two lines of one product the first is kept.
///
/// Read and written as bytes: a durable store's writer decodes and encodes the shopper's cart on
/// every change, and a cart may hold hundreds of lines.
enum CartCodec {
    static func encode(_ lines: [Cart.Line]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.count * 12)
        for line in lines {
            if !bytes.isEmpty { bytes.append(UInt8(ascii: ";")) }
            bytes.append(contentsOf: line.product.utf8)
            bytes.append(UInt8(ascii: "="))
            appendDecimal(line.quantity, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func decode(_ text: String) -> [Cart.Line] {
        var lines: [Cart.Line] = []
        var seen = Set<ExactText>()
        var text = text
        text.withUTF8 { bytes in
            let entries = bytes.count(where: { $0 == UInt8(ascii: ";") }) + 1
            lines.reserveCapacity(entries)
            seen.reserveCapacity(entries)
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
                defer { start = end + 1 }
                let entry = bytes[start..<end]
                guard let equals = entry.firstIndex(of: UInt8(ascii: "=")),
                      let quantity = quantity(entry[(equals + 1)...]), CartService.lineQuantities.contains(Int(quantity))
                else { continue }
                let id = entry[..<equals]
                guard CatalogueFileReader.isID(bytes: id), seen.insert(ExactText(bytes: Array(id))).inserted
                else { continue }
                lines.append(Cart.Line(product: String(decoding: id, as: UTF8.self), quantity: quantity))
            }
        }
        return lines
    }

    /// Decimal digits, after an optional `+` (what `UInt8(_:)` reads), as a `UInt8`; nil for
    /// anything else or a value past 255.
    private static func quantity(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt8? {
        var digits = digits[...]
        if digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            guard value <= Int(UInt8.max) else { return nil }
        }
        return UInt8(value)
    }

    private static func appendDecimal(_ value: UInt8, to bytes: inout [UInt8]) {
        if value >= 100 { bytes.append(UInt8(ascii: "0") + value / 100) }
        if value >= 10 { bytes.append(UInt8(ascii: "0") + value / 10 % 10) }
        bytes.append(UInt8(ascii: "0") + value % 10)
    }
}
