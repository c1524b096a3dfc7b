//===- SuiteDiff.cpp - `hotpath diff` of two benchmark directories --------===//
#include "hotpath/policy/SuiteDiff.h"
#include "hotpath/policy/DiffRender.h"
#include "hotpath/policy/Policy.h"
#include "hotpath/report/SafeText.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace hotpath::policy {

namespace {

// A report's benchmark: meta.benchmark, else its file name without .json.
std::string benchmarkOf(const report::Report &R, const std::string &Path) {
  if (R.M.Benchmark && !R.M.Benchmark->empty())
    return *R.M.Benchmark;
  size_t Slash = Path.rfind('/');
  std::string F = Slash == std::string::npos ? Path : Path.substr(Slash + 1);
  return F.substr(0, F.size() - 5);
}

} // namespace

int SuiteVerdict::exitCode() const {
  bool Judged = false;
  for (const BenchmarkVerdict &B : Benchmarks) {
    if (B.V.fails())
      return 3;
    Judged |= B.V.Judged > 0;
  }
  return Judged ? 0 : 4;
}

const char *SuiteVerdict::status() const {
  switch (exitCode()) {
  case 3:
    return "fail";
  case 4:
    return "nothing judged";
  }
  for (const BenchmarkVerdict &B : Benchmarks)
    if (B.V.Failing)
      return "warn";
  return "pass";
}

bool judgeSuite(const std::vector<report::Report> &Base,
                const std::vector<report::Report> &Head,
                const std::vector<std::string> &BasePaths,
                const std::vector<std::string> &HeadPaths,
                const std::string &ExplicitPolicy, SuiteVerdict &Out,
                std::string &Error) {
  std::map<std::string, size_t> BaseIndex;
  for (size_t I = 0; I < Base.size(); ++I)
    BaseIndex.emplace(benchmarkOf(Base[I], BasePaths[I]), I);
  std::map<std::string, bool> Seen;
  for (size_t I = 0; I < Head.size(); ++I) {
    std::string Name = benchmarkOf(Head[I], HeadPaths[I]);
    auto It = BaseIndex.find(Name);
    if (It == BaseIndex.end()) {
      Out.OnlyInHead.push_back(Name);
      continue;
    }
    Seen[Name] = true;
    BenchmarkVerdict B;
    B.Name = Name;
    B.PolicyPath = findPolicy(ExplicitPolicy, Name, "");
    Policy P = defaultPolicy();
    if (!B.PolicyPath.empty() && !loadPolicy(B.PolicyPath, P, Error))
      return false;
    B.V = judge(&Base[It->second], Head[I], P);
    Out.Benchmarks.push_back(std::move(B));
  }
  for (const auto &[Name, I] : BaseIndex)
    if (!Seen.count(Name))
      Out.OnlyInBase.push_back(Name);
  return true;
}

std::string renderSuiteTable(const SuiteVerdict &S) {
  std::string Out = "hotpath diff: " + std::to_string(S.Benchmarks.size()) +
                    " benchmark" + (S.Benchmarks.size() == 1 ? "" : "s") +
                    " judged: " + S.status() + "\n";
  if (!S.NoBase.empty())
    Out += "  " + S.NoBase + "\n";
  for (const BenchmarkVerdict &B : S.Benchmarks)
    Out += "  " + B.Name + ": " + summaryLine(B.V) + "\n";
  for (const std::string &N : S.OnlyInHead)
    Out += "  " + N + ": new (no base report), not judged\n";
  for (const std::string &N : S.OnlyInBase)
    Out += "  " + N + ": gone (no head report), not judged\n";
  for (const BenchmarkVerdict &B : S.Benchmarks)
    Out += "\n== " + B.Name + " ==\n" + renderDiffTable(B.V, B.PolicyPath);
  return Out;
}

namespace {
// Names go in code spans: a benchmark's name may hold `|` or `*`.
std::string codeSpan(std::string N) {
  std::replace(N.begin(), N.end(), '`', '\'');
  std::string E;
  for (char C : N)
    E += C == '|' ? std::string("\\|") : std::string(1, C);
  return "`" + E + "`";
}

bool hasFindings(const Verdict &V) {
  return V.Regressions || V.BrokenBudgets || V.Failing;
}

// "New (no base report, not judged): `a`, `b` and 3 more", within Room.
std::string nameLine(const char *What, const std::vector<std::string> &Names,
                     size_t Room) {
  std::string Out = std::string(What) + ": ";
  for (size_t I = 0; I < Names.size(); ++I) {
    std::string Item = (I ? ", " : "") + codeSpan(Names[I]);
    if (Out.size() + Item.size() + 32 > Room) {
      Out += " and " + std::to_string(Names.size() - I) + " more";
      break;
    }
    Out += Item;
  }
  return Out + "\n";
}
} // namespace

