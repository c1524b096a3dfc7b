//===- JsonFields.h - Checked reads of a report's JSON fields ---*- C++ -*-===//
//
// The one reader every section of a report goes through (ReportJsonRead,
// CpuSamples, Locks, ReportCache): a field of the expected type, or one
// ReadError naming where it is and what was there instead
// ("functions_timing.data[3].calls: expected a non-negative integer, got a
// string"; "meta.run: missing"), which parseReport prints as its one line.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_JSONFIELDS_H
#define HOTPATH_REPORT_JSONFIELDS_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hotpath::report::json {

using Json = nlohmann::json;

/// What a checked read throws: its message is the whole line.
struct ReadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// "Path: What" (What alone at the top level).
[[noreturn]] void fail(const std::string &Path, const std::string &What);
/// "Path: expected What".
[[noreturn]] void expected(const std::string &Path, const std::string &What);
/// Unless Ok: "Path: expected What, got <J's type>".
void expect(bool Ok, const Json &J, const std::string &Path, const char *What);
/// "Path.Key", or Key at the top level.
std::string sub(const std::string &Path, const std::string &Key);

/// The field Key of the object O at Path, which must be there.
const Json &need(const Json &O, const std::string &Path,
                 const std::string &Key);
uint64_t unsignedAt(const Json &O, const std::string &Path,
                    const std::string &Key);
double numberAt(const Json &O, const std::string &Path, const std::string &Key);
std::string stringAt(const Json &O, const std::string &Path,
                     const std::string &Key);
const Json &arrayAt(const Json &O, const std::string &Path,
                    const std::string &Key);
std::vector<uint64_t> unsignedsAt(const Json &O, const std::string &Path,
                                  const std::string &Key);
/// Absent or null: nullopt.
std::optional<std::string> optStringAt(const Json &O, const std::string &Path,
                                       const std::string &Key);
std::optional<bool> optBoolAt(const Json &O, const std::string &Path,
                              const std::string &Key);
/// The same of a value (`Path` already names it).
uint64_t unsignedOf(const Json &V, const std::string &Path);
void needObject(const Json &O, const std::string &Path);

/// Calls F(element, its path) for each element of the array Key of O,
/// each of which must be an object ("P.key[3]").
template <typename Fn>
void forEachObject(const Json &O, const std::string &Path,
                   const std::string &Key, Fn F) {
  const Json &A = arrayAt(O, Path, Key);
  std::string AP = sub(Path, Key);
  for (size_t I = 0; I < A.size(); ++I) {
    std::string EP = AP + "[" + std::to_string(I) + "]";
    needObject(A[I], EP);
    F(A[I], EP);
  }
}

} // namespace hotpath::report::json

#endif // HOTPATH_REPORT_JSONFIELDS_H
