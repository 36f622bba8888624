import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
import ImagePipeline
#if canImport(SwiftUI)
import CoreGraphics
import SwiftUI
#else
import CoreGraphicsDeclarations
import SwiftUIDeclarations
#endif

/// A payload image (`ImageData`) through the app's `ImagePipeline`: the box reserved from its
/// aspect ratio before it arrives (`ImageSizing`), the pixel size that box needs on this
/// screen (`ImageLoad`: points × `displayScale`), the placeholder colour (shimmering only
/// when Reduce Motion is off) until it arrives and for good if it fails, the load cancelled
/// when the view disappears, and its `alt` for VoiceOver.
public struct RemoteImage: View {
    let image: ImageData
    /// At most this tall (a card's image), in points.
    var maxHeight: CGFloat?

    public init(image: ImageData, maxHeight: CGFloat? = nil) {
        self.image = image
        self.maxHeight = maxHeight
    }

    @Environment(\.flowImages) private var pipeline
    @Environment(\.flowBaseURL) private var baseURL
    @Environment(\.displayScale) private var displayScale
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.colorScheme) private var systemScheme
    @Environment(\.flowTheme) private var theme
    @State private var load = ImageLoad()
    /// The `CGImage` of the bitmap shown, made once per bitmap, not at every evaluation.
    @State private var drawn = BitmapRendition<CGImage>()
    @State private var box = CGSize.zero

    public var body: some View {
        let ratio = CGFloat(image.aspectRatio ?? ImageSizing.defaultAspectRatio)
        return placeholder
            .aspectRatio(ratio, contentMode: .fit)
            .frame(maxHeight: maxHeight)
            .overlay(alignment: .center) { picture }
            .clipShape(ChromeModifier.shape(image.cornerRadius))
            .onGeometryChange(for: CGSize.self, of: { $0.size }) { size in
                box = size
                start()
            }
            .onAppear(perform: start)
            .onDisappear(perform: load.cancel)
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(verbatim: AccessibilityText.clean(image.alt) ?? ""))
            .accessibilityAddTraits(.isImage)
            .accessibilityHidden(AccessibilityText.clean(image.alt) == nil)
    }

    @ViewBuilder
    private var picture: some View {
        if let cgImage = drawn.rendition(of: load, make: { $0.cgImage }) {
            Image(decorative: cgImage, scale: displayScale, orientation: .up)
                .resizable(capInsets: EdgeInsets(), resizingMode: .stretch)
                .aspectRatio(contentMode: image.scaleMode == .fit ? .fit : .fill)
        }
    }

    private var placeholder: some View {
        let colour = image.placeholderColor.map { Color(theme.color($0, scheme: themeScheme(systemScheme))) }
            ?? Color(theme.color(ColorData(token: "surface"), scheme: themeScheme(systemScheme)))
        let shimmering = MotionPolicy(reducesMotion: reduceMotion).shimmers(image.shimmer) && load.phase == .loading
        return colour.opacity(shimmering ? 0.6 : 1)
    }

    private func start() {
        guard let pipeline, box.width > 0, box.height > 0 else { return }
        load.load(image, width: Double(box.width), height: Double(box.height), scale: Double(displayScale), baseURL: baseURL, pipeline: pipeline)
    }
}
