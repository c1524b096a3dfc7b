//===- PolicyUnits.cpp - Human units in policy files ----------------------===//
#include "hotpath/policy/PolicyUnits.h"
#include "hotpath/report/Units.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace hotpath::policy {

namespace {

struct Unit {
  const char *Name;
  double Factor;
};

const Unit ByteUnits[] = {{"B", 1},
                          {"KB", 1024.0},
                          {"KiB", 1024.0},
                          {"MB", 1024.0 * 1024},
                          {"MiB", 1024.0 * 1024},
                          {"GB", 1024.0 * 1024 * 1024},
                          {"GiB", 1024.0 * 1024 * 1024},
                          {"TB", 1024.0 * 1024 * 1024 * 1024},
                          {"TiB", 1024.0 * 1024 * 1024 * 1024}};
const Unit TimeUnits[] = {{"ns", 1},   {"us", 1e3}, {"µs", 1e3},  {"μs", 1e3},
                          {"ms", 1e6}, {"s", 1e9},  {"min", 60e9}};
const Unit CountUnits[] = {{"", 1}, {"K", 1e3}, {"M", 1e6}, {"G", 1e9}};

template <size_t N>
const Unit *find(const Unit (&Units)[N], const std::string &Name) {
  for (const Unit &U : Units)
    if (Name == U.Name)
      return &U;
  return nullptr;
}

} // namespace

const char *acceptedUnits(Quantity Q) {
  switch (Q) {
  case Quantity::Bytes:
    return "B, KB, MB, GB, TB (1 KB = 1024 B; KiB, MiB, GiB also)";
  case Quantity::Duration:
    return "ns, us (or µs), ms, s, min";
  case Quantity::Count:
    return "none, K (10^3), M (10^6), G (10^9)";
  }
  return "";
}

bool parseQuantity(const std::string &Text, Quantity Q, uint64_t &Out,
                   std::string &Error) {
  size_t I = 0;
  while (I < Text.size() && Text[I] == ' ')
    ++I;
  const char *Begin = Text.c_str() + I;
  if (I >= Text.size() ||
      !((*Begin >= '0' && *Begin <= '9') || *Begin == '.')) {
    Error = "expected a number with a unit, e.g. " +
            std::string(Q == Quantity::Bytes      ? "\"1.5 MB\""
                        : Q == Quantity::Duration ? "\"250 us\""
                                                  : "\"3M\"") +
            ", got \"" + Text + "\"";
    return false;
  }
  // Plain decimals only: strtod alone would also read hex ("0x10").
  std::string Number(Begin, std::strspn(Begin, "0123456789.eE+-"));
  char *NumEnd = nullptr;
  double V = std::strtod(Number.c_str(), &NumEnd);
  const char *End = Begin + (NumEnd - Number.c_str());
  std::string Rest(End);
  // Trim spaces around the unit ("1.5 MB", "1.5MB ").
  size_t A = Rest.find_first_not_of(' ');
  size_t B = Rest.find_last_not_of(' ');
  std::string Name = A == std::string::npos ? "" : Rest.substr(A, B - A + 1);
  const Unit *U = nullptr;
  switch (Q) {
  case Quantity::Bytes:
    U = Name.empty() ? &ByteUnits[0] : find(ByteUnits, Name);
    break;
  case Quantity::Duration:
    U = Name.empty() ? &TimeUnits[0] : find(TimeUnits, Name);
    break;
  case Quantity::Count:
    U = find(CountUnits, Name);
    break;
  }
  if (!U) {
    Error = "unknown unit '" + Name + "' in \"" + Text +
            "\" (accepted: " + acceptedUnits(Q) + ")";
    return false;
  }
  double Base = V * U->Factor;
  if (!std::isfinite(Base) || Base < 0 || Base >= 1.8e19) {
    Error = "value out of range: \"" + Text + "\"";
    return false;
  }
  Out = uint64_t(std::llround(Base));
  return true;
}

std::string formatQuantity(uint64_t V, Quantity Q) {
  switch (Q) {
  case Quantity::Bytes:
    return report::formatBytes(V);
  case Quantity::Duration:
    return report::formatDuration(V);
  case Quantity::Count:
    return report::formatCount(V);
  }
  return std::to_string(V);
}

std::string formatPercentChange(double P) {
  if (std::isinf(P))
    return "new";
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%+.1f%%", P);
  return Buf;
}

} // namespace hotpath::policy
