#if os(iOS)
import SwiftUI

/// The app's entry point, on iOS only: on Linux these sources are type-checked as a library
/// of the root package (against the declarations of Apple's API), where no `main` may be.
@main
struct AppMain {
    @MainActor
    static func main() {
        VitrineShopApp.main()
    }
}
#endif
