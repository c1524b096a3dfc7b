//===- Calibrate.cpp - Noise thresholds from repeated runs ----------------===//
#include "hotpath/policy/Calibrate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace hotpath::policy {

using report::FunctionRow;
using report::FunctionsSection;
using report::Report;

double suggestThreshold(double S) {
  double T = std::max(S * 1.25, S + 0.5);
  double Step = T < 10 ? 0.1 : T < 100 ? 1 : 5;
  // A tiny epsilon keeps 1.2 from rounding up to 1.3 through 1.2000000001.
  // At most what a policy may say (a function whose figure went from
  // almost nothing to something: the threshold then judges nothing).
  return std::min(std::ceil(T / Step - 1e-9) * Step, MaxPercentChange);
}

namespace {

bool usable(const FunctionsSection &S) {
  if (!S.Present || S.Data.empty())
    return false;
  if (S.Kind == SectionKind::Timing && !S.timed())
    return false;
  if (S.Kind == SectionKind::Icount && S.Total == 0)
    return false;
  return true;
}

const FunctionRow *findRow(const FunctionsSection &S, const std::string &N) {
  for (const FunctionRow &R : S.Data)
    if (R.Name == N)
      return &R;
  return nullptr;
}

} // namespace

Calibration calibrate(const std::vector<Report> &Rs, double MinPercentTotal) {
  Calibration C;
  C.Reports = unsigned(Rs.size());
  C.MinPercentTotal = MinPercentTotal;
  if (!Rs.empty() && Rs[0].M.Benchmark)
    C.Benchmark = *Rs[0].M.Benchmark;
  for (SectionKind K :
       {SectionKind::Timing, SectionKind::Alloc, SectionKind::Icount}) {
    const char *Title = report::sectionTitle(K);
    bool All = !Rs.empty();
    for (const Report &R : Rs)
      All &= usable(R.section(K));
    if (!All) {
      bool Some = false;
      for (const Report &R : Rs)
        Some |= usable(R.section(K));
      if (Some)
        C.Notes.push_back(std::string(Title) +
                          ": not measured in every report; not calibrated");
      continue;
    }
    // Metrics: avg, total, and the percentiles every report has.
    std::vector<Metric> Metrics = {{Metric::Avg, 0}, {Metric::Total, 0}};
    for (double P : Rs[0].section(K).Percentiles) {
      bool Everywhere = true;
      for (const Report &R : Rs)
        Everywhere &= std::find(R.section(K).Percentiles.begin(),
                                R.section(K).Percentiles.end(),
                                P) != R.section(K).Percentiles.end();
      if (Everywhere)
        Metrics.push_back({Metric::Percentile, P});
    }
    // Functions in every report, above the floor in at least one (as the
    // judge would compare them).
    std::vector<std::string> Names;
    std::map<std::string, int> Seen;
    for (const Report &R : Rs)
      for (const FunctionRow &Row : R.section(K).Data)
        if (++Seen[Row.Name] == 1)
          Names.push_back(Row.Name);
    for (const Metric &M : Metrics) {
      Spread S;
      S.K = K;
      S.M = M;
      for (const std::string &N : Names) {
        std::vector<uint64_t> Vs;
        double Share = 0;
        for (const Report &R : Rs) {
          const FunctionsSection &Sec = R.section(K);
          const FunctionRow *Row = findRow(Sec, N);
          if (!Row)
            break;
          Share = std::max(Share, Row->PercentTotal);
          uint64_t V = M.K == Metric::Avg ? Row->Avg : Row->Total;
          if (M.K == Metric::Percentile)
            for (size_t I = 0; I < Sec.Percentiles.size(); ++I)
              if (Sec.Percentiles[I] == M.P && I < Row->Percentiles.size())
                V = Row->Percentiles[I];
          Vs.push_back(V);
        }
        if (Vs.size() != Rs.size() || Share < MinPercentTotal)
          continue;
        auto [Lo, Hi] = std::minmax_element(Vs.begin(), Vs.end());
        // The largest (head-base)/base over ordered pairs is (max-min)/min.
        double P = *Lo == 0 ? (*Hi == 0 ? 0 : 1e9)
                            : (double(*Hi) - double(*Lo)) / double(*Lo) * 100;
        ++S.Functions;
        if (P >= S.Percent) {
          S.Percent = P;
          S.Function = N;
        }
      }
      if (S.Functions)
        C.Spreads.push_back(S);
      else if (M.K == Metric::Avg)
        C.Notes.push_back(std::string(Title) +
                          ": no function in every report above the floor; "
                          "not calibrated");
    }
  }
  return C;
}

std::string renderCalibratedPolicy(const Calibration &C) {
  char Buf[256];
  std::string Out =
      "# Regression policy calibrated by `hotpath calibrate` from " +
      std::to_string(C.Reports) + " runs of one build" +
      (C.Benchmark.empty() ? "" : " (benchmark " + C.Benchmark + ")") +
      ".\n"
      "# Spread: the largest change between any two runs, per function above\n"
      "# min_percent_total; min_percent_change is set just above it\n"
      "# (max(1.25 x spread, spread + 0.5), rounded up; percentiles add 2\n"
      "# points for the histograms' 1% error). See docs/policy.md.\n"
      "pr_check = \"fail\"\n\n[functions]\n";
  std::snprintf(Buf, sizeof Buf, "min_percent_total = %g\n", C.MinPercentTotal);
  Out += Buf;
  for (SectionKind K :
       {SectionKind::Timing, SectionKind::Alloc, SectionKind::Icount}) {
    auto Wanted = [&](const Metric &M) {
      return std::find(C.Judged.begin(), C.Judged.end(), M) != C.Judged.end();
    };
    bool AnyWanted = false;
    for (const Spread &S : C.Spreads)
      AnyWanted |= S.K == K && Wanted(S.M);
    double Threshold = 0;
    std::vector<std::string> Names;
    std::string Comments;
    for (const Spread &S : C.Spreads) {
      if (S.K != K)
        continue;
      bool Judged = AnyWanted ? Wanted(S.M) : S.M.K != Metric::Percentile;
      // Percentiles come from histograms with up to 1% error per value:
      // two runs may differ by 2% from that alone, whatever was observed.
      double T = suggestThreshold(S.Percent +
                                  (S.M.K == Metric::Percentile ? 2.0 : 0.0));
      std::snprintf(Buf, sizeof Buf,
                    "# %-6s spread %8.2f%% -> threshold %g%% (%u functions; "
                    "largest in %s)%s\n",
                    S.M.name().c_str(), S.Percent, T, S.Functions,
                    S.Function.c_str(), Judged ? "" : " [not judged]");
      Comments += Buf;
      if (Judged) {
        Threshold = std::max(Threshold, T);
        Names.push_back("\"" + S.M.name() + "\"");
      }
    }
    if (Names.empty())
      continue;
    Out += "\n[functions." + std::string(report::sectionTitle(K)) + "]\n";
    Out += Comments;
    Out += "judged = true\nmetrics = [";
    for (size_t I = 0; I < Names.size(); ++I)
      Out += (I ? ", " : "") + Names[I];
    Out += "]\n";
    std::snprintf(Buf, sizeof Buf, "min_percent_change = %g\n", Threshold);
    Out += Buf;
    Out += "min_calls = 0\n# fail_check = true  # uncomment to fail the "
           "check on a regression\n";
  }
  for (const std::string &N : C.Notes)
    Out += "# note: " + N + "\n";
  return Out;
}

} // namespace hotpath::policy
