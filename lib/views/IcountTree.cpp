//===- IcountTree.cpp - A call tree of instructions from Callgrind --------===//
#include "hotpath/views/IcountTree.h"
#include "hotpath/report/CallTree.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <vector>

namespace hotpath::views {

using report::CallTree;
using report::Report;
using report::TreeNode;

namespace {

struct Edge {
  std::string Callee;
  uint64_t Calls = 0, Ir = 0; // Ir: hotpath's hooks out, as the rows
};

struct Function {
  const report::FunctionRow *Row = nullptr;
  std::vector<Edge> Callees;              // the largest first
  uint64_t CalledIr = 0, CalledCalls = 0; // by measured callers
};

// Bounds on what a crafted or huge report can make of the unrolling.
constexpr size_t MaxNodes = 200000;
// A path under this share of all instructions is left in its caller: the
// graph of a large program unrolls into far more paths than anyone reads.
constexpr long double MinShare = 1e-5L;

class Unroller {
public:
  Unroller(std::map<std::string, Function> &Fns, CallTree &T, uint64_t Whole)
      : Fns(Fns), T(T), Floor((long double)Whole * MinShare) {}

  void add(const std::string &Name, long double Ir, long double Calls,
           int64_t Parent) {
    if (T.Nodes.size() >= MaxNodes || Ir < 1)
      return;
    const Function &F = Fns.at(Name);
    size_t Me = T.Nodes.size();
    TreeNode N;
    N.Parent = Parent;
    N.Name = Name;
    N.File = F.Row->File;
    N.Line = F.Row->Line;
    N.Calls = uint64_t(std::llround(Calls));
    N.Total = uint64_t(std::llround(Ir));
    T.Nodes.push_back(N);
    OnPath.insert(Name);
    // This path's share of the function's whole cost.
    long double Share = F.Row->Total ? Ir / F.Row->Total : 0;
    uint64_t Children = 0;
    if (OnPath.size() < report::MaxTreeDepth / 4)
      for (const Edge &E : F.Callees) {
        long double Part = E.Ir * Share;
        if (OnPath.count(E.Callee) || Part < Floor)
          continue;
        size_t Before = T.Nodes.size();
        add(E.Callee, Part, E.Calls * Share, int64_t(Me));
        if (T.Nodes.size() > Before)
          Children += T.Nodes[Before].Total;
      }
    OnPath.erase(Name);
    T.Nodes[Me].Total = std::max(T.Nodes[Me].Total, Children);
    T.Nodes[Me].Self = T.Nodes[Me].Total - Children;
  }

private:
  std::map<std::string, Function> &Fns;
  CallTree &T;
  long double Floor;
  std::set<std::string> OnPath;
};

} // namespace

bool icountTree(const Report &R, CallTree &Out, std::string &Why) {
  if (!R.Icount.Present || R.Icount.Data.empty() ||
      (R.Icount.Total == 0 && !R.Icount.Data.empty())) {
    Why = "no instruction counts in this report (run it under Callgrind: "
          "hotpath run, or hotpath bench)";
    return false;
  }
  if (!R.IcountCalls.Present) {
    Why = "no calls between measured functions in this report (icount_calls: "
          "a report of an older hotpath)";
    return false;
  }
  std::map<std::string, Function> Fns;
  for (const report::FunctionRow &Row : R.Icount.Data)
    Fns[Row.Name].Row = &Row; // two of one name: the last (the table's)
  uint64_t Hook = R.Icount.HookCostIr.value_or(0);
  for (const report::CallEdgeRow &E : R.IcountCalls.Data) {
    auto From = Fns.find(E.Caller), To = Fns.find(E.Callee);
    if (From == Fns.end() || To == Fns.end() || E.Caller == E.Callee)
      continue;
    uint64_t Ir = E.Ir > Hook * E.Calls ? E.Ir - Hook * E.Calls : 0;
    From->second.Callees.push_back({E.Callee, E.Calls, Ir});
    To->second.CalledIr += Ir;
    To->second.CalledCalls += E.Calls;
  }
  uint64_t Whole = 0;
  for (auto &[Name, F] : Fns) {
    std::sort(F.Callees.begin(), F.Callees.end(),
              [](const Edge &A, const Edge &B) {
                return A.Ir != B.Ir ? A.Ir > B.Ir : A.Callee < B.Callee;
              });
    if (F.Row->Calls > F.CalledCalls && F.Row->Total > F.CalledIr)
      Whole += F.Row->Total - F.CalledIr;
  }
  Out = CallTree();
  Out.Present = true;
  Out.Description =
      "Instructions (Callgrind Ir) per call path, unrolled from the calls "
      "between measured functions: exact at the first level, below it each "
      "path's share of its caller's calls.";
  Out.Estimated = false;
  // The roots: functions called from code that is not measured (main, a
  // benchmark's loop), with what their measured callers do not account
  // for; largest first. (A function every call of which has a measured
  // caller is no root, whatever rounding leaves of its count.)
  std::vector<std::pair<uint64_t, std::string>> Roots;
  for (const auto &[Name, F] : Fns)
    if (F.Row->Calls > F.CalledCalls && F.Row->Total > F.CalledIr)
      Roots.push_back({F.Row->Total - F.CalledIr, Name});
  std::sort(Roots.begin(), Roots.end(), [](const auto &A, const auto &B) {
    return A.first != B.first ? A.first > B.first : A.second < B.second;
  });
  Unroller U(Fns, Out, Whole);
  for (const auto &[Ir, Name] : Roots) {
    const Function &F = Fns.at(Name);
    uint64_t Calls =
        F.Row->Calls > F.CalledCalls ? F.Row->Calls - F.CalledCalls : 0;
    U.add(Name, (long double)Ir, (long double)Calls, -1);
  }
  return true;
}

} // namespace hotpath::views
