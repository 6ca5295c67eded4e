#ifndef NOTEZ_CSQLITE_SHIM_H
#define NOTEZ_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
