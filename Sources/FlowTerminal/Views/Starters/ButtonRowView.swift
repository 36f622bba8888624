import FlowCore
import FlowRuntime
import FlowWidgets

/// `button_row`: buttons side by side, one column apart, wrapping to the next row when they do
/// not fit; a full-width button takes a row of its own.
public struct ButtonRowView: WidgetView, TerminalWidget {
    public let content: ButtonRowContent
    public let widgetID: String

    public init(content: ButtonRowContent, context: WidgetContext) {
        self.content = content
        widgetID = context.widget.id
    }

    /// Each button's row, column and width.
    func placements(width: Int) -> [(row: Int, x: Int, width: Int)] {
        var placements: [(Int, Int, Int)] = []
        var row = 0, x = 0
        for button in content.buttons {
            let atom = ButtonAtom(button)
            if button.isFullWidth {
                if x > 0 { row += 1 }
                placements.append((row, 0, width))
                row += 1
                x = 0
                continue
            }
            let columns = min(atom.width, width)
            if x > 0, x + columns > width {
                row += 1
                x = 0
            }
            placements.append((row, x, columns))
            x += columns + 1
        }
        return placements
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        return (placements(width: width).map(\.row).max() ?? -1) + 1
    }

    public func intrinsicWidth(environment: RenderEnvironment) -> Int? {
        max(0, content.buttons.reduce(0) { $0 + ButtonAtom($1).width + 1 } - 1)
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        for (index, placement) in placements(width: canvas.width).enumerated() {
            ButtonAtom(content.buttons[index]).draw(
                in: canvas, x: placement.x, y: placement.row, width: placement.width,
                target: .control(widgetID: widgetID, index: index), environment: environment)
        }
    }
}
