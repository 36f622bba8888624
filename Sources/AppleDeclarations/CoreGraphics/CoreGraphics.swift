// Declarations of the Core Graphics (and Core Foundation) API FlowSwiftUI draws bitmaps with,
// copied from Apple's documentation (the path after developer.apple.com/documentation/
// above each). Linux only; never run. CGFloat, CGSize, CGPoint and CGRect are Foundation's
// on Linux and are not declared here.
//
// The pages show the Swift form of C types: `class` for the opaque CF and CG types, `enum` and
// `struct` for the C enums and option sets. Raw types the pages do not show are the C
// headers' (noted where so); conformances the pages do not list are not claimed.
#if os(Linux)
import Foundation

// corefoundation/cfindex
public typealias CFIndex = Int

// corefoundation/cfallocator
public class CFAllocator {}

// corefoundation/cfdata
public class CFData {}

// corefoundation/cfstring (UNVERIFIED: the page is not in the stored documentation; declared
// as its siblings corefoundation/cfdata and corefoundation/cfallocator read)
public class CFString {}

// corefoundation/cfdatacreate(_:_:_:)
public func CFDataCreate(_ allocator: CFAllocator!, _ bytes: UnsafePointer<UInt8>!, _ length: CFIndex) -> CFData! { fatalError() }

// coregraphics/cgcolorspace
public class CGColorSpace {
    // coregraphics/cgcolorspace/init(name:)
    public init?(name: CFString) { fatalError() }
    // coregraphics/cgcolorspace/srgb (`class let sRGB: CFString`, an imported C constant; Swift
    // source cannot write `class let`, and `static let` reads the same at a call site.
    // nonisolated(unsafe) because CFString is not claimed Sendable.)
    nonisolated(unsafe) public static let sRGB: CFString = { fatalError() }()
}

// coregraphics/cgdataprovider
public class CGDataProvider {
    // coregraphics/cgdataprovider/init(data:)
    public init?(data: CFData) { fatalError() }
}

// coregraphics/cgimagealphainfo (PARTLY: `enum CGImageAlphaInfo`; the pages of the cases last,
// premultipliedFirst and first were read; the other cases and the UInt32 raw values are the
// C header's)
public enum CGImageAlphaInfo: UInt32 {
    // coregraphics/cgimagealphainfo/none (UNVERIFIED: its page was not returned; the case and its
    // raw value are the C header's)
    case none = 0
    // coregraphics/cgimagealphainfo/premultipliedlast (UNVERIFIED: its page was not returned; the
    // case and its raw value are the C header's)
    case premultipliedLast = 1
    // coregraphics/cgimagealphainfo/premultipliedfirst
    case premultipliedFirst = 2
    // coregraphics/cgimagealphainfo/last
    case last = 3
    // coregraphics/cgimagealphainfo/first
    case first = 4
    // coregraphics/cgimagealphainfo/noneskiplast (UNVERIFIED: its page was not returned; the case
    // and its raw value are the C header's)
    case noneSkipLast = 5
    // coregraphics/cgimagealphainfo/noneskipfirst (UNVERIFIED: its page was not returned; the case
    // and its raw value are the C header's)
    case noneSkipFirst = 6
    // coregraphics/cgimagealphainfo/alphaonly (UNVERIFIED: its page was not returned; the case and
    // its raw value are the C header's)
    case alphaOnly = 7
}

// coregraphics/cgbitmapinfo (`struct CGBitmapInfo`; an OptionSet with init(rawValue: UInt32)
// as Apple's iOS 8.1 API diffs for Core Graphics record)
public struct CGBitmapInfo: OptionSet {
    public let rawValue: UInt32
    // coregraphics/cgbitmapinfo/init(rawvalue:)
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

// coregraphics/cgcolorrenderingintent (PARTLY: `enum CGColorRenderingIntent`; cases from the page
// of coregraphics/cgcontext/setrenderingintent(_:); Int32 raw values, the C header's)
public enum CGColorRenderingIntent: Int32 {
    // coregraphics/cgcolorrenderingintent/defaultintent
    case defaultIntent = 0
    // coregraphics/cgcolorrenderingintent/absolutecolorimetric (LISTED: named on the page of
    // coregraphics/cgcontext/setrenderingintent(_:); `case defaultIntent` was read)
    case absoluteColorimetric = 1
    // coregraphics/cgcolorrenderingintent/relativecolorimetric (LISTED: as absoluteColorimetric)
    case relativeColorimetric = 2
    // coregraphics/cgcolorrenderingintent/perceptual (LISTED: as absoluteColorimetric)
    case perceptual = 3
    // coregraphics/cgcolorrenderingintent/saturation (LISTED: as absoluteColorimetric)
    case saturation = 4
}

// coregraphics/cglinecap (PARTLY: `enum CGLineCap`; Int32 raw values, the C header's)
public enum CGLineCap: Int32 {
    // coregraphics/cglinecap/butt
    case butt = 0
    // coregraphics/cglinecap/round
    case round = 1
    // coregraphics/cglinecap/square
    case square = 2
}

// coregraphics/cglinejoin (PARTLY: `enum CGLineJoin`; Int32 raw values, the C header's)
public enum CGLineJoin: Int32 {
    // coregraphics/cglinejoin/miter
    case miter = 0
    // coregraphics/cglinejoin/round (LISTED: named on the type's page; `case miter` and
    // `case bevel` were read)
    case round = 1
    // coregraphics/cglinejoin/bevel
    case bevel = 2
}

// coregraphics/cgimage
public class CGImage {
    // coregraphics/cgimage/init(width:height:bitspercomponent:bitsperpixel:bytesperrow:space:bitmapinfo:provider:decode:shouldinterpolate:intent:)
    public init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int, space: CGColorSpace,
        bitmapInfo: CGBitmapInfo, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool,
        intent: CGColorRenderingIntent
    ) { fatalError() }
}
#endif
