extension AvailabilityChecker {
    /// The API of the Swift standard library (and its Concurrency module) that the package uses
    /// and that is newer than its deployment targets (iOS 18, macOS 15). Linux has it without
    /// any `@available`, and no module here can declare it again, so it is listed as text for
    /// the checker to read like `Sources/AppleDeclarations`.
    ///
    /// Each declaration is copied from the page named above it
    /// (`https://developer.apple.com/documentation/<path>`), with the availability the page
    /// gives for iOS and macOS. Add an entry when the package starts using standard-library API
    /// newer than the deployment targets.
    static let standardLibraryDeclarations = """
        extension Task {
            // swift/task/escalatepriority(to:) (iOS 26.0, macOS 26.0 on the page; used by
            // ImagePipeline to raise a shared decode to a waiter's priority)
            @available(iOS 26.0, macOS 26.0, *)
            public func escalatePriority(to newPriority: TaskPriority)
        }
        """
}
