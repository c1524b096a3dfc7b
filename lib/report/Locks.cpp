//===- Locks.cpp - The locks section --------------------------------------===//
#include "hotpath/report/Locks.h"
#include "hotpath/report/JsonFields.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace hotpath::report {

std::string lockLabel(const LockRow &L) {
  if (!L.Name.empty())
    return L.Name;
  if (!L.FirstFunction.empty())
    return "first locked in " + L.FirstFunction;
  char Buf[32];
  snprintf(Buf, sizeof Buf, "lock 0x%llx", (unsigned long long)L.Address);
  return Buf;
}

using Json = nlohmann::json;
using OJson = nlohmann::ordered_json;

namespace {

const char *const Kinds[] = {"mutex",     "rwlock-read", "rwlock-write",
                             "condition", "spin",        "semaphore"};

void sortLocks(std::vector<LockRow> &Rows) {
  std::sort(Rows.begin(), Rows.end(), [](const LockRow &A, const LockRow &B) {
    if (A.WaitNs != B.WaitNs)
      return A.WaitNs > B.WaitNs;
    if (A.Acquisitions != B.Acquisitions)
      return A.Acquisitions > B.Acquisitions;
    return std::tie(A.Name, A.Kind, A.Address) <
           std::tie(B.Name, B.Kind, B.Address);
  });
}

} // namespace

OJson locksToJson(const LocksSection &S) {
  OJson J;
  J["description"] = S.Description;
  J["hold_period"] = S.HoldPeriod;
  OJson Rows = OJson::array();
  for (const LockRow &R : S.Data) {
    OJson Row{{"name", R.Name},
              {"kind", R.Kind},
              {"address", R.Address},
              {"object", R.Object},
              {"offset", R.Offset},
              {"first_function", R.FirstFunction},
              {"site_object", R.SiteObject},
              {"site_offset", R.SiteOffset},
              {"acquisitions", R.Acquisitions},
              {"contended", R.Contended},
              {"wait_ns", R.WaitNs},
              {"wait_p95_ns", R.WaitP95Ns},
              {"wait_max_ns", R.WaitMaxNs},
              {"hold_ns", R.HoldNs},
              {"hold_max_ns", R.HoldMaxNs},
              {"holds_timed", R.HoldsTimed}};
    OJson Waiters = OJson::array();
    for (const LockWaiter &W : R.Waiters)
      Waiters.push_back({{"function", W.Function}, {"wait_ns", W.WaitNs}});
    Row["waiters"] = std::move(Waiters);
    Rows.push_back(std::move(Row));
  }
  J["data"] = std::move(Rows);
  return J;
}

void locksFromJson(const Json &J, LocksSection &S) {
  const std::string P = "locks";
  json::needObject(J, P);
  S = LocksSection();
  S.Present = true;
  S.Description = json::stringAt(J, P, "description");
  S.HoldPeriod = json::unsignedAt(J, P, "hold_period");
  json::forEachObject(J, P, "data", [&](const Json &RJ, const std::string &RP) {
    LockRow R;
    R.Name = json::stringAt(RJ, RP, "name");
    R.Kind = json::stringAt(RJ, RP, "kind");
    if (std::find(std::begin(Kinds), std::end(Kinds), R.Kind) ==
        std::end(Kinds))
      json::expected(RP + ".kind", "mutex, rwlock-read, rwlock-write, "
                                   "condition, spin or semaphore");
    R.Address = json::unsignedAt(RJ, RP, "address");
    R.Object = json::stringAt(RJ, RP, "object");
    R.Offset = json::unsignedAt(RJ, RP, "offset");
    R.FirstFunction = json::stringAt(RJ, RP, "first_function");
    R.SiteObject = json::stringAt(RJ, RP, "site_object");
    R.SiteOffset = json::unsignedAt(RJ, RP, "site_offset");
    R.Acquisitions = json::unsignedAt(RJ, RP, "acquisitions");
    R.Contended = json::unsignedAt(RJ, RP, "contended");
    R.WaitNs = json::unsignedAt(RJ, RP, "wait_ns");
    R.WaitP95Ns = json::unsignedAt(RJ, RP, "wait_p95_ns");
    R.WaitMaxNs = json::unsignedAt(RJ, RP, "wait_max_ns");
    R.HoldNs = json::unsignedAt(RJ, RP, "hold_ns");
    R.HoldMaxNs = json::unsignedAt(RJ, RP, "hold_max_ns");
    R.HoldsTimed = json::unsignedAt(RJ, RP, "holds_timed");
    json::forEachObject(
        RJ, RP, "waiters", [&](const Json &WJ, const std::string &WP) {
          R.Waiters.push_back({json::stringAt(WJ, WP, "function"),
                               json::unsignedAt(WJ, WP, "wait_ns")});
        });
    S.Data.push_back(std::move(R));
  });
}

void addLockRow(LockRow &M, const LockRow &R) {
  M.Acquisitions += R.Acquisitions;
  M.Contended += R.Contended;
  M.WaitNs += R.WaitNs;
  M.WaitP95Ns = std::max(M.WaitP95Ns, R.WaitP95Ns);
  M.WaitMaxNs = std::max(M.WaitMaxNs, R.WaitMaxNs);
  M.HoldNs += R.HoldNs;
  M.HoldMaxNs = std::max(M.HoldMaxNs, R.HoldMaxNs);
  M.HoldsTimed += R.HoldsTimed;
  for (const LockWaiter &W : R.Waiters) {
    auto Same = std::find_if(
        M.Waiters.begin(), M.Waiters.end(),
        [&](const LockWaiter &X) { return X.Function == W.Function; });
    if (Same == M.Waiters.end())
      M.Waiters.push_back(W);
    else
      Same->WaitNs += W.WaitNs;
  }
  std::sort(M.Waiters.begin(), M.Waiters.end(),
            [](const LockWaiter &A, const LockWaiter &B) {
              return A.WaitNs > B.WaitNs;
            });
}

void mergeLocks(LocksSection &Into, const LocksSection &From) {
  if (!From.Present)
    return;
  if (!Into.Present) {
    Into = From;
    return;
  }
  std::map<std::pair<std::string, std::string>, size_t> At;
  for (size_t I = 0; I < Into.Data.size(); ++I)
    At[{Into.Data[I].Name, Into.Data[I].Kind}] = I;
  for (const LockRow &R : From.Data) {
    auto It = At.find({R.Name, R.Kind});
    if (R.Name.empty() || It == At.end()) {
      Into.Data.push_back(R);
      continue;
    }
    addLockRow(Into.Data[It->second], R);
  }
  sortLocks(Into.Data);
}

} // namespace hotpath::report
