#ifndef VITRINE_CMICROHTTPD_SHIM_H
#define VITRINE_CMICROHTTPD_SHIM_H
#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <string.h>
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
    unsigned int per_ip_connection_limit;
    /** Where to bind (an IPv4 or IPv6 address with its port); the port argument is ignored. */
    const struct sockaddr *address;
} vitrine_mhd_settings;

static inline struct MHD_Daemon *vitrine_mhd_start(
    const vitrine_mhd_settings *settings,
    MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    vitrine_mhd_uri_logger uri_logger, void *uri_logger_cls,
    MHD_NotifyConnectionCallback connection_notify, void *connection_notify_cls)
{
    struct MHD_OptionItem options[] = {
        { MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)settings->connection_memory_limit, NULL },
        { MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)settings->connection_timeout, NULL },
        { MHD_OPTION_CONNECTION_LIMIT, (intptr_t)settings->connection_limit, NULL },
        { MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)settings->per_ip_connection_limit, NULL },
        { MHD_OPTION_SOCK_ADDR, 0, (void *)settings->address },
        { settings->thread_pool_size > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END,
          (intptr_t)settings->thread_pool_size, NULL },
        { MHD_OPTION_END, 0, NULL },
    };
    return MHD_start_daemon(settings->flags, 0, NULL, NULL, handler, handler_cls,
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

/** Empties the query of the request line libmicrohttpd is parsing; called from the URI-log
    callback with the `uri` it received.

    libmicrohttpd 0.9.75 parses every query argument into a 56-byte record in the connection's
    memory pool right after the URI logger returns. A target of a few hundred `a&a&...` fills
    the pool, and that error path then overwrites its own 431 state, so the connection hangs
    until the idle timeout and the completed callback never runs. The front never reads the
    library's parsed arguments (it parses the raw target itself), so they are cut off here:
    `uri` points into the connection's own, writable line buffer, the library has already
    found the '?' it will overwrite with NUL, and a NUL just after it leaves an empty argument
    string. The front's tests check this on every build. */
static inline void vitrine_mhd_forget_query(const char *uri)
{
#if MHD_VERSION <= 0x00097500
    char *mark = strchr(uri, '?');
    if (mark != NULL) mark[1] = '\0';
#else
    /* Another version parses differently; the many-arguments test says whether it needs this. */
    (void)uri;
#endif
}
#endif
