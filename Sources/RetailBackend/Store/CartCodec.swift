/// A cart's lines as durable stores keep them: `p-1001=2;p-1003=1`, by product id, not by
/// the catalogue's index, so that a catalogue that changes between versions never turns one
/// product into another. A product the catalogue no longer has is dropped when read.
struct CartCodec: Sendable {
    let catalogue: Catalogue

    func encode(_ lines: [Cart.Line]) -> String {
        var text = ""
        for line in lines where Int(line.product) < catalogue.products.count {
            if !text.isEmpty { text += ";" }
            text += catalogue.products[Int(line.product)].id + "=" + String(line.quantity)
        }
        return text
    }

    func decode(_ text: String) -> [Cart.Line] {
        var lines: [Cart.Line] = []
        for entry in text.split(separator: ";") {
            let parts = entry.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let quantity = UInt8(parts[1]), (1...99).contains(quantity),
                let index = catalogue.index(ofProduct: String(parts[0])),
                !lines.contains(where: { Int($0.product) == index })
            else { continue }
            lines.append(Cart.Line(product: UInt16(clamping: index), quantity: quantity))
        }
        return lines
    }
}
