//===- Store.cpp - Where the history is kept ------------------------------===//
#include "hotpath/history/Store.h"
#include "PostgresStore.h"
#include "SqliteStore.h"

namespace hotpath::history {

bool isPostgresUrl(const std::string &Url) {
  return Url.rfind("postgresql://", 0) == 0 || Url.rfind("postgres://", 0) == 0;
}

bool defaultMachine(Store &S, std::string &Machine, std::string &Error) {
  if (!Machine.empty())
    return true;
  std::vector<std::string> Ms;
  if (!S.machines(Ms, Error))
    return false;
  if (!Ms.empty())
    Machine = Ms.front();
  return true;
}

std::unique_ptr<Store> openStore(const std::string &Url, std::string &Error) {
  if (isPostgresUrl(Url))
    return openPostgresStore(Url, Error);
  std::string Path = Url.rfind("sqlite:", 0) == 0 ? Url.substr(7) : Url;
  if (Path.empty()) {
    Error = "no store given";
    return nullptr;
  }
  return openSqliteStore(Path, Error);
}

} // namespace hotpath::history
