// Declarations of the CoreGraphics (and CoreFoundation) API FlowSwiftUI draws bitmaps with,
// copied from Apple's documentation (the path after developer.apple.com/documentation/
// above each). Linux only; never run. CGFloat, CGSize, CGPoint and CGRect are Foundation's
// on Linux and are not declared here.
#if os(Linux)
import Foundation

// corefoundation/cfindex
public typealias CFIndex = Int

// corefoundation/cfallocator
public final class CFAllocator {}

// corefoundation/cfdata
public final class CFData {}

// corefoundation/cfstring (immutable; the SDK imports it as Sendable, as it does NSString.
// @unchecked here only because a declaration-only class has no storage to check.)
public final class CFString: @unchecked Sendable {}

// corefoundation/1542359-cfdatacreate
public func CFDataCreate(_ allocator: CFAllocator!, _ bytes: UnsafePointer<UInt8>!, _ length: CFIndex) -> CFData! { fatalError() }

// coregraphics/cgcolorspace
public final class CGColorSpace {
    // coregraphics/cgcolorspace/init(name:)
    public init?(name: CFString) { fatalError() }
    // coregraphics/cgcolorspace/srgb
    public static let sRGB: CFString = { fatalError() }()
}

// coregraphics/cgdataprovider
public final class CGDataProvider {
    // coregraphics/cgdataprovider/init(data:)
    public init?(data: CFData) { fatalError() }
}

// coregraphics/cgimagealphainfo
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

// coregraphics/cgbitmapinfo
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    // coregraphics/cgbitmapinfo/init(rawvalue:)
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

// coregraphics/cgcolorrenderingintent
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}

// coregraphics/cglinecap
public enum CGLineCap: Int32, Sendable {
    case butt = 0, round, square
}

// coregraphics/cglinejoin
public enum CGLineJoin: Int32, Sendable {
    case miter = 0, round, bevel
}

// coregraphics/cgimage
public final class CGImage {
    // coregraphics/cgimage/init(width:height:bitspercomponent:bitsperpixel:bytesperrow:space:bitmapinfo:provider:decode:shouldinterpolate:intent:)
    public init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int, space: CGColorSpace,
        bitmapInfo: CGBitmapInfo, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool,
        intent: CGColorRenderingIntent
    ) { fatalError() }
}
#endif
