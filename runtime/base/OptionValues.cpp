//===- OptionValues.cpp - Parsers of HOTPATH_* values ---------------------===//
#include "base/OptionValues.h"
#include "hotpath/report/Focus.h"
#include "hotpath/support/Strings.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdlib>

namespace hotpath::rt {

using support::lower;
using support::trim;

bool parseBool(const std::string &V, bool &Out) {
  std::string L = lower(trim(V));
  if (L == "1" || L == "true" || L == "yes" || L == "on") {
    Out = true;
    return true;
  }
  if (L == "0" || L == "false" || L == "no" || L == "off") {
    Out = false;
    return true;
  }
  return false;
}

bool parseUnsigned(const std::string &V, uint64_t Max, unsigned &Out) {
  std::string T(trim(V));
  if (T.empty() || T.size() > 12 ||
      T.find_first_not_of("0123456789") != std::string::npos)
    return false;
  uint64_t N = std::strtoull(T.c_str(), nullptr, 10);
  if (N > Max)
    return false;
  Out = static_cast<unsigned>(N);
  return true;
}

bool parseDouble(const std::string &V, double &Out) {
  std::string T(trim(V));
  if (T.empty())
    return false;
  char *End = nullptr;
  errno = 0;
  double D = std::strtod(T.c_str(), &End);
  if (errno || *End || !std::isfinite(D) ||
      T.find_first_of("xXnN") != std::string::npos) // no hex, nan, inf
    return false;
  Out = D;
  return true;
}

bool parsePercentiles(const std::string &V, std::vector<double> &Out) {
  std::vector<double> Ps;
  for (std::string P : support::splitTrimmed(V, ',')) {
    if (!P.empty() && (P[0] == 'p' || P[0] == 'P'))
      P = P.substr(1);
    double D;
    if (!parseDouble(P, D) || D < 0 || D > 100)
      return false;
    // Keys are printed with at most 3 decimals (report::percentileKey).
    D = std::round(D * 1000) / 1000;
    Ps.push_back(D);
  }
  std::sort(Ps.begin(), Ps.end());
  Ps.erase(std::unique(Ps.begin(), Ps.end()), Ps.end());
  if (Ps.empty() || Ps.size() > 10)
    return false;
  Out = Ps;
  return true;
}

bool validFocus(const std::string &F) { return report::Focus(F).valid(); }

const char *const SnapshotSignalsAccepted =
    "a signal whose default action ends the process and that nothing else "
    "relies on: USR1, USR2, HUP, ALRM, VTALRM, PROF, IO, PWR, STKFLT, "
    "RTMIN+N, RTMAX-N, or one of their numbers";

int parseSnapshotSignal(const std::string &Value) {
  std::string U(trim(Value));
  for (char &C : U)
    C = char(std::toupper((unsigned char)C));
  if (U.rfind("SIG", 0) == 0)
    U = U.substr(3);
  // Not SIGINT and SIGTERM (the report's own, SignalReport.h), SIGPIPE
  // (a program in a pipeline must die of it), SIGQUIT and the resource
  // limits' SIGXCPU/SIGXFSZ (core dumps someone asked for), the faults,
  // SIGKILL/SIGSTOP, nor any whose default is to be ignored or to stop
  // (a handler would change nothing visible, or what the shell relies on).
  static const std::pair<const char *, int> Names[] = {
      {"USR1", SIGUSR1},    {"USR2", SIGUSR2},     {"HUP", SIGHUP},
      {"ALRM", SIGALRM},    {"VTALRM", SIGVTALRM}, {"PROF", SIGPROF},
      {"IO", SIGIO},        {"POLL", SIGPOLL},     {"PWR", SIGPWR},
      {"STKFLT", SIGSTKFLT}};
  for (const auto &[Name, Sig] : Names)
    if (U == Name)
      return Sig;
  unsigned N;
  if (U.rfind("RTMIN+", 0) == 0 && parseUnsigned(U.substr(6), 64, N) &&
      SIGRTMIN + int(N) <= SIGRTMAX)
    return SIGRTMIN + int(N);
  if (U.rfind("RTMAX-", 0) == 0 && parseUnsigned(U.substr(6), 64, N) &&
      SIGRTMAX - int(N) >= SIGRTMIN)
    return SIGRTMAX - int(N);
  if (U == "RTMIN")
    return SIGRTMIN;
  if (U == "RTMAX")
    return SIGRTMAX;
  if (!parseUnsigned(U, 64, N) || N == 0)
    return 0;
  for (const auto &[Name, Sig] : Names)
    if (int(N) == Sig)
      return Sig;
  return int(N) >= SIGRTMIN && int(N) <= SIGRTMAX ? int(N) : 0;
}

bool parseUserMetadata(const std::string &Text,
                       std::vector<std::pair<std::string, std::string>> &Out) {
  Out.clear();
  std::string T(trim(Text));
  if (T.empty())
    return true;
  if (T[0] == '{') {
    nlohmann::json J =
        nlohmann::json::parse(T, nullptr, /*allow_exceptions=*/false);
    if (!J.is_object())
      return false;
    for (auto It = J.begin(); It != J.end(); ++It) {
      if (!It.value().is_string() || It.key().empty()) {
        Out.clear();
        return false;
      }
      Out.emplace_back(It.key(), It.value().get<std::string>());
    }
    return true;
  }
  for (const std::string &Pair : support::splitTrimmed(T, ',')) {
    size_t Eq = Pair.find('=');
    if (Eq == std::string::npos || trim(Pair.substr(0, Eq)).empty()) {
      Out.clear();
      return false;
    }
    Out.emplace_back(trim(Pair.substr(0, Eq)), trim(Pair.substr(Eq + 1)));
  }
  return true;
}

} // namespace hotpath::rt
