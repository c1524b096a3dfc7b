//===- SqliteStore.h - The history in an SQLite file ------------*- C++ -*-===//
//
// Internal to lib/history. Writers of one file take turns: each add is a
// BEGIN IMMEDIATE transaction (the file's write lock from its start), and
// a writer that finds the file locked waits for it (busy timeout, 60 s)
// instead of failing; a reader waits for a writer's commit the same way.
// (Not WAL: switching a new file to it races with a second opener, which
// then fails at once with "database is locked", busy timeout or not.)
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_HISTORY_SQLITESTORE_H
#define HOTPATH_HISTORY_SQLITESTORE_H

#include "hotpath/history/Store.h"

namespace hotpath::history {

std::unique_ptr<Store> openSqliteStore(const std::string &Path,
                                       std::string &Error);

} // namespace hotpath::history

#endif // HOTPATH_HISTORY_SQLITESTORE_H
