/// A cart's lines as durable stores keep them: `p-1001=2;p-1003=1`, by product id, so that a
/// catalogue that changes between versions never turns one product into another. A line is
/// kept whatever the feed holds now (a product that left it is shown as no longer available);
/// only text that is no line (a store edited by hand, a torn value) is skipped when read.
enum CartCodec {
    static func encode(_ lines: [Cart.Line]) -> String {
        var text = ""
        for line in lines {
            if !text.isEmpty { text += ";" }
            text += line.product + "=" + String(line.quantity)
        }
        return text
    }

    static func decode(_ text: String) -> [Cart.Line] {
        var lines: [Cart.Line] = []
        for entry in text.split(separator: ";") {
            let parts = entry.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let quantity = UInt8(parts[1]), CartService.lineQuantities.contains(Int(quantity)),
                CatalogueFileReader.isID(String(parts[0])), !lines.contains(where: { $0.product.isByteEqual(to: String(parts[0])) })
            else { continue }
            lines.append(Cart.Line(product: String(parts[0]), quantity: quantity))
        }
        return lines
    }
}