std::string renderSuiteMarkdown(const SuiteVerdict &S,
                                const std::string &FullVerdict) {
  std::string St = S.status();
  const char *Icon = St == "fail"   ? "❌"
                     : St == "warn" ? "⚠️"
                     : St == "pass" ? "✅"
                                    : "➖";
  std::vector<const BenchmarkVerdict *> Found;
  unsigned Improved = 0;
  for (const BenchmarkVerdict &B : S.Benchmarks) {
    if (hasFindings(B.V))
      Found.push_back(&B);
    Improved += B.V.Improvements > 0;
  }
  size_t N = S.Benchmarks.size();
  std::string Out = "**hotpath bench diff** " + std::string(Icon) + " " + St +
                    ": " + std::to_string(N) + " benchmark" +
                    (N == 1 ? "" : "s") + " judged, " +
                    std::to_string(Found.size()) + " with findings, " +
                    std::to_string(Improved) + " improved";
  if (!S.OnlyInHead.empty())
    Out += "; " + std::to_string(S.OnlyInHead.size()) + " new";
  if (!S.OnlyInBase.empty())
    Out += "; " + std::to_string(S.OnlyInBase.size()) + " gone";
  Out += "\n";
  if (!S.NoBase.empty())
    Out += "\n> " + report::terminalText(S.NoBase) + "\n";
  // The same environment alert comes from every benchmark: once each.
  std::vector<std::string> Alerts;
  for (const BenchmarkVerdict &B : S.Benchmarks)
    for (const std::string &A : B.V.Alerts)
      if (std::find(Alerts.begin(), Alerts.end(), A) == Alerts.end())
        Alerts.push_back(A);
  for (const std::string &A : Alerts)
    Out += "\n> ⚠️ **Environment:** " + report::terminalText(A) + "\n";
  if (!Found.empty()) {
    Out += "\n| Benchmark | Verdict |\n| --- | --- |\n";
    for (size_t I = 0; I < Found.size(); ++I) {
      std::string Row = "| " + codeSpan(Found[I]->Name) + " | " +
                        summaryLine(Found[I]->V) + " |\n";
      if (Out.size() + Row.size() > CommentLimit / 4) {
        Out += "| … | " + std::to_string(Found.size() - I) +
               " more with findings |\n";
        break;
      }
      Out += Row;
    }
  }
  if (!S.OnlyInHead.empty() || !S.OnlyInBase.empty())
    Out += "\n";
  if (!S.OnlyInHead.empty())
    Out += nameLine("New (no base report, not judged)", S.OnlyInHead,
                    CommentLimit / 8);
  if (!S.OnlyInBase.empty())
    Out += nameLine("Gone (no head report, not judged)", S.OnlyInBase,
                    CommentLimit / 8);
  // Each benchmark's findings, as many as fit; the rest are named.
  const std::string Cut =
      "\n_Cut to fit a pull-request comment (GitHub takes 65,536 characters): "
      "the findings of %N more benchmarks are left out; " +
      FullVerdict + " prints the full verdict._\n";
  for (size_t I = 0; I < Found.size(); ++I) {
    const BenchmarkVerdict &B = *Found[I];
    std::string Part = "\n### " + codeSpan(B.Name) + "\n\nPolicy: " +
                       (B.PolicyPath.empty() ? std::string("built-in defaults")
                                             : "`" + B.PolicyPath + "`") +
                       "\n" + renderFindingsMarkdown(B.V, "####");
    if (Out.size() + Part.size() + Cut.size() + 16 > CommentLimit) {
      std::string C = Cut;
      C.replace(C.find("%N"), 2, std::to_string(Found.size() - I));
      Out += C;
      break;
    }
    Out += Part;
  }
  return Out;
}

std::string renderSuiteJson(const SuiteVerdict &S) {
  using Json = nlohmann::ordered_json;
  Json J;
  J["type"] = "hotpath_bench_diff";
  J["version"] = 1;
  J["status"] = S.status();
  J["exit_code"] = S.exitCode();
  Json Bs = Json::array();
  for (const BenchmarkVerdict &B : S.Benchmarks) {
    Json D = Json::parse(renderDiffJson(B.V, B.PolicyPath));
    Bs.push_back({{"benchmark", B.Name}, {"diff", std::move(D)}});
  }
  J["benchmarks"] = std::move(Bs);
  J["only_in_base"] = S.OnlyInBase;
  J["only_in_head"] = S.OnlyInHead;
  J["no_base"] = S.NoBase.empty() ? Json(nullptr) : Json(S.NoBase);
  return J.dump(2) + "\n";
}

} // namespace hotpath::policy
