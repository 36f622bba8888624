import Testing
@testable import FlowTerminal

/// The keys' help box over the page (review 20, finding 20: at 40 columns the nav's last
/// letter peeked out beside the box, "╮r").
@MainActor
@Suite struct KeyHelpViewTests {
    static let help = KeyHelpView(title: "Touches", entries: [
        .init("↑↓←→ hjkl", "se déplacer"), .init("PgPréc PgSuiv", "défiler d’un écran"), .init("q", "quitter"),
    ], footer: "une touche pour fermer")

    /// A page whose every row is text to its last column.
    static func page(width: Int, height: Int) -> DrawSurface {
        let surface = DrawSurface(width: width, height: height)
        let canvas = Canvas(surface: surface, rect: surface.buffer.bounds)
        for y in 0..<height { canvas.put(String(repeating: "x", count: width), x: 0, y: y) }
        return surface
    }

    @Test(arguments: [36, 40, 44])
    func noLetterOfThePagePeeksOutBesideANearlyFullWidthBox(width: Int) {
        let surface = Self.page(width: width, height: 12)
        let rect = Self.help.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds))
        let lines = surface.buffer.plainLines
        for y in rect.y..<rect.maxY {
            let row = Array(lines[y])
            #expect(!row.contains("x"), "row \(y): \(lines[y])")
        }
    }

    @Test func onAWideScreenThePageStaysBesideTheBoxWithAColumnOfAir() {
        let surface = Self.page(width: 120, height: 12)
        let rect = Self.help.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds))
        let row = Array(surface.buffer.plainLines[rect.y + 1])
        #expect(row[0] == "x" && row[rect.x - 1] == " " && row[rect.x - 2] == "x")
    }
}
