#ifndef PTY_SUPPORT_H
#define PTY_SUPPORT_H
#include <spawn.h>
#include <stddef.h>

/// Opens a new pseudo-terminal master (posix_openpt, grantpt, unlockpt) and writes its slave's
/// path into `name`. Returns the master's descriptor, or -1 with errno set. For the mode
/// tests and `vitrine bench app`, which run the binary on a terminal of their own.
int vt_open_pty_master(char *name, size_t length);

/// Adds to `actions` the closing of every descriptor from `lowest` up in the child
/// (glibc's posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module does not
/// show). A child that inherited another part of the process's descriptors (a pipe a
/// concurrent reader waits to see end, a terminal's slave) would keep them open for as long
/// as it lives: a tmux server, for one, outlives the test that started it.
int vt_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// Sets `attributes` (initialised by the caller) so that the child starts with every signal
/// at its default and none blocked (a server inherits the mask of the thread that starts it,
/// and one started with SIGTERM or SIGCHLD blocked would never hear them), and, with
/// `new_session`, in a session of its own (POSIX_SPAWN_SETSID: the terminal it opens first
/// becomes its controlling terminal). Returns posix_spawnattr_setflags's result.
int vt_spawnattr_reset_signals(posix_spawnattr_t *attributes, int new_session);

/// pipe2(fds, O_CLOEXEC): a pipe no child started later inherits.
int vt_pipe_close_on_exec(int fds[2]);

#endif
