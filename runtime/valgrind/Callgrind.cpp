//===- Callgrind.cpp - Callgrind client requests and icount ---------------===//
#include "valgrind/Callgrind.h"
#include "hotpath/report/Rounding.h"

#include "hotpath/abi.h"
#include "hotpath/callgrind/CallgrindDump.h"
#include "valgrind/CallgrindHooks.h"
#include "valgrind/Valgrind.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <map>
#include <tuple>
#include <unistd.h>
#include <valgrind/callgrind.h>

namespace hotpath::rt {

using report::percentOf;
using report::roundDiv;

namespace {

// The start-up directory: relative --callgrind-out-file names are resolved
// by Valgrind against it, before the program can chdir.
char StartCwd[PATH_MAX];
__attribute__((constructor(101))) void saveStartCwd() {
  if (!getcwd(StartCwd, sizeof StartCwd))
    StartCwd[0] = 0;
}

uint64_t eventOf(const callgrind::Cost &C, const std::vector<std::string> &E,
                 const char *Name) {
  for (size_t I = 0; I < E.size() && I < C.size(); ++I)
    if (E[I] == Name)
      return C[I];
  return 0;
}

} // namespace

void callgrindSessionBegin() {
  if (!underValgrind())
    return;
  installCallgrindHooks();
  CALLGRIND_ZERO_STATS;
  CALLGRIND_START_INSTRUMENTATION;
}

void callgrindSessionPause() {
  if (underValgrind())
    CALLGRIND_STOP_INSTRUMENTATION;
}

void callgrindSessionResume() {
  if (underValgrind())
    CALLGRIND_START_INSTRUMENTATION;
}

void callgrindSessionEnd() {
  if (!underValgrind())
    return;
  CALLGRIND_DUMP_STATS_AT("hotpath");
  CALLGRIND_STOP_INSTRUMENTATION;
}

namespace {

/// What one measured call of each function costs hotpath, in Ir (comment
/// in fillCallgrindSections); WrapperIr: the wrappers' own, summed.
std::vector<long double> measuredCallCost(const Snapshot &S,
                                          const callgrind::Attribution &A,
                                          uint64_t MeasuredCalls,
                                          uint64_t &WrapperIr) {
  long double HookCost =
      MeasuredCalls ? (long double)A.HookIr / MeasuredCalls : 0;
  std::vector<long double> CallCost(S.Functions.size(), HookCost);
  for (size_t Id = 1; Id < S.Functions.size() && Id < S.Timing.size(); ++Id) {
    uint64_t Calls = S.Timing[Id].Calls;
    auto It = A.Markers.find(S.Functions[Id].Hash);
    if (It == A.Markers.end() || !Calls)
      continue;
    uint64_t Own = It->second.WrapperIr;
    uint32_t Flags = S.Functions[Id].Flags;
    if (Flags & HOTPATH_FN_FAST_PATH)
      Own += (Flags & HOTPATH_FN_LOCAL_GATE ? HOTPATH_FAST_PATH_LOCAL_GATE_IR
                                            : HOTPATH_FAST_PATH_GATE_IR) *
             (Calls - std::min(Calls, It->second.WrapperCalls));
    CallCost[Id] += (long double)Own / Calls;
    WrapperIr += Own;
  }
  return CallCost;
}

/// Caller -> callee between measured functions, from Callgrind's records.
void fillIcountCalls(report::Report &R, const Snapshot &S,
                     const callgrind::Attribution &A) {
  std::map<uint64_t, const FunctionInfo *> ByHash;
  for (size_t Id = 1; Id < S.Functions.size(); ++Id)
    ByHash.emplace(S.Functions[Id].Hash, &S.Functions[Id]);
  report::CallEdgesSection &E = R.IcountCalls;
  E = report::CallEdgesSection();
  E.Present = true;
  E.Description = "Calls between measured functions, from Callgrind's calls= "
                  "records of each caller's body (directly or through the "
                  "callee's wrapper): exact calls, and their inclusive Ir as "
                  "Callgrind measured it, hotpath's hooks included.";
  for (const auto &[Key, C] : A.Edges) {
    auto From = ByHash.find(Key.first), To = ByHash.find(Key.second);
    if (From == ByHash.end() || To == ByHash.end() || !C.Calls)
      continue;
    E.Data.push_back(
        {rowName(*From->second), rowName(*To->second), C.Calls, C.Ir});
  }
  std::sort(E.Data.begin(), E.Data.end(),
            [](const report::CallEdgeRow &X, const report::CallEdgeRow &Y) {
              return X.Ir != Y.Ir ? X.Ir > Y.Ir
                                  : std::tie(X.Caller, X.Callee) <
                                        std::tie(Y.Caller, Y.Callee);
            });
}

} // namespace

void fillCallgrindSections(report::Report &R, const Snapshot &S,
                           const callgrind::Attribution &A,
                           const std::vector<std::string> &CacheDesc,
                           const std::vector<NestedCalls> *Nested) {
  const std::vector<std::string> &Ev = A.Events;
  report::FunctionsSection &Sec = R.Icount;
  Sec.Present = true;
  Sec.Total = eventOf(A.Totals, Ev, "Ir");
  Sec.Description = "Inclusive instructions executed per function "
                    "(Callgrind Ir), without hotpath's own hooks.";
  if (A.IdenticalCodeFolding)
    Sec.Description += " Two markers share one address (identical code "
                       "folding): their counts are merged.";
  Sec.Tool = R.M.Tool;
  Sec.Data.clear();
  bool Cache = std::find(Ev.begin(), Ev.end(), "I1mr") != Ev.end();
  report::CacheSection &CS = R.Cache;
  CS = report::CacheSection();
  CS.Present = Cache;
  CS.Description = "Cache simulation per function (Callgrind --cache-sim=yes, "
                   "inclusive): misses and estimated cycles.";
  CS.Caches = CacheDesc;
  CS.TotalCycles = callgrind::estimatedCycles(A.Totals, Ev);
  uint64_t MeasuredCalls = 0;
  for (size_t Id = 1; Id < S.Timing.size(); ++Id)
    MeasuredCalls += S.Timing[Id].Calls;
  // What one measured call of g costs hotpath, in Ir: the hooks (the same
  // for every call: their bodies run with collection off), g's wrapper
  // when it is a function of its own, and otherwise, when the wrapper has
  // the fast path, its gate inlined into the caller (never armed under
  // Valgrind: always the same HOTPATH_FAST_PATH_GATE_IR instructions, or
  // HOTPATH_FAST_PATH_LOCAL_GATE_IR in an executable's form).
  // Subtracted from f once per call of g nested in f (nothing when the nested
  // counts are unknown).
  uint64_t WrapperIr = 0;
  std::vector<long double> CallCost =
      measuredCallCost(S, A, MeasuredCalls, WrapperIr);
  std::vector<long double> Own(S.Functions.size(), 0);
  if (Nested) {
    Sec.HookCostIr = roundDiv(A.HookIr + WrapperIr, MeasuredCalls);
    // The rows are without the hooks, and so is what they are a share of:
    // with the hooks in, a function that is all the work of a session of
    // many tiny measured calls would show a fraction of it.
    uint64_t Hooks = A.HookIr + WrapperIr;
    Sec.Total = Sec.Total > Hooks ? Sec.Total - Hooks : 0;
    for (const NestedCalls &N : *Nested)
      if (N.Outer < Own.size() && N.Inner < CallCost.size())
        Own[N.Outer] += CallCost[N.Inner] * N.Count;
  }
  for (size_t Id = 1; Id < S.Timing.size() && Id < S.Functions.size(); ++Id) {
    uint64_t Calls = S.Timing[Id].Calls;
    if (!Calls)
      continue;
    const FunctionInfo &F = S.Functions[Id];
    report::FunctionRow Row;
    Row.Name = rowName(F);
    Row.File = F.File;
    Row.Line = F.Line;
    Row.Calls = Calls;
    auto It = A.Markers.find(F.Hash);
    uint64_t Sub = roundDiv(Own[Id], 1);
    if (It != A.Markers.end()) {
      Row.Self = It->second.SelfIr;
      Row.Total = It->second.Raw > Sub ? It->second.Raw - Sub : 0;
      Row.Avg = roundDiv(Row.Total, Calls);
      Row.PercentTotal = percentOf(Row.Total, Sec.Total);
    }
    Sec.Data.push_back(Row);
    if (!Cache)
      continue;
    report::CacheRow C;
    C.Name = Row.Name;
    C.File = Row.File;
    C.Line = Row.Line;
    C.Calls = Calls;
    if (It != A.Markers.end()) {
      const callgrind::Cost &I = It->second.Inclusive;
      C.Ir = Row.Total; // hooks of measured callees out, as in icount
      C.I1mr = eventOf(I, Ev, "I1mr");
      C.D1mr = eventOf(I, Ev, "D1mr");
      C.D1mw = eventOf(I, Ev, "D1mw");
      C.ILmr = eventOf(I, Ev, "ILmr");
      C.DLmr = eventOf(I, Ev, "DLmr");
      C.DLmw = eventOf(I, Ev, "DLmw");
      uint64_t Cycles = callgrind::estimatedCycles(I, Ev);
      C.Cycles = Cycles > Sub ? Cycles - Sub : 0;
      C.AvgCycles = roundDiv(C.Cycles, Calls);
      C.PercentTotal = percentOf(C.Cycles, CS.TotalCycles);
    }
    CS.Data.push_back(C);
  }
  report::sortRows(Sec.Data);
  fillIcountCalls(R, S, A);
  std::sort(CS.Data.begin(), CS.Data.end(),
            [](const report::CacheRow &X, const report::CacheRow &Y) {
              return X.Cycles != Y.Cycles ? X.Cycles > Y.Cycles
                                          : X.Name < Y.Name;
            });
}

bool addCallgrindCounts(report::Report &R, const Snapshot &S,
                        const Options &Opts, std::string &Error) {
  std::string File;
  callgrind::SessionDump D;
  if (!callgrind::expandOutFile(Opts.CallgrindOutFile, getpid(), StartCwd, File,
                                Error) ||
      !callgrind::findSessionDump(File, getpid(), D, Error))
    return false;
  std::vector<std::string> Caches;
  for (const std::string &L : D.Parts.front().Desc)
    if (L.find(" cache: ") != std::string::npos)
      Caches.push_back(L);
  std::vector<NestedCalls> Nested;
  bool Known = nestedMeasuredCalls(Nested);
  fillCallgrindSections(R, S, callgrind::attribute(D.Parts), Caches,
                        Known ? &Nested : nullptr);
  return true;
}

} // namespace hotpath::rt
