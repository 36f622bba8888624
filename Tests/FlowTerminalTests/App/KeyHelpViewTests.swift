import Testing
@testable import FlowTerminal

/// The keys' help box over the page covers what it stands over: at 40 columns no letter of
/// the nav peeks out beside the box ("╮r").
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

    /// What the box leaves in view reads as behind it: the page's text is dimmed, its
    /// pictures keep their colours (a dimmed half block stripes them), the box is not dimmed.
    @Test func thePageAroundTheBoxIsDimmedAndItsPicturesAreNot() {
        let surface = Self.page(width: 120, height: 12)
        let canvas = Canvas(surface: surface, rect: surface.buffer.bounds)
        canvas.put("▀", x: 0, y: 0, style: CellStyle(foreground: TerminalColor(red: 200, green: 0, blue: 0), background: TerminalColor(red: 0, green: 0, blue: 200)))
        let rect = Self.help.draw(in: canvas)
        #expect(surface.buffer[1, 0].style.attributes.contains(.dim), "text beside the box")
        #expect(surface.buffer[0, 0].style == CellStyle(foreground: TerminalColor(red: 200, green: 0, blue: 0), background: TerminalColor(red: 0, green: 0, blue: 200)), "a picture's cell")
        #expect(!surface.buffer[rect.x + 2, rect.y + 1].style.attributes.contains(.dim), "the box's keys")
    }
}
