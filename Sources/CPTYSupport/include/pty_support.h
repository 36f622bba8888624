#ifndef PTY_SUPPORT_H
#define PTY_SUPPORT_H
#include <stddef.h>

/// Opens a new pseudo-terminal master (posix_openpt, grantpt, unlockpt) and writes its slave's
/// path into `name`. Returns the master's descriptor, or -1 with errno set. For the mode
/// tests and `vitrine bench app`, which run the binary on a terminal of their own.
int vt_open_pty_master(char *name, size_t length);

#endif
