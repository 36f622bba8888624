import FlowCore
import RetailContract

/// `search_bar`: the entry to search; its tap opens the search screen.
public struct SearchBarContent: WidgetContent, Hashable {
    public static let widgetType = RetailWidgetType.searchBar
    public var placeholder: String?

    public init(from data: JSONNode) throws(DecodingFailure) {
        _ = try data.object()
        placeholder = try data.optional("placeholder", as: TextData.self)?.text
    }
}
