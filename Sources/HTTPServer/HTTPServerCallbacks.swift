import CMicroHTTPD
import Foundation

/// The C entry points libmicrohttpd calls. Each one only unwraps its pointers and forwards
/// to `HTTPServerCore`; `cls` is the core, `con_cls` the request's `HTTPRequestContext`, the
/// socket context the connection's `HTTPConnection`.
enum HTTPServerCallbacks {
    static let acceptPolicy: MHD_AcceptPolicyCallback = { cls, address, _ in
        guard let cls else { return .NO }
        let core = Unmanaged<HTTPServerCore>.fromOpaque(cls).takeUnretainedValue()
        return core.watch.admits(HTTPConnection.clientAddress(of: address)) ? .YES : .NO
    }

    static let started: vitrine_mhd_uri_logger = { cls, uri, connection in
        guard let cls else { return nil }
        let core = Unmanaged<HTTPServerCore>.fromOpaque(cls).takeUnretainedValue()
        return core.requestStarted(target: uri, on: connection)
    }

    static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, version, uploadData, uploadSize, conCls in
        guard let cls, let connection, let uploadSize, let conCls else { return .NO }
        let core = Unmanaged<HTTPServerCore>.fromOpaque(cls).takeUnretainedValue()
        if conCls.pointee == nil {
            // The URI logger always runs first; this only guards against a library that skips it.
            conCls.pointee = core.requestStarted(target: url, on: connection)
        }
        guard let pointer = conCls.pointee else { return .NO }
        return core.access(
            connection: connection, line: HTTPRequestLine(method: method, target: url, version: version),
            uploadData: uploadData, uploadSize: uploadSize, context: HTTPRequestContext.borrowed(pointer))
    }

    static let completed: MHD_RequestCompletedCallback = { cls, _, conCls, termination in
        guard let cls, let conCls, let pointer = conCls.pointee else { return }
        conCls.pointee = nil
        let core = Unmanaged<HTTPServerCore>.fromOpaque(cls).takeUnretainedValue()
        core.requestCompleted(HTTPRequestContext.release(pointer), termination: termination)
    }

    static let connection: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
        guard let cls, let connection, let socketContext else { return }
        let core = Unmanaged<HTTPServerCore>.fromOpaque(cls).takeUnretainedValue()
        switch code {
        case .CONNECTION_NOTIFY_STARTED:
            socketContext.pointee = core.connectionStarted(connection)
        case .CONNECTION_NOTIFY_CLOSED:
            guard let pointer = socketContext.pointee else { return }
            socketContext.pointee = nil
            core.connectionClosed(HTTPConnection.release(pointer))
        default:
            return
        }
    }
}
