//===- ReportCache.cpp - The functions_cache section ----------------------===//
#include "hotpath/report/ReportCache.h"
#include "hotpath/report/Focus.h"
#include "hotpath/report/JsonFields.h"
#include "hotpath/report/Units.h"

namespace hotpath::report {

using OJson = nlohmann::ordered_json;
using Json = nlohmann::json;

OJson cacheToJson(const CacheSection &S) {
  OJson J = OJson::object();
  J["description"] = S.Description;
  J["formula"] = S.Formula;
  J["caches"] = S.Caches;
  J["total_cycles"] = S.TotalCycles;
  OJson Data = OJson::array();
  for (const CacheRow &R : S.Data) {
    OJson Row = OJson::object();
    Row["name"] = R.Name;
    Row["file"] = R.File;
    Row["line"] = R.Line;
    Row["calls"] = R.Calls;
    Row["ir"] = R.Ir;
    Row["i1mr"] = R.I1mr;
    Row["d1mr"] = R.D1mr;
    Row["d1mw"] = R.D1mw;
    Row["ilmr"] = R.ILmr;
    Row["dlmr"] = R.DLmr;
    Row["dlmw"] = R.DLmw;
    Row["est_cycles"] = R.Cycles;
    Row["avg_cycles"] = R.AvgCycles;
    Row["percent_total"] = R.PercentTotal;
    Data.push_back(std::move(Row));
  }
  J["data"] = std::move(Data);
  return J;
}

void cacheFromJson(const Json &J, CacheSection &S) {
  using namespace json;
  const std::string P = "functions_cache";
  needObject(J, P);
  S = CacheSection();
  S.Present = true;
  S.Description = stringAt(J, P, "description");
  S.Formula = optStringAt(J, P, "formula").value_or(S.Formula);
  if (J.contains("caches")) {
    const Json &C = arrayAt(J, P, "caches");
    for (size_t I = 0; I < C.size(); ++I) {
      expect(C[I].is_string(), C[I], P + ".caches[" + std::to_string(I) + "]",
             "a string");
      S.Caches.push_back(C[I].get<std::string>());
    }
  }
  S.TotalCycles = unsignedAt(J, P, "total_cycles");
  forEachObject(J, P, "data", [&](const Json &O, const std::string &RP) {
    CacheRow R;
    R.Name = stringAt(O, RP, "name");
    R.File = stringAt(O, RP, "file");
    uint64_t Line = unsignedAt(O, RP, "line");
    if (Line > UINT32_MAX)
      expected(RP + ".line", "a line number");
    R.Line = uint32_t(Line);
    R.Calls = unsignedAt(O, RP, "calls");
    R.Ir = unsignedAt(O, RP, "ir");
    R.I1mr = unsignedAt(O, RP, "i1mr");
    R.D1mr = unsignedAt(O, RP, "d1mr");
    R.D1mw = unsignedAt(O, RP, "d1mw");
    R.ILmr = unsignedAt(O, RP, "ilmr");
    R.DLmr = unsignedAt(O, RP, "dlmr");
    R.DLmw = unsignedAt(O, RP, "dlmw");
    R.Cycles = unsignedAt(O, RP, "est_cycles");
    R.AvgCycles = unsignedAt(O, RP, "avg_cycles");
    R.PercentTotal = numberAt(O, RP, "percent_total");
    S.Data.push_back(std::move(R));
  });
}

void cacheTable(const CacheSection &S, unsigned Limit, const std::string &Fo,
                std::string &Title, std::vector<std::string> &Header,
                std::vector<std::vector<std::string>> &Rows) {
  Focus F(Fo);
  Header = {"Function", "Calls",       "Ir",         "I1 miss", "D1 miss",
            "LL miss",  "Est. cycles", "Avg cycles", "% Total"};
  Rows.clear();
  for (const CacheRow &R : S.Data) {
    if (!F.matches(R.Name) || (Limit && Rows.size() >= Limit))
      continue;
    Rows.push_back({R.Name, std::to_string(R.Calls), formatCount(R.Ir),
                    formatCount(R.I1mr), formatCount(R.D1mr + R.D1mw),
                    formatCount(R.ILmr + R.DLmr + R.DLmw),
                    formatCount(R.Cycles), formatCount(R.AvgCycles),
                    formatPercent(R.PercentTotal)});
  }
  Title = "cache - " + S.Description;
  if (Rows.size() < S.Data.size())
    Title += " (" + std::to_string(Rows.size()) + " of " +
             std::to_string(S.Data.size()) + " shown)";
}

} // namespace hotpath::report
