#ifndef VITRINE_CPOSTGRES_SHIM_H
#define VITRINE_CPOSTGRES_SHIM_H
#include <libpq-fe.h>
#endif
