//===- SuiteDiff.cpp - `hotpath diff` of two benchmark directories --------===//
#include "SuiteDiff.h"
#include "DiffRender.h"
#include "Policy.h"

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

std::string renderSuiteMarkdown(const SuiteVerdict &S) {
  std::string St = S.status();
  const char *Icon = St == "fail"   ? "❌"
                     : St == "warn" ? "⚠️"
                     : St == "pass" ? "✅"
                                    : "➖";
  std::string Out = "**hotpath bench diff** " + std::string(Icon) + " " + St +
                    ": " + std::to_string(S.Benchmarks.size()) + " benchmark" +
                    (S.Benchmarks.size() == 1 ? "" : "s") +
                    " judged\n\n| Benchmark | Verdict |\n| --- | --- |\n";
  // Names go in code spans: a benchmark's name may hold `|` or `*`.
  auto Code = [](std::string N) {
    std::replace(N.begin(), N.end(), '`', '\'');
    std::string E;
    for (char C : N)
      E += C == '|' ? std::string("\\|") : std::string(1, C);
    return "`" + E + "`";
  };
  for (const BenchmarkVerdict &B : S.Benchmarks)
    Out += "| " + Code(B.Name) + " | " + summaryLine(B.V) + " |\n";
  for (const std::string &N : S.OnlyInHead)
    Out += "| " + Code(N) + " | new, not judged |\n";
  for (const std::string &N : S.OnlyInBase)
    Out += "| " + Code(N) + " | gone, not judged |\n";
  for (const BenchmarkVerdict &B : S.Benchmarks)
    Out += "\n### " + Code(B.Name) + "\n\n" +
           renderDiffMarkdown(B.V, B.PolicyPath);
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
  return J.dump(2) + "\n";
}

} // namespace hotpath::policy
