#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <unistd.h>
#include "pty_support.h"

int vt_open_pty_master(char *name, size_t length) {
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, name, length) != 0) {
        close(master);
        return -1;
    }
    return master;
}

int vt_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int vt_spawnattr_reset_signals(posix_spawnattr_t *attributes, int new_session) {
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(attributes, &all);
    posix_spawnattr_setsigmask(attributes, &none);
    short flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK;
    if (new_session) flags |= POSIX_SPAWN_SETSID;
    return posix_spawnattr_setflags(attributes, flags);
}

int vt_pipe_close_on_exec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}
