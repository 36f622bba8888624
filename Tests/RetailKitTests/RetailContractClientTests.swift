import FlowCore
import RetailContract
import RetailKit
import TestSupport
import Testing

/// The client registers a content type for every retail widget type of the contract, and no
/// type name of its own.
@Suite struct RetailContractClientTests {
    @Test func everyRetailWidgetTypeHasItsContentType() {
        let problems = RegistryCoverage.problems([
            ("RetailWidgetType.all", RetailWidgetType.all), ("RetailWidgets.contentTypes", RetailWidgets.contentTypes.map { $0.widgetType }),
        ])
        #expect(problems == [])
    }
}
