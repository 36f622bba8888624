import FlowCore

/// The eight starter widgets of Flow-UI, whose payloads this package decodes unchanged.
public enum StarterWidgets {
    /// Every starter content type.
    public static let contentTypes: [any WidgetContent.Type] = [
        TitleBlockContent.self, ImageTextCardContent.self, BannerContent.self, ButtonRowContent.self,
        TagRailContent.self, StepperRowContent.self, AccordionContent.self, SeparatorContent.self,
    ]

    /// Registers every starter content type on `catalog`.
    public static func register(on catalog: inout WidgetCatalog) {
        catalog.register(contentTypes)
    }
}
