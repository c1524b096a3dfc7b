//===- JsonFields.cpp - Checked reads of a report's JSON fields -----------===//
#include "hotpath/report/JsonFields.h"

namespace hotpath::report::json {

namespace {
const char *typeName(const Json &J) {
  switch (J.type()) {
  case Json::value_t::null:
    return "null";
  case Json::value_t::boolean:
    return "a boolean";
  case Json::value_t::string:
    return "a string";
  case Json::value_t::array:
    return "an array";
  case Json::value_t::object:
    return "an object";
  case Json::value_t::number_float:
    return "a fractional number";
  case Json::value_t::number_integer:
  case Json::value_t::number_unsigned:
    return "an integer";
  default:
    return "an unknown value";
  }
}
} // namespace

void fail(const std::string &Path, const std::string &What) {
  throw ReadError(Path.empty() ? What : Path + ": " + What);
}

void expected(const std::string &Path, const std::string &What) {
  fail(Path, "expected " + What);
}

void expect(bool Ok, const Json &J, const std::string &Path, const char *What) {
  if (!Ok)
    fail(Path, std::string("expected ") + What + ", got " + typeName(J));
}

std::string sub(const std::string &Path, const std::string &Key) {
  return Path.empty() ? Key : Path + "." + Key;
}

const Json &need(const Json &O, const std::string &Path,
                 const std::string &Key) {
  auto It = O.find(Key);
  if (It == O.end())
    fail(sub(Path, Key), "missing");
  return *It;
}

uint64_t unsignedOf(const Json &V, const std::string &Path) {
  expect(V.is_number_unsigned() ||
             (V.is_number_integer() && V.get<int64_t>() >= 0),
         V, Path, "a non-negative integer");
  return V.get<uint64_t>();
}

uint64_t unsignedAt(const Json &O, const std::string &Path,
                    const std::string &Key) {
  return unsignedOf(need(O, Path, Key), sub(Path, Key));
}

double numberAt(const Json &O, const std::string &Path,
                const std::string &Key) {
  const Json &V = need(O, Path, Key);
  expect(V.is_number(), V, sub(Path, Key), "a number");
  return V.get<double>();
}

std::string stringAt(const Json &O, const std::string &Path,
                     const std::string &Key) {
  const Json &V = need(O, Path, Key);
  expect(V.is_string(), V, sub(Path, Key), "a string");
  return V.get<std::string>();
}

const Json &arrayAt(const Json &O, const std::string &Path,
                    const std::string &Key) {
  const Json &V = need(O, Path, Key);
  expect(V.is_array(), V, sub(Path, Key), "an array");
  return V;
}

std::vector<uint64_t> unsignedsAt(const Json &O, const std::string &Path,
                                  const std::string &Key) {
  const Json &A = arrayAt(O, Path, Key);
  std::string AP = sub(Path, Key);
  std::vector<uint64_t> Out;
  for (size_t I = 0; I < A.size(); ++I)
    Out.push_back(unsignedOf(A[I], AP + "[" + std::to_string(I) + "]"));
  return Out;
}

std::optional<std::string> optStringAt(const Json &O, const std::string &Path,
                                       const std::string &Key) {
  auto It = O.find(Key);
  if (It == O.end() || It->is_null())
    return std::nullopt;
  expect(It->is_string(), *It, sub(Path, Key), "a string or null");
  return It->get<std::string>();
}

std::optional<bool> optBoolAt(const Json &O, const std::string &Path,
                              const std::string &Key) {
  auto It = O.find(Key);
  if (It == O.end() || It->is_null())
    return std::nullopt;
  expect(It->is_boolean(), *It, sub(Path, Key), "a boolean or null");
  return It->get<bool>();
}

void needObject(const Json &O, const std::string &Path) {
  expect(O.is_object(), O, Path, "an object");
}

} // namespace hotpath::report::json
