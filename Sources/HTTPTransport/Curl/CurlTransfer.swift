#if !canImport(Darwin)
import CCurl
import Foundation
import Synchronization

/// One exchange in libcurl: its easy handle, set up from a request, and what the callbacks
/// collect, which is where the limits hold: the body callback refuses the byte past
/// `maxBytes` (decoded bytes: curl inflates before it calls), and returning less than it was
/// given makes curl abort the transfer at once and close its connection.
///
/// `@unchecked Sendable`: it is made on the caller's thread and handed to `CurlDriver` under
/// its inbox's lock; from then on only the driver's thread touches it (curl calls the
/// callbacks from `curl_multi_perform` there), except `isCancelled`, which is atomic, and
/// `deinit`, which runs once the driver has let it go.
final class CurlTransfer: @unchecked Sendable {
    /// The most header bytes read (all header lines, interim answers included).
    static let maxHeaderBytes = 256 << 10

    let easy: UnsafeMutableRawPointer
    let limits: Limits
    let startedAt = ContinuousClock.now
    /// When a byte last came (or the transfer started): the idle timeout counts from here.
    private(set) var lastReadAt = ContinuousClock.now
    /// Set when the calling task is cancelled; the driver then removes the transfer.
    let isCancelled = Atomic<Bool>(false)
    var continuation: CheckedContinuation<HTTPSession.Response, any Error>?

    private var body = Data()
    private var headers: [String: String] = [:]
    private var headerBytes = 0
    /// Why a callback or the driver stopped the transfer, which outranks curl's own code.
    private var stopReason: HTTPSession.Failure?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

