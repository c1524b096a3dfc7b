//===- TrimRanking.cpp - What `hotpath trim` excludes ---------------------===//
#include "trim/TrimRanking.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <string_view>

namespace hotpath::tool::trim {

namespace {

// By CPU samples, a report whose samples are joined to its rows: what its
// gates' and hooks' samples say one counted call costs (not the lock and
// allocation stand-ins': excluding a function saves none of those), and
// the run's CPU less all of hotpath's.
struct SampledCost {
  double CallCost = 0, Plain = 0;
};

SampledCost sampledCost(const report::Report &R,
                        const samples::SampleProfile &P) {
  uint64_t Calls = 0;
  for (const report::FunctionRow &Row : R.Timing.Data)
    Calls += Row.Calls;
  SampledCost C;
  C.CallCost = Calls ? double(P.MeasuringNs - P.StandInNs) / double(Calls) : 0;
  C.Plain = std::max(double(P.CpuNs) - double(P.MeasuringNs), 1.0);
  return C;
}

} // namespace

Trimmed trimOne(const report::Report &R, const std::string &Name,
                const Params &P, const samples::SampleProfile *Sampled) {
  Trimmed T;
  T.Report = Name;
  bool ByTime = P.By == TrimBy::Time;
  bool ByCpu = P.By == TrimBy::Cpu;
  SampledCost SC = Sampled ? sampledCost(R, *Sampled) : SampledCost();
  double CallCost = P.CallCost;
  if (ByTime && !P.CallCostGiven && R.M.CallCostNs && *R.M.CallCostNs > 0)
    CallCost = *R.M.CallCostNs;
  if (ByCpu && !P.CallCostGiven)
    CallCost = SC.CallCost;
  T.CallCost = CallCost;
  const report::FunctionsSection &Sec = ByTime || ByCpu ? R.Timing : R.Icount;
  for (const report::FunctionRow &Row : Sec.Data) {
    Candidate C;
    C.Name = Row.Name;
    C.Calls = Row.Calls;
    uint64_t Own = ByCpu      ? Row.CpuSelfNs.value_or(0)
                   : Row.Self ? *Row.Self
                              : Row.Total;
    uint64_t Total = ByCpu ? Row.CpuNs.value_or(0) : Row.Total;
    C.OwnPerCall = Row.Calls ? double(Own) / double(Row.Calls) : 0;
    C.PerCall = Row.Calls ? double(Total) / double(Row.Calls) : 0;
    C.Cost = double(Row.Calls) * CallCost;
    T.Measuring += C.Cost;
    T.All.push_back(std::move(C));
  }
  if (ByCpu) {
    T.Plain = SC.Plain; // the run's CPU, less its gates'
  } else if (ByTime) {
    // The run's own time: what it took, less what measuring added.
    double Elapsed = double(R.M.ElapsedNs);
    T.Plain = std::max(Elapsed - T.Measuring, Elapsed * 0.01);
    // A compensated report's own times are the program's, without the cost
    // of measuring: their sum is the better figure when that cost is most
    // of the run (one thread; with more it may pass the elapsed time).
    if (R.Timing.Compensated.value_or(false) &&
        Elapsed - T.Measuring < Elapsed / 10) {
      double Own = 0;
      for (const Candidate &C : T.All)
        Own += C.OwnPerCall * double(C.Calls);
      T.Plain = std::max(T.Plain, std::min(Own, Elapsed));
    }
  } else {
    T.Plain = std::max(double(Sec.Total), 1.0); // the hooks are out already
  }
  double Allowed = T.Plain * P.Budget / 100.0;
  std::vector<Candidate *> Order;
  for (Candidate &C : T.All)
    Order.push_back(&C);
  std::sort(Order.begin(), Order.end(),
            [](const Candidate *X, const Candidate *Y) {
              if (X->PerCall != Y->PerCall)
                return X->PerCall < Y->PerCall;
              if (X->Cost != Y->Cost)
                return X->Cost > Y->Cost;
              return X->Name < Y->Name;
            });
  T.Left = T.Measuring;
  std::set<std::string> Entry;
  if (!ByTime && R.IcountCalls.Present) {
    // Called from a row of the report: a measured function in which the
    // timed loop runs (the benchmark's own, in the suite's namespace) has
    // no row, and does not count.
    std::set<std::string> Rows, Called;
    for (const Candidate &C : T.All)
      Rows.insert(C.Name);
    for (const report::CallEdgeRow &E : R.IcountCalls.Data)
      if (Rows.count(E.Caller))
        Called.insert(E.Callee);
    for (const Candidate &C : T.All)
      if (!Called.count(C.Name))
        Entry.insert(C.Name);
  }
  // A function whose measuring is a thousandth of the excess or less is
  // left alone: excluding it would not help the budget. By CPU samples,
  // first only those that cost a hundredth of it or more: a function the
  // samples missed has no CPU a call to rank it by (a tie with every other
  // one they missed), and its exact count is worth more than the little
  // its measuring costs.
  double Excess = T.Measuring - Allowed;
  std::vector<double> Thresholds = {Excess / 1000};
  if (ByCpu)
    Thresholds.insert(Thresholds.begin(), Excess / 100);
  std::set<const Candidate *> Seen;
  for (double Negligible : Thresholds) {
    for (const Candidate *C : Order) {
      if (T.Left <= Allowed)
        break;
      if (C->Cost <= Negligible || !Seen.insert(C).second)
        continue;
      // By icount, the benchmark's entry points (no measured function of
      // the report calls them) stay: their counts are what the benchmark
      // is about.
      if (Entry.count(C->Name)) {
        ++T.Kept;
        continue;
      }
      if (P.KeepShare > 0 &&
          C->OwnPerCall * double(C->Calls) >= T.Plain * P.KeepShare / 100.0) {
        ++T.Kept; // what the profile is for: its own time stays measured
        continue;
      }
      T.Excluded.push_back(*C);
      T.Left -= C->Cost;
    }
  }
  return T;
}

// A regex that matches exactly Name as the plugin sees it (POSIX extended,
// LLVM's Regex): specials in brackets, where only `]`, `^` and `\` are
// special themselves.
std::string exactRegex(const std::string &Name) {
  std::string R = "^";
  for (char C : Name) {
    if (C == '^')
      R += "\\^";
    else if (C == ']')
      R += "[]]";
    else if (std::string_view(".[()*+?{}|$\\").find(C) !=
             std::string_view::npos)
      R += std::string("[") + C + "]";
    else
      R += C;
  }
  return R + "$";
}

// A TOML basic string: quotes and backslashes escaped, and the control
// characters TOML forbids raw in one (a name may hold any byte) as \uXXXX,
// which toml++ turns back into the byte the regex must match.
std::string tomlString(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    unsigned char U = static_cast<unsigned char>(C);
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += C;
    } else if (U < 0x20 || U == 0x7f) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\u%04x", unsigned(U));
      Out += Buf;
    } else {
      Out += C;
    }
  }
  return Out + "\"";
}

} // namespace hotpath::tool::trim
