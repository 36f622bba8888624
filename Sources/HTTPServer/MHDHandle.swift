/// A libmicrohttpd daemon or connection pointer kept in a `Mutex` and used from another
/// thread than the one that made it.
///
/// `@unchecked Sendable` because the only calls made through it off its own thread are
/// `MHD_resume_connection`, `MHD_quiesce_daemon` and `MHD_stop_daemon`, which libmicrohttpd
/// documents as callable from any thread; every holder keeps it under a mutex and takes it
/// out exactly once, so no handle is used after libmicrohttpd frees it.
struct MHDHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
