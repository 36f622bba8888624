#ifndef VITRINE_CSQLITE_SHIM_H
#define VITRINE_CSQLITE_SHIM_H
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import:
   binding with it makes SQLite copy the bytes before the call returns, so Swift's buffers
   need to live only for the call. */
static inline sqlite3_destructor_type vitrine_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/* Each page cache (every connection's, and every temporary b-tree's: a sort, an IN list)
   begins with a bulk allocation of 20 pages, about 88 KB. A process that maps allocations of
   64 KiB and more (the HTTP front's setting for request bodies) would map, fault in and unmap
   it each time a statement opens one. With no bulk allocation, pages are allocated as they are
   used. Process-wide; SQLite accepts it only before its first use (SQLITE_MISUSE after). */
static inline int vitrine_sqlite_allocate_page_caches_as_used(void) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}

/* A statement journal (a savepoint's, as each job of the store's writer has) is held in memory
   in one chunk of its spill size, 64 KiB by default, which that process would map and unmap
   for every job that changed a page twice. 60 KiB keeps the chunk under the threshold and the
   spill to a file where it was. Process-wide, before SQLite's first use. */
static inline int vitrine_sqlite_spill_statement_journals_after(int bytes) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}

#endif
