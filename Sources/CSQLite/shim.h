#ifndef VITRINE_CSQLITE_SHIM_H
#define VITRINE_CSQLITE_SHIM_H
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import:
   binding with it makes SQLite copy the bytes before the call returns, so Swift's buffers
   need to live only for the call. */
static inline sqlite3_destructor_type vitrine_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
