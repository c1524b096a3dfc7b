//===- JsonFields.cpp - Checked reads of a report's JSON fields -----------===//
#include "hotpath/report/JsonFields.h"

#include <stdexcept>

namespace hotpath::report::json {

void expected(const std::string &Path, const char *What) {
  throw std::runtime_error(Path + ": expected " + What);
}

uint64_t unsignedOf(const Json &V, const std::string &Path) {
  if (!(V.is_number_unsigned() ||
        (V.is_number_integer() && V.get<int64_t>() >= 0)))
    expected(Path, "a non-negative integer");
  return V.get<uint64_t>();
}

uint64_t unsignedAt(const Json &O, const std::string &Path, const char *Key) {
  auto It = O.find(Key);
  if (It == O.end())
    expected(Path + "." + Key, "a non-negative integer");
  return unsignedOf(*It, Path + "." + Key);
}

std::string stringAt(const Json &O, const std::string &Path, const char *Key) {
  auto It = O.find(Key);
  if (It == O.end() || !It->is_string())
    expected(Path + "." + Key, "a string");
  return It->get<std::string>();
}

const Json &arrayAt(const Json &O, const std::string &Path, const char *Key) {
  auto It = O.find(Key);
  if (It == O.end() || !It->is_array())
    expected(Path + "." + Key, "an array");
  return *It;
}

void needObject(const Json &O, const std::string &Path) {
  if (!O.is_object())
    expected(Path, "an object");
}

} // namespace hotpath::report::json
