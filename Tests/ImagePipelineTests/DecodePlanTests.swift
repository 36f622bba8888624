import Testing

@testable import ImagePipeline

@Suite("DecodePlan")
struct DecodePlanTests {
    func plan(_ width: Int, _ height: Int, orientation: Int = 1, _ target: (Int, Int), _ mode: ContentMode) -> DecodePlan {
        DecodePlan(
            storedWidth: width, storedHeight: height, orientation: orientation,
            target: PixelSize(width: target.0, height: target.1), mode: mode)
    }

    @Test func fitScalesTheWholeImageInside() {
        let result = plan(4000, 3000, (300, 300), .fit)
        #expect(result.displaySize == PixelSize(width: 300, height: 225))
        #expect(result.cropWidth == 4000 && result.cropHeight == 3000)
    }

    @Test func fillCropsTheCentreToTheTargetAspect() {
        let result = plan(4000, 3000, (300, 300), .fill)
        #expect(result.displaySize == PixelSize(width: 300, height: 300))
        #expect(result.cropWidth == 3000 && result.cropHeight == 3000)
    }

    @Test func absurdTargetsStayInRange() {
        #expect(plan(64, 48, (Int.max, 10), .fit).displaySize == PixelSize(width: 13, height: 10))
        #expect(plan(64, 48, (Int.max, Int.max), .fill).displaySize == PixelSize(width: 48, height: 48))
        #expect(plan(64, 48, (Int.max, Int.max), .fit).displaySize == PixelSize(width: 64, height: 48))
    }

    @Test func smallImagesAreNeverUpscaled() {
        #expect(plan(100, 50, (400, 400), .fit).displaySize == PixelSize(width: 100, height: 50))
        let fill = plan(100, 50, (400, 200), .fill)
        #expect(fill.displaySize == PixelSize(width: 100, height: 50))
        let square = plan(100, 50, (400, 400), .fill)
        #expect(square.displaySize == PixelSize(width: 50, height: 50))
        #expect(square.cropWidth == 50)
    }

    @Test func quarterTurnsSwapStoredSides() {
        // Stored 4000 x 3000, displayed 3000 x 4000.
        let result = plan(4000, 3000, orientation: 6, (300, 300), .fit)
        #expect(result.displaySize == PixelSize(width: 225, height: 300))
        #expect(result.outputWidth == 300 && result.outputHeight == 225)
        let filled = plan(4000, 3000, orientation: 8, (300, 100), .fill)
        #expect(filled.displaySize == PixelSize(width: 300, height: 100))
        #expect(filled.cropWidth == 1000 && filled.cropHeight == 3000)
    }

    @Test func extremeAspectRatiosKeepAtLeastOnePixel() {
        #expect(plan(10_000, 1, (100, 100), .fit).displaySize == PixelSize(width: 100, height: 1))
        #expect(plan(1, 10_000, (100, 100), .fill).displaySize == PixelSize(width: 1, height: 1))
    }
}
