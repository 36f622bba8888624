import FlowTerminal

/// How terminal input reaches a page screen: keys through `ShellKeyMap`, the wheel as rows,
/// a left click as a cell.
public enum ShellInput: Sendable, Hashable {
    case command(ShellCommand)
    case wheel(rows: Int)
    case click(x: Int, y: Int)
    /// Text typed that is no command (for a text field).
    case text(String)
    case key(Key)

    /// What the input asks of the page screen, or `nil` for the app's own commands and for text.
    public var pageInput: PageScreenInput? {
        switch self {
        case .command(let command): command.pageInput
        case .wheel(let rows): .browse(.scroll(rows))
        case .click(let x, let y): .click(x: x, y: y)
        case .text, .key: nil
        }
    }

    /// Rows one notch of the wheel scrolls.
    public static let wheelRows = 3

    /// What `event` means, or `nil` when nothing.
    public static func from(_ event: InputEvent) -> [ShellInput] {
        switch event {
        case .mouse(let mouse):
            switch mouse.action {
            case .wheelUp: return [.wheel(rows: -wheelRows)]
            case .wheelDown: return [.wheel(rows: wheelRows)]
            case .press where mouse.button == 0: return [.click(x: mouse.x, y: mouse.y)]
            default: return []
            }
        case .paste(let text):
            return [.text(text)]
        case .text(let text):
            return [ShellKeyMap.command(for: event).map(ShellInput.command) ?? .text(text)]
        case .key(let key, _):
            return [ShellKeyMap.command(for: event).map(ShellInput.command) ?? .key(key)]
        }
    }
}
