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

namespace {

const std::string Where = "functions_cache";

[[noreturn]] void bad(const std::string &Path, const char *What) {
  json::expected(Where + Path, What);
}
uint64_t num(const Json &O, const std::string &Path, const char *Key) {
  return json::unsignedAt(O, Where + Path, Key);
}
std::string str(const Json &O, const std::string &Path, const char *Key) {
  return json::stringAt(O, Where + Path, Key);
}

} // namespace

void cacheFromJson(const Json &J, CacheSection &S) {
  if (!J.is_object())
    bad("", "an object");
  S = CacheSection();
  S.Present = true;
  S.Description = str(J, "", "description");
  if (J.contains("formula"))
    S.Formula = str(J, "", "formula");
  if (auto C = J.find("caches"); C != J.end()) {
    if (!C->is_array())
      bad(".caches", "an array of strings");
    for (const Json &X : *C) {
      if (!X.is_string())
        bad(".caches", "an array of strings");
      S.Caches.push_back(X.get<std::string>());
    }
  }
  S.TotalCycles = num(J, "", "total_cycles");
  auto D = J.find("data");
  if (D == J.end() || !D->is_array())
    bad(".data", "an array");
  for (size_t I = 0; I < D->size(); ++I) {
    const Json &O = (*D)[I];
    std::string P = ".data[" + std::to_string(I) + "]";
    if (!O.is_object())
      bad(P, "an object");
    CacheRow R;
    R.Name = str(O, P, "name");
    R.File = str(O, P, "file");
    uint64_t Line = num(O, P, "line");
    if (Line > UINT32_MAX)
      bad(P + ".line", "a line number");
    R.Line = uint32_t(Line);
    R.Calls = num(O, P, "calls");
    R.Ir = num(O, P, "ir");
    R.I1mr = num(O, P, "i1mr");
    R.D1mr = num(O, P, "d1mr");
    R.D1mw = num(O, P, "d1mw");
    R.ILmr = num(O, P, "ilmr");
    R.DLmr = num(O, P, "dlmr");
    R.DLmw = num(O, P, "dlmw");
    R.Cycles = num(O, P, "est_cycles");
    R.AvgCycles = num(O, P, "avg_cycles");
    auto Pc = O.find("percent_total");
    if (Pc == O.end() || !Pc->is_number())
      bad(P + ".percent_total", "a number");
    R.PercentTotal = Pc->get<double>();
    S.Data.push_back(std::move(R));
  }
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
