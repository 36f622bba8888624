import CMicroHTTPD
import Foundation

/// The C entry points libmicrohttpd calls. Each one only unwraps its pointers and forwards
/// to `HTTPServerCore`; `cls` is the core, `con_cls` the request's `HTTPRequestContext`.
enum HTTPServerCallbacks {
    static let started: vitrine_mhd_uri_logger = { cls, uri, _ in
        guard let cls else { return nil }
        let core = Unmanaged<HTTPServerCore>.fromOpaque(cls).takeUnretainedValue()
        return core.requestStarted(target: uri.map { String(cString: $0) } ?? "")
    }

    static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, conCls in
        guard let cls, let connection, let uploadSize, let conCls else { return .NO }
        let core = Unmanaged<HTTPServerCore>.fromOpaque(cls).takeUnretainedValue()
        if conCls.pointee == nil {
            // The URI logger always runs first; this only guards against a library that skips it.
            conCls.pointee = core.requestStarted(target: url.map { String(cString: $0) } ?? "")
        }
        guard let pointer = conCls.pointee else { return .NO }
        return core.access(
            connection: connection, method: method.map { String(cString: $0) } ?? "",
            uploadData: uploadData, uploadSize: uploadSize, context: HTTPRequestContext.borrowed(pointer))
    }

    static let completed: MHD_RequestCompletedCallback = { cls, _, conCls, termination in
        guard let cls, let conCls, let pointer = conCls.pointee else { return }
        conCls.pointee = nil
        let core = Unmanaged<HTTPServerCore>.fromOpaque(cls).takeUnretainedValue()
        core.requestCompleted(HTTPRequestContext.release(pointer), termination: termination)
    }
}
