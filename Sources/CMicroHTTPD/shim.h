#ifndef VITRINE_CMICROHTTPD_SHIM_H
#define VITRINE_CMICROHTTPD_SHIM_H
#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <string.h>
#include <malloc.h>
#include <microhttpd.h>

/* MHD_start_daemon and MHD_get_daemon_info are variadic, and MHD_get_connection_info answers
   a union, which Swift cannot call or read well; these fixed-signature wrappers are the only C
   the server front needs. */

/** The URI logger: called once per request, before the headers are parsed, with the raw
    target; what it returns becomes the request's context. */
typedef void *(*vitrine_mhd_uri_logger)(void *cls, const char *uri, struct MHD_Connection *connection);

/** Every daemon option the server front sets, in one struct. */
typedef struct vitrine_mhd_settings {
    unsigned int flags;
    /** 0 or 1 runs a single polling thread; more starts a pool. */
    unsigned int thread_pool_size;
    size_t connection_memory_limit;
    /** Seconds a connection may stay idle (including mid-body) before it is closed. */
    unsigned int connection_timeout;
    unsigned int connection_limit;
    /** Where to bind (an IPv4 or IPv6 address with its port); the port argument is ignored. */
    const struct sockaddr *address;
} vitrine_mhd_settings;

static inline struct MHD_Daemon *vitrine_mhd_start(
    const vitrine_mhd_settings *settings,
    MHD_AcceptPolicyCallback accept_policy, void *accept_policy_cls,
    MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    vitrine_mhd_uri_logger uri_logger, void *uri_logger_cls,
    MHD_NotifyConnectionCallback connection_notify, void *connection_notify_cls)
{
    struct MHD_OptionItem options[] = {
        { MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)settings->connection_memory_limit, NULL },
        { MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)settings->connection_timeout, NULL },
        { MHD_OPTION_CONNECTION_LIMIT, (intptr_t)settings->connection_limit, NULL },
        { MHD_OPTION_SOCK_ADDR, 0, (void *)settings->address },
        { settings->thread_pool_size > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END,
          (intptr_t)settings->thread_pool_size, NULL },
        { MHD_OPTION_END, 0, NULL },
    };
    return MHD_start_daemon(settings->flags, 0, accept_policy, accept_policy_cls, handler, handler_cls,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_logger, uri_logger_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, connection_notify, connection_notify_cls,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/** The port the daemon actually bound (useful after asking for port 0), or 0. */
static inline uint16_t vitrine_mhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/** poll(2)'s POLLRDHUP (the peer closed or shut down its side), which Glibc only declares
    under _GNU_SOURCE; Linux's value. */
static const short vitrine_poll_peer_closed = 0x2000;

/** The connection's socket, or -1. */
static inline int vitrine_mhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/** The peer's address (owned by libmicrohttpd, valid while the connection is), or NULL. */
static inline const struct sockaddr *vitrine_mhd_client_address(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/** What the connection-notify callback stored for this connection, or NULL. */
static inline void *vitrine_mhd_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/** The size of the request head libmicrohttpd parsed (request line, header lines and the
    empty line, in bytes as received), once the headers are in; 0 before. */
static inline size_t vitrine_mhd_head_size(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

/** Whether `p` is the NUL libmicrohttpd wrote over the space before the request line's
    version, followed by that version (`HTTP/d.d`) and the NUL it wrote over the line's end. */
static inline int vitrine_mhd_is_version_end(const char *p)
{
    return p[0] == '\0' && p[1] == 'H' && p[2] == 'T' && p[3] == 'T' && p[4] == 'P' && p[5] == '/'
        && p[6] >= '0' && p[6] <= '9' && p[7] == '.' && p[8] >= '0' && p[8] <= '9' && p[9] == '\0';
}

/** The length of the raw request target at `uri` as libmicrohttpd framed it, NUL bytes the
    client put in it included; called from the URI-log callback, before anything changes it.

    libmicrohttpd 0.9.75 finds the target between the first and the last space of the request
    line, with lengths (memchr), writes a NUL over that last space and over the line's end, and
    hands the URI logger `uri` as a C string: a NUL inside the target would cut it short. The
    target ends at the first NUL followed by `HTTP/d.d` and a NUL; the scan also stops at a CR
    or LF (which no request line holds), at two NULs in a row (the end of a line without a
    version) and after `limit` bytes, so it never leaves the line's bytes by more than one
    line of received text. A target that forges the version pattern after a NUL ends early
    here; the front then refuses it because its length disagrees with libmicrohttpd's. */
static inline size_t vitrine_mhd_target_length(const char *uri, size_t limit)
{
    size_t length = 0;
    while (length < limit) {
        const char byte = uri[length];
        if (byte == '\r' || byte == '\n') break;
        if (byte == '\0' && (vitrine_mhd_is_version_end(uri + length) || uri[length + 1] == '\0')) break;
        length++;
    }
    return length;
}

/** Empties the query of the request line libmicrohttpd is parsing; called from the URI-log
    callback with the `uri` it received and the target's length (`vitrine_mhd_target_length`).

    libmicrohttpd 0.9.75 parses every query argument into a 56-byte record in the connection's
    memory pool right after the URI logger returns. A target of a few hundred `a&a&...` fills
    the pool, and that error path then overwrites its own 431 state, so the connection hangs
    until the idle timeout and the completed callback never runs. The front never reads the
    library's parsed arguments (it parses the raw target itself), so they are cut off here:
    `uri` points into the connection's own, writable line buffer, the library has already
    found the first '?' of the target (by length, so also after a NUL) and will overwrite it
    with NUL, and a NUL just after it leaves an empty argument string. The front's tests
    check this on every build. */
static inline void vitrine_mhd_forget_query(char *uri, size_t length)
{
#if MHD_VERSION <= 0x00097500
    char *mark = memchr(uri, '?', length);
    if (mark != NULL) mark[1] = '\0';
#else
    /* Another version parses differently; the many-arguments test says whether it needs this. */
    (void)uri;
    (void)length;
#endif
}
/** Makes glibc serve every allocation of at least `threshold` bytes with its own mapping, so
    that freeing it returns the memory to the system at once (a request body is one such
    allocation); without it glibc raises the threshold as large blocks are freed and keeps
    them in its arenas. Process-wide. */
static inline void vitrine_malloc_map_from(size_t threshold)
{
    mallopt(M_MMAP_THRESHOLD, (int)threshold);
}

/** Gives free memory at the top and inside glibc's arenas back to the system. */
static inline void vitrine_malloc_trim(void)
{
    malloc_trim(0);
}
#endif
