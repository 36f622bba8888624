import Testing
@testable import RetailBackend

/// How durable stores keep a cart's lines: `p-1001=2;p-1003=1`.
@Suite struct CartCodecTests {
    /// The reading the codec had when it split `String`s: the oracle the byte reader must agree
    /// with on text a store writes or a person edits (ASCII; see below for the rest), but for
    /// an entry that starts with `=`, which that split read past (`=p-1=2` as `p-1=2`) and
    /// which is no line.
    private func referenceDecode(_ text: String) -> [Cart.Line] {
        var lines: [Cart.Line] = []
        for entry in text.split(separator: ";") where entry.first != "=" {
            let parts = entry.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let quantity = UInt8(parts[1]), CartService.lineQuantities.contains(Int(quantity)),
                  CatalogueFileReader.isID(String(parts[0])), !lines.contains(where: { $0.product.isByteEqual(to: String(parts[0])) })
            else { continue }
            lines.append(Cart.Line(product: String(parts[0]), quantity: quantity))
        }
        return lines
    }

    @Test func linesReadBackAsWritten() {
        let lines = (0..<300).map { Cart.Line(product: "p-\($0)", quantity: UInt8(1 + $0 % 99)) }
        let text = CartCodec.encode(lines)
        #expect(text.hasPrefix("p-0=1;p-1=2;"))
        #expect(CartCodec.decode(text) == lines)
        #expect(CartCodec.encode([]) == "")
        #expect(CartCodec.decode("").isEmpty)
        let edges = [Cart.Line(product: String(repeating: "z", count: 64), quantity: 1), Cart.Line(product: "a.b_C-9", quantity: 99)]
        #expect(CartCodec.decode(CartCodec.encode(edges)) == edges)
    }

    /// Text that is no line is skipped; the first line of a product is kept.
    @Test(arguments: [
        "p-1=2;p-1=5", ";;p-1=2;;", "=5;p-2=", "p-1==2", "p-1=+3", "p-1=007", "p-1=0", "p-1=100", "p-1=256",
        "p-1=99999999999999999999", "p-1=-1", "p-1= 2", " p-1=2", "p 1=2", "p/1=2", String(repeating: "x", count: 65) + "=1",
        "p-1=2;torn", "p-1=2;p-2", "p-1", "=", ";", "+=1", "p-1=+", "p-2=1;p-1=3;p-2=4;p-3=5", "=p-1=2;p-2=3",
    ])
    func oddTextReadsAsTheReferenceReadsIt(text: String) {
        #expect(CartCodec.decode(text) == referenceDecode(text))
    }

    /// Random text of the codec's own alphabet, read both ways.
    @Test func randomTextReadsAsTheReferenceReadsIt() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("p-1=2;+0a9.".unicodeScalars)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = String(String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
            #expect(CartCodec.decode(text) == referenceDecode(text), "\(text)")
        }
    }

    /// Bytes, not characters: a combining mark after `;` does not hide the line that follows
    /// (a `String` split on characters read `;\u{301}` as one), and an id that is not ASCII is
    /// no product.
    @Test func separatorsAreBytes() {
        #expect(CartCodec.decode("p-1=1;\u{301}p-2=2") == [Cart.Line(product: "p-1", quantity: 1)])
        #expect(CartCodec.decode("p-1=1;p-2=2\u{301}") == [Cart.Line(product: "p-1", quantity: 1)])
        #expect(CartCodec.decode("é=1;p-3=3") == [Cart.Line(product: "p-3", quantity: 3)])
    }
}
