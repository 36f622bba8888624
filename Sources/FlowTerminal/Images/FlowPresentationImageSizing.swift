import FlowPresentation

/// The cross-platform pixel-size rule for a cell box: half blocks show a cell as 1 × 2 pixels.
enum FlowPresentationImageSizing {
    static func pixelSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
        ImageSizing.pixelSize(width: Double(columns), height: Double(rows), pixelsPerUnit: (x: 1, y: 2))
    }
}
