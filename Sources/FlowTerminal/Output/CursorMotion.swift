/// The shortest sequence that moves the cursor, chosen among absolute (CUP) and relative
/// moves (CUU/CUD/CUF/CUB, CR). Never a line feed: at the last row it would scroll.
enum CursorMotion {
    /// The bytes that take the cursor from (`fromX`, `fromY`) (each `nil` when unknown) to
    /// (`x`, `y`); empty when it is already there.
    static func bytes(fromX: Int?, fromY: Int?, toX x: Int, toY y: Int) -> [UInt8] {
        if fromX == x, fromY == y { return [] }
        var best = absolute(x: x, y: y)
        if let fromY {
            let vertical: [UInt8] = fromY == y ? [] : relative(fromY < y ? y - fromY : fromY - y, fromY < y ? 0x42 : 0x41)
            var horizontalOptions: [[UInt8]] = [x == 0 ? [0x0D] : [0x0D] + relative(x, 0x43)]
            if let fromX {
                if fromX == x {
                    horizontalOptions.append([])
                } else {
                    horizontalOptions.append(relative(abs(x - fromX), x > fromX ? 0x43 : 0x44))
                }
            }
            for horizontal in horizontalOptions where vertical.count + horizontal.count < best.count {
                best = vertical + horizontal
            }
        }
        return best
    }

    /// `CSI row;col H`, 1-based, the column left out when it is the first.
    static func absolute(x: Int, y: Int) -> [UInt8] {
        let text = x == 0 ? (y == 0 ? "\u{1B}[H" : "\u{1B}[\(y + 1)H") : "\u{1B}[\(y + 1);\(x + 1)H"
        return Array(text.utf8)
    }

    private static func relative(_ count: Int, _ final: UInt8) -> [UInt8] {
        guard count > 0 else { return [] }
        return [0x1B, 0x5B] + (count == 1 ? [] : Array(String(count).utf8)) + [final]
    }
}
