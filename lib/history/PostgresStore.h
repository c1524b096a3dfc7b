//===- PostgresStore.h - The history in a PostgreSQL server -----*- C++ -*-===//
//
// Internal to lib/history. Many runners share one server: the schema is
// created under a transaction-scoped advisory lock (two first runners at
// once do not both create it), each add is one transaction whose run row
// is inserted with ON CONFLICT (run_key) DO NOTHING (a second writer of
// the same run waits for the first and stores nothing), and the figures go
// in one statement (arrays unnested), one round trip whatever their number.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_HISTORY_POSTGRESSTORE_H
#define HOTPATH_HISTORY_POSTGRESSTORE_H

#include "hotpath/history/Store.h"

namespace hotpath::history {

std::unique_ptr<Store> openPostgresStore(const std::string &Url,
                                         std::string &Error);

} // namespace hotpath::history

#endif // HOTPATH_HISTORY_POSTGRESSTORE_H