    init(_ request: HTTPSession.Request, limits: Limits) throws(HTTPSession.Failure) {
        guard let easy = curl_easy_init() else { throw .connection("libcurl could not make a transfer") }
        self.easy = easy
        self.limits = limits
        errorBuffer.initialize(to: 0)
        guard configure(for: request) else { throw .refused("libcurl refused the request's options") }
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Stops the transfer for `reason` (the driver's idle timeout).
    func stop(_ reason: HTTPSession.Failure) {
        if stopReason == nil { stopReason = reason }
    }

    /// What the caller gets, once curl is done with the transfer (`code`) or the driver removed
    /// it (`nil`).
    func outcome(_ code: CURLcode?) -> Result<HTTPSession.Response, any Error> {
        if isCancelled.load(ordering: .acquiring) { return .failure(CancellationError()) }
        if let stopReason { return .failure(stopReason) }
        guard let code else { return .failure(CancellationError()) }
        switch code {
        case CURLE_OK:
            var status = 0
            _ = vitrine_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
            return .success(HTTPSession.Response(status: status, headers: headers, body: body))
        case CURLE_FILESIZE_EXCEEDED:
            return .failure(HTTPSession.Failure.tooLarge(limit: limits.maxBytes))
        case CURLE_OPERATION_TIMEDOUT:
            // The deadline when it is the shorter bound (it then always ends the wait first,
            // even while connecting), or when it has passed.
            let whole = limits.timeouts.deadline <= limits.timeouts.idle || ContinuousClock.now - startedAt >= limits.timeouts.deadline
            return .failure(
                HTTPSession.Failure.timedOut(
                    whole ? "no whole answer within \(limits.timeouts.deadline)" : "no connection within \(limits.timeouts.idle)"))
        default:
            let detail = String(cString: errorBuffer)
            return .failure(HTTPSession.Failure.connection(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail))
        }
    }

    // MARK: - Callbacks (the driver's thread)

    /// Keeps `bytes` of body, or refuses them (and so stops the transfer) past the cap.
    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lastReadAt = .now
        guard bytes.count <= limits.maxBytes - body.count else {
            stop(.tooLarge(limit: limits.maxBytes))
            body = Data()
            return false
        }
        if let base = bytes.baseAddress { body.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
        return true
    }

    /// One header line (curl hands them whole): a status line starts a new answer (after a
    /// 1xx), a field is kept by its lower-cased name.
    fileprivate func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lastReadAt = .now
        headerBytes += bytes.count
        guard headerBytes <= Self.maxHeaderBytes else {
            stop(.connection("the answer's header is larger than \(Self.maxHeaderBytes) bytes"))
            return false
        }
        if let field = HeaderLine(bytes) {
            switch field {
            case .status: headers = [:]
            case .field(let name, let value): headers[name] = headers[name].map { $0 + ", " + value } ?? value
            }
        }
        return true
    }

    /// Bytes as they come off the wire (before decoding) count against the cap as well, so a
    /// compressed body that decodes to little cannot be endless either.
    fileprivate func receiveProgress(downloaded: curl_off_t) -> Bool {
        guard downloaded <= curl_off_t(limits.maxBytes) else {
            stop(.tooLarge(limit: limits.maxBytes))
            return false
        }
        return true
    }
}

extension CurlTransfer {
    /// Sets the options: the URL and its method, headers and body; http and https only; no
    /// redirects followed, no signals, gzip accepted and decoded; the deadline, the connect
    /// timeout and the cap on an announced length; the callbacks. Cookies, `.netrc`, HSTS and
    /// Alt-Svc stay off (curl's defaults, never turned on here).
    private func configure(for request: HTTPSession.Request) -> Bool {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var ok = setString(CURLOPT_URL, request.url.absoluteString)
        ok = ok && setString(CURLOPT_PROTOCOLS_STR, "http,https")
        ok = ok && setString(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        ok = ok && setLong(CURLOPT_FOLLOWLOCATION, 0)
        ok = ok && setLong(CURLOPT_NOSIGNAL, 1)
        // gzip only, decoded by curl before the body callback, where the cap counts it.
        ok = ok && setString(CURLOPT_ACCEPT_ENCODING, "gzip")
        ok = ok && setLong(CURLOPT_TIMEOUT_MS, limits.timeouts.deadline.clampedMilliseconds)
        ok = ok && setLong(CURLOPT_CONNECTTIMEOUT_MS, limits.timeouts.idle.clampedMilliseconds)
        ok = ok && vitrine_curl_easy_setopt_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBytes)) == CURLE_OK
        ok = ok && vitrine_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer) == CURLE_OK
        ok = ok && vitrine_curl_easy_setopt_write_callback(easy, CURLOPT_WRITEFUNCTION, curlReceiveBody) == CURLE_OK
        ok = ok && vitrine_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context) == CURLE_OK
        ok = ok && vitrine_curl_easy_setopt_write_callback(easy, CURLOPT_HEADERFUNCTION, curlReceiveHeader) == CURLE_OK
        ok = ok && vitrine_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context) == CURLE_OK
        ok = ok && vitrine_curl_easy_setopt_xferinfo_callback(easy, curlReceiveProgress) == CURLE_OK
        ok = ok && vitrine_curl_easy_setopt_pointer(easy, CURLOPT_XFERINFODATA, context) == CURLE_OK
        ok = ok && setLong(CURLOPT_NOPROGRESS, 0)
        return ok && configureMethod(request) && configureHeaders(request)
    }

    private func configureMethod(_ request: HTTPSession.Request) -> Bool {
        let method = request.method.uppercased()
        var ok = true
        switch method {
        case "GET" where request.body == nil: ok = setLong(CURLOPT_HTTPGET, 1)
        case "HEAD" where request.body == nil: ok = setLong(CURLOPT_NOBODY, 1)
        default:
            // POSTFIELDS sends the body (an empty one too, with its Content-Length) as a POST;
            // CUSTOMREQUEST then names any other method.
            let body = request.body ?? Data()
            ok = setLong(CURLOPT_POST, 1)
            ok = ok && vitrine_curl_easy_setopt_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)) == CURLE_OK
            // COPYPOSTFIELDS copies the POSTFIELDSIZE bytes now, so the body need not outlive
            // this call (an empty body is an empty C string).
            ok = ok && body.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return setString(CURLOPT_COPYPOSTFIELDS, "") }
                return vitrine_curl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base)) == CURLE_OK
            }
            if method != "POST" { ok = ok && setString(CURLOPT_CUSTOMREQUEST, request.method) }
        }
        return ok
    }

    private func configureHeaders(_ request: HTTPSession.Request) -> Bool {
        var lines = request.headerFields.map { "\($0.name): \($0.value)" }
        // No `Expect: 100-continue` round trip before a body, and no form type curl would
        // otherwise assume for one (an empty value removes a field curl adds).
        lines.append("Expect:")
        if request.value(forHTTPHeaderField: "Content-Type") == nil { lines.append("Content-Type:") }
        for line in lines {
            guard let appended = curl_slist_append(headerList, line) else { return false }
            headerList = appended
        }
        return vitrine_curl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList) == CURLE_OK
    }

    private func setLong(_ option: CURLoption, _ value: Int) -> Bool {
        vitrine_curl_easy_setopt_long(easy, option, value) == CURLE_OK
    }

    private func setString(_ option: CURLoption, _ value: String) -> Bool {
        vitrine_curl_easy_setopt_string(easy, option, value) == CURLE_OK
    }
}

// C callbacks: `context` is the transfer, which the driver keeps alive while curl has it.

private let curlReceiveBody: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let (length, overflow) = size.multipliedReportingOverflow(by: count)
    guard !overflow else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private let curlReceiveHeader: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let (length, overflow) = size.multipliedReportingOverflow(by: count)
    guard !overflow else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private let curlReceiveProgress: curl_xferinfo_callback = { context, _, downloaded, _, _ in
    guard let context else { return 1 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveProgress(downloaded: downloaded) ? 0 : 1
}
#endif
