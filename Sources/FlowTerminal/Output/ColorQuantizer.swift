/// Reduces 24-bit colour to the xterm 256-colour palette or the 16 ANSI colours: the nearest
/// entry by a weighted RGB distance (green counts most, as the eye sees it).
enum ColorQuantizer {
    /// The levels of the 6 × 6 × 6 cube (indices 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The nearest of indices 16–255 (the cube and the grey ramp; 0–15 vary by terminal).
    static func index256(_ color: TerminalColor) -> UInt8 {
        let r = Int(color.red), g = Int(color.green), b = Int(color.blue)
        let ri = nearestLevel(r), gi = nearestLevel(g), bi = nearestLevel(b)
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        let average = (r + g + b) / 3
        let greyStep = max(0, min(23, (average - 3) / 10))
        let greyLevel = 8 + 10 * greyStep
        let cubeDistance = distance(r, g, b, cube.0, cube.1, cube.2)
        let greyDistance = distance(r, g, b, greyLevel, greyLevel, greyLevel)
        return UInt8(greyDistance < cubeDistance ? 232 + greyStep : cubeIndex)
    }

    /// The colour a terminal shows for `color` at `depth`: the palette entry it is written as
    /// (xterm's defaults for the 16 colours), or `color` itself in 24-bit.
    static func shown(_ color: TerminalColor, depth: ColorDepth) -> TerminalColor {
        switch depth {
        case .none, .truecolor:
            return color
        case .ansi256:
            let index = Int(index256(color))
            if index >= 232 {
                let level = UInt8(8 + 10 * (index - 232))
                return TerminalColor(red: level, green: level, blue: level)
            }
            let cube = index - 16
            return TerminalColor(red: UInt8(cubeLevels[cube / 36]), green: UInt8(cubeLevels[cube / 6 % 6]), blue: UInt8(cubeLevels[cube % 6]))
        case .ansi16:
            let entry = ansiPalette[Int(index16(color))]
            return TerminalColor(red: UInt8(entry.0), green: UInt8(entry.1), blue: UInt8(entry.2))
        }
    }

    /// The 16 ANSI colours as xterm draws them by default.
    static let ansiPalette: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The nearest of the 16 ANSI colours, 0–15.
    static func index16(_ color: TerminalColor) -> UInt8 {
        let r = Int(color.red), g = Int(color.green), b = Int(color.blue)
        var best = 0, bestDistance = Int.max
        for (index, entry) in ansiPalette.enumerated() {
            let d = distance(r, g, b, entry.0, entry.1, entry.2)
            if d < bestDistance {
                best = index
                bestDistance = d
            }
        }
        return UInt8(best)
    }

    private static func nearestLevel(_ value: Int) -> Int {
        if value < 48 { return 0 }
        if value < 115 { return 1 }
        return min(5, (value - 35) / 40)
    }

    private static func distance(_ r1: Int, _ g1: Int, _ b1: Int, _ r2: Int, _ g2: Int, _ b2: Int) -> Int {
        let dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}
