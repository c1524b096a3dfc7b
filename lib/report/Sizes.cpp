//===- Sizes.cpp - The functions_sizes section ----------------------------===//
#include "hotpath/report/Sizes.h"
#include "hotpath/report/JsonFields.h"
#include "hotpath/report/Units.h"

#include <cstdio>

#include <algorithm>
#include <map>
#include <tuple>

namespace hotpath::report {

using Json = nlohmann::json;
using OJson = nlohmann::ordered_json;

unsigned sizeBucketOf(uint64_t Size) {
  return Size ? 64 - unsigned(__builtin_clzll(Size)) : 0;
}

SizeBucket sizeBucketBounds(unsigned Bucket) {
  SizeBucket B;
  if (Bucket) {
    B.Lo = uint64_t(1) << (Bucket - 1);
    B.Hi = Bucket >= 64 ? UINT64_MAX : (uint64_t(1) << Bucket) - 1;
  }
  return B;
}

namespace {

double perCall(uint64_t Total, uint64_t Calls) {
  return Calls ? double(Total) / double(Calls) : 0;
}

OJson fitToJson(const SizeFit &F) {
  OJson J;
  J["metric"] = F.Metric;
  if (!F.Class) {
    J["class"] = nullptr;
    J["why"] = F.Why;
    return J;
  }
  J["class"] = *F.Class;
  J["constant"] = F.Constant;
  J["factor"] = F.Factor;
  J["relative_error"] = F.RelativeError;
  J["r_squared"] = F.RSquared;
  return J;
}

SizeFit fitFromJson(const Json &J, const std::string &P) {
  using namespace json;
  needObject(J, P);
  SizeFit F;
  F.Metric = stringAt(J, P, "metric");
  if (F.Metric != "icount" && F.Metric != "time")
    expected(P + ".metric", "icount or time");
  F.Class = optStringAt(J, P, "class");
  if (!F.Class) {
    F.Why = optStringAt(J, P, "why").value_or("");
    return F;
  }
  F.Constant = numberAt(J, P, "constant");
  F.Factor = numberAt(J, P, "factor");
  F.RelativeError = numberAt(J, P, "relative_error");
  F.RSquared = numberAt(J, P, "r_squared");
  return F;
}

} // namespace

OJson sizesToJson(const SizesSection &S) {
  OJson J;
  J["description"] = S.Description;
  OJson Rows = OJson::array();
  for (const SizeRow &R : S.Data) {
    OJson Row{
        {"name", R.Name}, {"file", R.File}, {"line", R.Line}, {"size", R.Size}};
    OJson Buckets = OJson::array();
    for (const SizeBucket &B : R.Buckets)
      Buckets.push_back(
          {{"bucket_lo", B.Lo},
           {"bucket_hi", B.Hi},
           {"calls", B.Calls},
           {"timed_calls", B.TimedCalls},
           {"time_ns", B.TimeNs},
           {"ir", B.Ir},
           {"alloc_bytes", B.AllocBytes},
           {"time_per_call_ns", perCall(B.TimeNs, B.TimedCalls)},
           {"ir_per_call", perCall(B.Ir, B.Calls)},
           {"alloc_bytes_per_call", perCall(B.AllocBytes, B.Calls)}});
    Row["buckets"] = std::move(Buckets);
    if (R.Complexity)
      Row["complexity"] = fitToJson(*R.Complexity);
    Rows.push_back(std::move(Row));
  }
  J["data"] = std::move(Rows);
  return J;
}

void sizesFromJson(const Json &J, SizesSection &S) {
  using namespace json;
  const std::string P = "functions_sizes";
  needObject(J, P);
  S = SizesSection();
  S.Present = true;
  S.Description = stringAt(J, P, "description");
  forEachObject(J, P, "data", [&](const Json &RJ, const std::string &RP) {
    SizeRow R;
    R.Name = stringAt(RJ, RP, "name");
    R.File = stringAt(RJ, RP, "file");
    uint64_t Line = unsignedAt(RJ, RP, "line");
    if (Line > UINT32_MAX)
      expected(RP + ".line", "a line number");
    R.Line = uint32_t(Line);
    R.Size = stringAt(RJ, RP, "size");
    forEachObject(RJ, RP, "buckets",
                  [&](const Json &BJ, const std::string &BP) {
                    SizeBucket B;
                    B.Lo = unsignedAt(BJ, BP, "bucket_lo");
                    B.Hi = unsignedAt(BJ, BP, "bucket_hi");
                    if (B.Hi < B.Lo)
                      expected(BP + ".bucket_hi", "at least bucket_lo");
                    if (!R.Buckets.empty() && B.Lo <= R.Buckets.back().Hi)
                      expected(BP + ".bucket_lo",
                               "above the previous bucket's bucket_hi");
                    B.Calls = unsignedAt(BJ, BP, "calls");
                    B.TimedCalls = unsignedAt(BJ, BP, "timed_calls");
                    if (B.TimedCalls > B.Calls)
                      expected(BP + ".timed_calls", "at most calls");
                    B.TimeNs = unsignedAt(BJ, BP, "time_ns");
                    B.Ir = unsignedAt(BJ, BP, "ir");
                    B.AllocBytes = unsignedAt(BJ, BP, "alloc_bytes");
                    R.Buckets.push_back(B);
                  });
    if (RJ.contains("complexity"))
      R.Complexity = fitFromJson(RJ["complexity"], RP + ".complexity");
    S.Data.push_back(std::move(R));
  });
}

void mergeSizes(SizesSection &Into, const SizesSection &From) {
  if (!From.Present)
    return;
  if (!Into.Present) {
    Into.Present = true;
    Into.Description = From.Description;
  }
  for (const SizeRow &R : From.Data) {
    auto It =
        std::find_if(Into.Data.begin(), Into.Data.end(), [&](const SizeRow &M) {
          return M.Name == R.Name && M.Size == R.Size;
        });
    if (It == Into.Data.end()) {
      Into.Data.push_back(R);
      Into.Data.back().Complexity.reset();
      continue;
    }
    std::map<std::pair<uint64_t, uint64_t>, SizeBucket> All;
    for (const std::vector<SizeBucket> *V :
         {static_cast<const std::vector<SizeBucket> *>(&It->Buckets),
          &R.Buckets})
      for (const SizeBucket &B : *V) {
        SizeBucket &M = All[{B.Lo, B.Hi}];
        M.Lo = B.Lo, M.Hi = B.Hi;
        M.Calls += B.Calls;
        M.TimedCalls += B.TimedCalls;
        M.TimeNs += B.TimeNs;
        M.Ir += B.Ir;
        M.AllocBytes += B.AllocBytes;
      }
    It->Buckets.clear();
    for (auto &KV : All)
      It->Buckets.push_back(KV.second);
    It->Complexity.reset();
  }
}

void takeSizesIcount(SizesSection &Native, const SizesSection &Cg) {
  if (!Cg.Present)
    return;
  // The Callgrind run's instructions, and its calls only where the native
  // run has no such bucket (both runs count the same calls).
  SizesSection Ir = Cg;
  for (SizeRow &R : Ir.Data) {
    auto It = std::find_if(
        Native.Data.begin(), Native.Data.end(),
        [&](const SizeRow &M) { return M.Name == R.Name && M.Size == R.Size; });
    for (SizeBucket &B : R.Buckets) {
      bool Known =
          It != Native.Data.end() &&
          std::any_of(It->Buckets.begin(), It->Buckets.end(),
                      [&](const SizeBucket &N) { return N.Lo == B.Lo; });
      if (Known)
        B.Calls = 0;
      B.TimedCalls = B.TimeNs = B.AllocBytes = 0;
    }
  }
  mergeSizes(Native, Ir);
}

namespace {

std::string number(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf,
                V >= 100  ? "%.0f"
                : V >= 10 ? "%.1f"
                          : "%.2f",
                V);
  return Buf;
}

std::string fitText(const SizeFit &F) {
  const char *Unit = F.Metric == "icount" ? "instructions" : "ns";
  if (!F.Class)
    return "complexity: " + F.Why;
  std::string T = *F.Class + " on " +
                  (F.Metric == "icount" ? std::string("instructions")
                                        : std::string("time")) +
                  ": " + number(F.Constant);
  if (*F.Class != "O(1)") {
    std::string N = F.Class->substr(2, F.Class->size() - 3); // "n log n"
    T += " + " + number(F.Factor) + " * " + N;
  }
  char Err[64];
  std::snprintf(Err, sizeof Err, " %s a call, off by %.1f%% (R^2 %.3f)", Unit,
                100 * F.RelativeError, F.RSquared);
  return T + Err;
}

} // namespace

void sizesTable(const SizeRow &R, std::string &Title,
                std::vector<std::string> &Header,
                std::vector<std::vector<std::string>> &Rows) {
  Title = "sizes - " + R.Name + " (size: " + R.Size + ")";
  if (R.Complexity)
    Title += " - " + fitText(*R.Complexity);
  Header = {"Size", "Calls", "Instructions a call", "Time a call",
            "Bytes a call"};
  Rows.clear();
  for (const SizeBucket &B : R.Buckets) {
    std::string Size = B.Lo == B.Hi
                           ? std::to_string(B.Lo)
                           : std::to_string(B.Lo) + "-" + std::to_string(B.Hi);
    Rows.push_back(
        {Size, formatCount(B.Calls),
         B.Ir && B.Calls ? number(double(B.Ir) / double(B.Calls)) : "-",
         B.TimedCalls ? formatDuration(B.TimeNs / B.TimedCalls) : "-",
         B.Calls ? formatBytes(B.AllocBytes / B.Calls) : "-"});
  }
}

} // namespace hotpath::report
