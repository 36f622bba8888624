import FlowCore
import RetailContract
import RetailKit
import Testing

/// The client registers a content type for every retail widget type of the contract, and no
/// type name of its own.
@Suite struct RetailContractClientTests {
    @Test func everyRetailWidgetTypeHasItsContentType() {
        let registered = RetailWidgets.contentTypes.map { ExactString($0.widgetType) }
        #expect(registered.count == Set(registered).count, "one content type a name")
        #expect(Set(registered) == Set(RetailWidgetType.all.map { ExactString($0) }))
    }
}
