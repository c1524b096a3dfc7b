//===- HotLines.cpp - `hotpath report --lines FUNCTION` -------------------===//
#include "hotpath/samples/HotLines.h"
#include "hotpath/report/Units.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace hotpath::samples {

namespace {

std::string lineOf(const SampledFrame &F) {
  if (F.File.empty())
    return "(no line information) " + F.Name;
  return F.File + ":" + std::to_string(F.Line);
}

std::vector<HotRow> sorted(const std::map<std::string, HotRow> &Rows) {
  std::vector<HotRow> Out;
  for (const auto &[K, R] : Rows)
    Out.push_back(R);
  std::sort(Out.begin(), Out.end(), [](const HotRow &A, const HotRow &B) {
    return A.CpuNs != B.CpuNs ? A.CpuNs > B.CpuNs : A.What < B.What;
  });
  return Out;
}

} // namespace

HotLines hotLines(const SampleProfile &P, const std::string &Function) {
  HotLines H;
  H.Function = Function;
  H.RunCpuNs = P.CpuNs;
  std::map<std::string, HotRow> Lines, Callees;
  for (const AttributedChain &C : P.Chains) {
    if (C.Path.empty() || C.Path.back() != Function)
      continue;
    H.Samples += C.Count;
    H.CpuNs += C.CpuNs;
    HotRow &L = Lines[lineOf(C.Own)];
    L.What = lineOf(C.Own);
    L.Samples += C.Count;
    L.CpuNs += C.CpuNs;
    std::string Callee =
        C.Below.empty() ? std::string("(its own code)") : C.Below.front().Name;
    HotRow &K = Callees[Callee];
    K.What = Callee;
    K.Samples += C.Count;
    K.CpuNs += C.CpuNs;
  }
  H.Lines = sorted(Lines);
  H.Callees = sorted(Callees);
  return H;
}

std::string renderHotLines(const HotLines &H, size_t Limit) {
  auto Share = [](uint64_t Part, uint64_t Whole) {
    char Buf[32];
    std::snprintf(Buf, sizeof Buf, "%5.1f%%",
                  Whole ? 100.0 * double(Part) / double(Whole) : 0.0);
    return std::string(Buf);
  };
  std::string Out = "CPU samples in " + H.Function + ": " +
                    report::formatCount(H.Samples) + " samples, " +
                    report::formatDuration(H.CpuNs) + " of CPU (" +
                    Share(H.CpuNs, H.RunCpuNs) +
                    " of the run's), as its own CPU (no measured function "
                    "below it)\n";
  auto Table = [&](const char *Title, const std::vector<HotRow> &Rows) {
    Out += std::string("\n") + Title + "\n";
    size_t N = 0;
    for (const HotRow &R : Rows) {
      if (Limit && N++ >= Limit) {
        Out += "  ... " + std::to_string(Rows.size() - Limit) + " more\n";
        break;
      }
      char Buf[64];
      std::snprintf(Buf, sizeof Buf, "  %s %10s %8s  ",
                    Share(R.CpuNs, H.CpuNs).c_str(),
                    report::formatDuration(R.CpuNs).c_str(),
                    report::formatCount(R.Samples).c_str());
      Out += Buf + R.What + "\n";
    }
  };
  Table("source lines (the sampled line, or the call into unmeasured code):"
        "\n  share        CPU  samples  line",
        H.Lines);
  Table("unmeasured functions it calls (their CPU and their callees'):\n"
        "  share        CPU  samples  function",
        H.Callees);
  return Out;
}

} // namespace hotpath::samples
