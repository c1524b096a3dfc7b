//===- JsonFields.h - Checked reads of a report's JSON fields ---*- C++ -*-===//
//
// What every section reader needs: a field of the expected type or one
// error naming where it is ("cpu_samples.stacks[3].count: expected a
// non-negative integer"), thrown as std::runtime_error for parseReport to
// print as its one line.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_JSONFIELDS_H
#define HOTPATH_REPORT_JSONFIELDS_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace hotpath::report::json {

using Json = nlohmann::json;

[[noreturn]] void expected(const std::string &Path, const char *What);

/// The field `Key` of object `O` at `Path`, which must be there.
uint64_t unsignedAt(const Json &O, const std::string &Path, const char *Key);
std::string stringAt(const Json &O, const std::string &Path, const char *Key);
const Json &arrayAt(const Json &O, const std::string &Path, const char *Key);
/// The same of an element (`Path` already names it).
uint64_t unsignedOf(const Json &V, const std::string &Path);
/// `O` must be an object.
void needObject(const Json &O, const std::string &Path);

/// Calls Fn(element, its path) for each element of the array `Key` of
/// `O`, each of which must be an object ("P.key[3]").
template <typename Fn>
void forEachObject(const Json &O, const std::string &Path, const char *Key,
                   Fn F) {
  const Json &A = arrayAt(O, Path, Key);
  for (size_t I = 0; I < A.size(); ++I) {
    std::string EP = Path + "." + Key + "[" + std::to_string(I) + "]";
    needObject(A[I], EP);
    F(A[I], EP);
  }
}

} // namespace hotpath::report::json

#endif // HOTPATH_REPORT_JSONFIELDS_H
