import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// A widget's backend chrome (`WidgetLayout`), applied in the contract's one order as
/// FlowPresentation lists it (`WidgetLayout.chromeLayers`, innermost first: padding, width,
/// background or gradient, corner clip, border, margin). The order is not restated here: each
/// step the layout asks for wraps what the steps before it made. A carousel or grid sets the
/// width around the result (`ArrangementGeometry`).
struct ChromeModifier: View {
    let layout: WidgetLayout?
    let content: AnyView
    @Environment(\.colorScheme) private var systemScheme
    @Environment(\.flowTheme) private var theme
    /// Gradients mirror right to left as the insets and corners do (`GradientGeometry`).
    @Environment(\.layoutDirection) private var layoutDirection

    var body: some View {
        guard let layout else { return content }
        var view = content
        for layer in layout.chromeLayers {
            view = apply(layer, of: layout, to: view)
        }
        return view
    }

    private func apply(_ layer: ChromeLayer, of layout: WidgetLayout, to view: AnyView) -> AnyView {
        switch layer {
        case .padding:
            return AnyView(view.padding(Self.edgeInsets(layout.padding)))
        case .width:
            // `fill` (and a fraction, whose share the section sets around the result:
            // `ArrangementGeometry`, a carousel card, a grid cell or a vertical share):
            // the background and border span the container, as in the terminal.
            return AnyView(view.frame(maxWidth: .infinity, alignment: .leading))
        case .background:
            if let gradient = layout.gradient, !gradient.colors.isEmpty {
                let points = GradientGeometry.endpoints(angle: gradient.angle, isRightToLeft: layoutDirection == .rightToLeft)
                let fill = LinearGradient(
                    colors: gradient.colors.map(color), startPoint: UnitPoint(x: points.start.x, y: points.start.y),
                    endPoint: UnitPoint(x: points.end.x, y: points.end.y))
                return AnyView(view.background(fill))
            }
            return AnyView(view.background(layout.background.map(color) ?? Color.clear))
        case .cornerClip:
            return AnyView(view.clipShape(Self.shape(layout.cornerRadius)))
        case .border:
            guard let border = layout.border else { return view }
            let style = StrokeStyle(lineWidth: CGFloat(border.width), dash: Self.dash(border))
            let stroke = Self.shape(layout.cornerRadius).strokeBorder(border.color.map(color) ?? theme.color("separator", for: systemScheme), style: style)
            return AnyView(view.overlay(alignment: .center) { stroke })
        case .margin:
            return AnyView(view.padding(Self.edgeInsets(layout.margin)))
        }
    }

    private func color(_ data: ColorData) -> Color {
        Color(theme.color(data, scheme: themeScheme(systemScheme)))
    }

    static func edgeInsets(_ insets: Insets) -> EdgeInsets {
        EdgeInsets(top: CGFloat(insets.top), leading: CGFloat(insets.left), bottom: CGFloat(insets.bottom), trailing: CGFloat(insets.right))
    }

    static func shape(_ radius: CornerRadius?) -> UnevenRoundedRectangle {
        let radius = radius ?? CornerRadius(0)
        return UnevenRoundedRectangle(
            cornerRadii: RectangleCornerRadii(
                topLeading: CGFloat(radius.topLeft), bottomLeading: CGFloat(radius.bottomLeft),
                bottomTrailing: CGFloat(radius.bottomRight), topTrailing: CGFloat(radius.topRight)),
            style: .continuous)
    }

    /// A dashed border's pattern; a solid one has none.
    static func dash(_ border: Border) -> [CGFloat] {
        guard let width = border.dashWidth, width > 0 else { return [] }
        return [CGFloat(width), CGFloat(max(0, border.dashGap ?? width))]
    }
}

extension Color {
    /// A theme colour, as sRGB.
    init(_ rgba: RGBAColor) {
        self.init(.sRGB, red: Double(rgba.red) / 255, green: Double(rgba.green) / 255, blue: Double(rgba.blue) / 255,
                  opacity: Double(rgba.alpha) / 255)
    }
}

extension View {
    /// This view inside the widget's backend chrome.
    func flowChrome(_ layout: WidgetLayout?) -> some View {
        ChromeModifier(layout: layout, content: AnyView(self))
    }
}
