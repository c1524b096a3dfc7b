//===- DiffRender.cpp - A verdict as a table, markdown or JSON ------------===//
#include "hotpath/policy/DiffRender.h"
#include "LocksDiff.h"
#include "SizesDiff.h"
#include "hotpath/policy/PolicyUnits.h"
#include "hotpath/report/DisplayName.h"
#include "hotpath/report/ReportTable.h"
#include "hotpath/report/SafeText.h"
#include "hotpath/report/Units.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace hotpath::policy {

namespace {

/// What marks a finding listed under its cause, before its name.
constexpr const char *UnderCause = "↳ ";
/// A cause's names in a terminal: the callee's name, not its arguments.
constexpr size_t CauseNameWidth = 40;

Quantity quantityOf(SectionKind K) {
  return K == SectionKind::Timing  ? Quantity::Duration
         : K == SectionKind::Alloc ? Quantity::Bytes
                                   : Quantity::Count;
}

std::string plural(unsigned N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

std::string changeCell(const MetricChange &C, SectionKind K) {
  Quantity Q = quantityOf(K);
  return formatQuantity(C.Base, Q) + " → " + formatQuantity(C.Head, Q) + " (" +
         formatPercentChange(C.Percent) + ")";
}

std::string outcomeCell(const SectionResult &S, const RowResult &R) {
  if (!S.Judged && R.O == Outcome::Unchanged)
    return "not judged";
  std::string O = outcomeName(R.O);
  if (R.Failing)
    O += " (fails)";
  return O;
}

/// "self", "self: calls g 1 → 2 times a call", "via leaf", "via a, b",
/// "called more by step"; "" for a row that is not a finding.
/// Names whole in markdown and JSON (NameWidth 0), fitted in a terminal.
std::string causeCell(const RowResult &R, size_t NameWidth) {
  std::string Names;
  for (const std::string &N : R.Via)
    Names += (Names.empty() ? "" : ", ") + report::displayName(N, NameWidth);
  switch (R.C) {
  case Cause::None:
    return "";
  case Cause::Self:
    return (R.Detail.empty() ? "self" : "self: " + R.Detail) +
           (Names.empty() ? "" : "; and via " + Names);
  case Cause::Via:
    return "via " + Names;
  case Cause::Calls:
    return std::string(R.O == Outcome::Regression ? "called more by "
                                                  : "called less by ") +
           Names;
  }
  return "";
}

std::string callsCell(const RowResult &R) {
  if (R.Base.Present && R.Head.Present)
    return report::formatCount(R.Base.Calls) + " → " +
           report::formatCount(R.Head.Calls);
  return report::formatCount(R.Base.Present ? R.Base.Calls : R.Head.Calls);
}

/// The metric cells of a row: changes when compared, else the values of the
/// side that has the function.
std::vector<std::string> metricCells(const SectionResult &S,
                                     const RowResult &R) {
  std::vector<std::string> Cells;
  for (size_t I = 0; I < S.Metrics.size(); ++I) {
    if (I < R.Changes.size()) {
      Cells.push_back(changeCell(R.Changes[I], S.K));
      continue;
    }
    const Side &Sd = R.Head.Present ? R.Head : R.Base;
    const Metric &M = S.Metrics[I];
    uint64_t V = M.K == Metric::Avg ? Sd.Row.Avg : Sd.Row.Total;
    Cells.push_back(
        M.K == Metric::Percentile ? "-" : formatQuantity(V, quantityOf(S.K)));
  }
  return Cells;
}

// Names come from reports anyone may have written: every cell reaches the
// terminal or the page through report::terminalText.
struct Grid {
  std::vector<std::vector<std::string>> Rows; // first row: the header
  size_t TextColumns = 1; // left-aligned in markdown; the others are numbers

  std::string text() const {
    std::vector<std::vector<std::string>> Rows = this->Rows;
    for (auto &R : Rows)
      for (std::string &C : R)
        C = report::terminalText(C);
    // A terminal's or a log's width: the names as the report's table
    // shows them, never two the same for two functions (the markdown,
    // which a page wraps, keeps them whole).
    if (Rows.size() > 1) {
      std::vector<std::string> Names, Marks;
      for (size_t I = 1; I < Rows.size(); ++I) {
        std::string N = Rows[I][0];
        Marks.push_back(N.rfind(UnderCause, 0) == 0 ? UnderCause : "");
        Names.push_back(report::shortenStdNames(N.substr(Marks.back().size())));
      }
      Names = report::fitDistinctNames(Names, report::DefaultNameWidth);
      for (size_t I = 1; I < Rows.size(); ++I)
        Rows[I][0] = Marks[I - 1] + std::move(Names[I - 1]);
    }
    std::vector<size_t> W;
    for (const auto &R : Rows)
      for (size_t I = 0; I < R.size(); ++I) {
        if (W.size() <= I)
          W.push_back(0);
        W[I] = std::max(W[I], report::displayWidth(R[I]));
      }
    std::string Out;
    for (const auto &R : Rows) {
      std::string Line = " ";
      for (size_t I = 0; I < R.size(); ++I) {
        Line += " " + R[I];
        if (I + 1 < R.size())
          Line += std::string(W[I] - report::displayWidth(R[I]) + 2, ' ');
      }
      Out += Line + "\n";
    }
    return Out;
  }

  std::string markdown(bool CodeFirst) const {
    std::string Out;
    for (size_t N = 0; N < Rows.size(); ++N) {
      Out += "|";
      for (size_t I = 0; I < Rows[N].size(); ++I) {
        std::string C = report::terminalText(Rows[N][I]);
        for (size_t P = 0; (P = C.find('|', P)) != std::string::npos; P += 2)
          C.replace(P, 1, "\\|");
        if (N && I == 0 && CodeFirst && !C.empty()) {
          std::string Mark = C.rfind(UnderCause, 0) == 0 ? UnderCause : "";
          C = Mark + "`" + C.substr(Mark.size()) + "`";
        }
        Out += " " + C + " |";
      }
      Out += "\n";
      if (N == 0) {
        Out += "|";
        for (size_t I = 0; I < Rows[N].size(); ++I)
          Out += I < TextColumns ? " --- |" : " ---: |";
        Out += "\n";
      }
    }
    return Out;
  }
};

std::string sectionHeading(const SectionResult &S) {
  std::string H = report::sectionTitle(S.K);
  if (!S.Judged)
    return H + " (not judged: shown for context)";
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%g", S.MinPercentChange);
  H += std::string(" (judged: change > ") + Buf + "%";
  if (S.MinChangePerCall)
    H +=
        " and " +
        (S.K == SectionKind::Timing ? report::formatDuration(S.MinChangePerCall)
         : S.K == SectionKind::Alloc
             ? report::formatBytes(S.MinChangePerCall)
             : report::formatCount(S.MinChangePerCall) + " Ir") +
        " a call";
  if (S.FailCheck)
    H += S.EnvNoFail ? ", fail_check off: environment differs" : ", fail_check";
  return H + ")";
}

std::vector<std::string> rowCells(const SectionResult &S, const RowResult &R,
                                  bool Under, size_t NameWidth) {
  std::vector<std::string> Cells = {(Under ? UnderCause : "") + R.Name,
                                    outcomeCell(S, R), causeCell(R, NameWidth),
                                    callsCell(R)};
  for (std::string &C : metricCells(S, R))
    Cells.push_back(std::move(C));
  if (!S.SelfMetric.empty())
    Cells.push_back(R.SelfChange ? changeCell(*R.SelfChange, S.K) : "-");
  return Cells;
}

/// Every row, or the regressions alone: each that is a cause, followed by
/// the findings it covers (listed under the first of their causes).
Grid sectionGrid(const SectionResult &S, bool OnlyFindings, bool Terminal) {
  size_t W = Terminal ? CauseNameWidth : 0;
  Grid G;
  G.TextColumns = 3;
  std::vector<std::string> Head = {"Function", "Outcome", "Cause", "Calls"};
  for (const Metric &M : S.Metrics)
    Head.push_back(M.name());
  if (!S.SelfMetric.empty())
    Head.push_back(S.SelfMetric);
  G.Rows.push_back(Head);
  for (const RowResult &R : S.Rows) {
    if (!OnlyFindings) {
      G.Rows.push_back(rowCells(S, R, false, W));
      continue;
    }
    if (R.O != Outcome::Regression || R.Covered)
      continue;
    G.Rows.push_back(rowCells(S, R, false, W));
    for (const RowResult &C : S.Rows)
      if (C.Covered && !C.Via.empty() && C.Via.front() == R.Name)
        G.Rows.push_back(rowCells(S, C, true, W));
  }
  return G;
}

Grid budgetGrid(const Verdict &V) {
  Grid G;
  G.Rows.push_back({"Budget", "Function", "Problem", "Message"});
  for (const BudgetResult &B : V.Budgets)
    for (const BudgetViolation &BV : B.Violations)
      G.Rows.push_back({B.B->Match, BV.Function.empty() ? "-" : BV.Function,
                        BV.What + (BV.Failing ? " (fails)" : ""),
                        B.B->Message});
  return G;
}

/// One row per budget: what it matched and whether it holds.
Grid budgetStatusGrid(const Verdict &V) {
  Grid G;
  G.Rows.push_back({"Budget", "Matched", "Status"});
  for (const BudgetResult &B : V.Budgets)
    G.Rows.push_back({B.B->Match, plural(B.Matched, "function", "functions"),
                      !B.Broken   ? "holds"
                      : B.Failing ? "broken (fails)"
                                  : "broken (fail_check = false)"});
  return G;
}

} // namespace

namespace {
// Why findings that were reported fail nothing: one reason per section with
// regressions, and one for broken budgets.
std::string whyNothingFails(const Verdict &V) {
  std::vector<std::string> Why;
  for (const SectionResult &S : V.Sections) {
    bool Any = false;
    for (const RowResult &R : S.Rows)
      Any = Any || R.O == Outcome::Regression;
    if (!Any)
      continue;
    std::string Table =
        "[functions." + std::string(report::sectionTitle(S.K)) + "]";
    Why.push_back(!S.FailCheck ? "fail_check is off for " + Table
                               : "the two runs' environments differ, so " +
                                     Table + " findings do not fail");
  }
  if (anyRegression(V.Locks.Rows))
    Why.push_back(!V.Locks.FailCheck
                      ? "fail_check is off for [locks]"
                      : "the two runs' environments differ, so [locks] "
                        "findings do not fail");
  if (anyRegression(V.Sizes.Rows))
    Why.push_back("neither fail_on_complexity nor fail_check is on for "
                  "[functions_sizes]");
  if (V.BrokenBudgets)
    Why.push_back("fail_check is off for the broken budgets");
  std::string Out;
  for (const std::string &W : Why)
    Out += (Out.empty() ? "" : "; ") + W;
  return Out;
}
} // namespace

namespace {
/// "2 regressions" or, with findings listed under them, "1 regression (3
/// more findings under it)": the count is of causes.
std::string regressionsText(const Verdict &V) {
  std::string S = plural(V.Regressions, "regression", "regressions");
  if (V.CoveredRegressions)
    S += " (" + plural(V.CoveredRegressions, "more finding", "more findings") +
         (V.Regressions == 1 ? " under it)" : " under them)");
  return S;
}
} // namespace

std::string summaryLine(const Verdict &V) {
  std::string S;
  std::string St = V.status();
  if (St == "pass" && (V.Regressions || V.BrokenBudgets) && !V.Failing) {
    // A pass that reports regressions says in words why it still passes:
    // "PASS: 16 regressions" reads like a contradiction.
    S = "PASS — ";
    S += V.Regressions
             ? regressionsText(V) + " reported"
             : plural(V.BrokenBudgets, "broken budget", "broken budgets") +
                   " reported";
    S += ", none fails the check (" + whyNothingFails(V) + ")";
    S += "; " + plural(V.Improvements, "improvement", "improvements");
    S += ", " + plural(V.BrokenBudgets, "broken budget", "broken budgets");
    S += "; " +
         plural(V.Judged, "row or budget judged", "rows and budgets judged");
    return S;
  }
  if (St == "fail")
    S = "FAIL";
  else if (St == "warn")
    S = "WARN (pr_check = \"warn\")";
  else if (St == "pass")
    S = "PASS";
  else
    S = "NOTHING JUDGED";
  S += ": " + regressionsText(V);
  S += ", " + plural(V.Improvements, "improvement", "improvements");
  S += ", " + plural(V.BrokenBudgets, "broken budget", "broken budgets");
  S +=
      "; " + plural(V.Failing, "finding fails", "findings fail") + " the check";
  S += "; " +
       plural(V.Judged, "row or budget judged", "rows and budgets judged");
  return S;
}

std::string renderDiffTable(const Verdict &V, const std::string &PolicyPath) {
  std::string Out = "hotpath diff: " + summaryLine(V) + "\n";
  Out += "policy: " + (PolicyPath.empty() ? "built-in defaults" : PolicyPath) +
         "\n";
  for (const std::string &A : V.Alerts)
    Out += "alert: " + report::terminalText(A) + "\n";
  for (const std::string &N : V.Notes)
    Out += "note: " + report::terminalText(N) + "\n";
  if (V.Regressions) {
    Out += "\nregressions\n";
    for (const SectionResult &S : V.Sections)
      if (S.Compared) {
        Grid G = sectionGrid(S, true, true);
        if (G.Rows.size() > 1)
          Out +=
              "  " + std::string(report::sectionTitle(S.K)) + "\n" + G.text();
      }
    if (anyRegression(V.Locks.Rows))
      Out += "  locks\n" + Grid{locksRows(V.Locks, true)}.text();
    if (anyRegression(V.Sizes.Rows))
      Out += "  functions_sizes\n" + Grid{sizesRows(V.Sizes, true)}.text();
  }
  if (V.BrokenBudgets)
    Out += "\nbroken budgets\n" + budgetGrid(V).text();
  for (const SectionResult &S : V.Sections) {
    if (!S.Compared)
      continue;
    Out += "\n" + sectionHeading(S) + "\n";
    Out += sectionGrid(S, false, true).text();
  }
  if (V.Locks.Compared && !V.Locks.Rows.empty())
    Out += "\n" + locksHeading(V.Locks) + "\n" +
           Grid{locksRows(V.Locks, false)}.text();
  if (V.Sizes.Compared && !V.Sizes.Rows.empty())
    Out += "\n" + sizesHeading(V.Sizes) + "\n" +
           Grid{sizesRows(V.Sizes, false)}.text();
  if (!V.Budgets.empty())
    Out += "\nbudgets\n" + budgetStatusGrid(V).text();
  for (const BudgetResult &B : V.Budgets)
    for (const std::string &N : B.NotChecked)
      Out += "note: budget '" + report::terminalText(B.B->Match) +
             "': " + report::terminalText(N) + "\n";
  return Out;
}

std::string renderFindingsMarkdown(const Verdict &V,
                                   const std::string &Heading) {
  std::string Out;
  if (V.Regressions) {
    Out += "\n" + Heading + " Regressions\n";
    for (const SectionResult &S : V.Sections)
      if (S.Compared) {
        Grid G = sectionGrid(S, true, false);
        if (G.Rows.size() > 1)
          Out += "\n**" + std::string(report::sectionTitle(S.K)) + "**\n\n" +
                 G.markdown(true);
      }
    if (anyRegression(V.Locks.Rows))
      Out += "\n**locks**\n\n" + Grid{locksRows(V.Locks, true)}.markdown(true);
    if (anyRegression(V.Sizes.Rows))
      Out += "\n**functions_sizes**\n\n" +
             Grid{sizesRows(V.Sizes, true)}.markdown(true);
  }
  if (V.BrokenBudgets)
    Out +=
        "\n" + Heading + " Broken budgets\n\n" + budgetGrid(V).markdown(true);
  return Out;
}

std::string renderDiffMarkdown(const Verdict &V,
                               const std::string &PolicyPath) {
  std::string St = V.status();
  // A pass with regressions or broken budgets is a warning sign, not a
  // check mark: something got worse, even if the policy lets it through.
  bool Clean = !V.Regressions && !V.BrokenBudgets;
  const char *Icon = St == "fail"   ? "❌"
                     : St == "warn" ? "⚠️"
                     : St == "pass" ? (Clean ? "✅" : "⚠️")
                                    : "➖";
  std::string Out =
      "**hotpath diff** " + std::string(Icon) + " " + summaryLine(V) + "\n\n";
  Out += "Policy: " +
         (PolicyPath.empty() ? std::string("built-in defaults")
                             : "`" + PolicyPath + "`") +
         "\n";
  for (const std::string &A : V.Alerts)
    Out += "\n> ⚠️ **Environment:** " + report::terminalText(A) + "\n";
  Out += renderFindingsMarkdown(V, "###");
  bool Any = !V.Budgets.empty();
  for (const SectionResult &S : V.Sections)
    Any |= S.Compared;
  Any |= V.Locks.Compared && !V.Locks.Rows.empty();
  Any |= V.Sizes.Compared && !V.Sizes.Rows.empty();
  if (Any) {
    std::string All = "\n<details><summary>All functions</summary>\n";
    for (const SectionResult &S : V.Sections)
      if (S.Compared)
        All += "\n#### " + sectionHeading(S) + "\n\n" +
               sectionGrid(S, false, false).markdown(true);
    if (V.Locks.Compared && !V.Locks.Rows.empty())
      All += "\n#### " + locksHeading(V.Locks) + "\n\n" +
             Grid{locksRows(V.Locks, false)}.markdown(true);
    if (V.Sizes.Compared && !V.Sizes.Rows.empty())
      All += "\n#### " + sizesHeading(V.Sizes) + "\n\n" +
             Grid{sizesRows(V.Sizes, false)}.markdown(true);
    if (!V.Budgets.empty())
      All += "\n#### budgets\n\n" + budgetStatusGrid(V).markdown(true);
    All += "\n</details>\n";
    // A pull-request comment must fit: the findings stay, the table of
    // every function goes (the text format has it).
    Out += Out.size() + All.size() < CommentLimit - 2000
               ? All
               : "\n_The table of all functions is left out to fit a "
                 "pull-request comment; `--format table` prints it._\n";
  }
  std::vector<std::string> Notes = V.Notes;
  for (const BudgetResult &B : V.Budgets)
    for (const std::string &N : B.NotChecked)
      Notes.push_back("budget `" + B.B->Match + "`: " + N);
  if (!Notes.empty()) {
    Out += "\n";
    for (const std::string &N : Notes)
      Out += "- note: " + report::terminalText(N) + "\n";
  }
  if (Out.size() > CommentLimit) { // thousands of findings: cut at a line
    Out.resize(Out.rfind('\n', CommentLimit - 200) + 1);
    Out += "\n_Cut to fit a pull-request comment (GitHub takes 65,536 "
           "characters); `--format table` prints the full verdict._\n";
  }
  return Out;
}

std::string renderDiffJson(const Verdict &V, const std::string &PolicyPath) {
  using Json = nlohmann::ordered_json;
  Json J;
  J["type"] = "hotpath_diff";
  J["version"] = 1;
  J["policy"] = PolicyPath.empty() ? Json(nullptr) : Json(PolicyPath);
  J["status"] = V.status();
  J["exit_code"] = V.exitCode();
  J["summary"] = {{"regressions", V.Regressions},
                  {"improvements", V.Improvements},
                  {"under_causes", V.CoveredRegressions},
                  {"broken_budgets", V.BrokenBudgets},
                  {"failing", V.Failing},
                  {"judged", V.Judged}};
  J["alerts"] = V.Alerts;
  J["notes"] = V.Notes;
  Json Sections = Json::array();
  for (const SectionResult &S : V.Sections) {
    Json SJ;
    SJ["section"] = report::sectionKey(S.K);
    SJ["judged"] = S.Judged;
    SJ["compared"] = S.Compared;
    SJ["skipped"] = S.Skipped.empty() ? Json(nullptr) : Json(S.Skipped);
    SJ["fail_check"] = S.FailCheck;
    SJ["environment_differs"] = S.EnvNoFail;
    SJ["min_percent_change"] = S.MinPercentChange;
    SJ["self_metric"] =
        S.SelfMetric.empty() ? Json(nullptr) : Json(S.SelfMetric);
    Json Rows = Json::array();
    for (const RowResult &R : S.Rows) {
      Json RJ;
      RJ["name"] = R.Name;
      RJ["outcome"] = !S.Judged && R.O == Outcome::Unchanged ? "not_judged"
                                                             : outcomeKey(R.O);
      RJ["failing"] = R.Failing;
      RJ["cause"] = R.C == Cause::None ? Json(nullptr) : Json(causeKey(R.C));
      RJ["via"] = R.Via.empty() ? Json(nullptr) : Json(R.Via.front());
      RJ["via_all"] = R.Via;
      RJ["under_cause"] = R.Covered;
      if (!R.Detail.empty())
        RJ["detail"] = R.Detail;
      auto SideJson = [](const Side &Sd) -> Json {
        if (!Sd.Present)
          return nullptr;
        return {{"calls", Sd.Calls},
                {"percent_total", Sd.PercentTotal},
                {"avg", Sd.Row.Avg},
                {"total", Sd.Row.Total}};
      };
      RJ["base"] = SideJson(R.Base);
      RJ["head"] = SideJson(R.Head);
      Json Ch = Json::array();
      auto Change = [&](const MetricChange &C, const std::string &Name) {
        Ch.push_back({{"metric", Name},
                      {"base", C.Base},
                      {"head", C.Head},
                      {"percent", std::isinf(C.Percent) ? Json(nullptr)
                                                        : Json(C.Percent)}});
      };
      for (const MetricChange &C : R.Changes)
        Change(C, C.M.name());
      if (R.SelfChange)
        Change(*R.SelfChange, S.SelfMetric);
      RJ["changes"] = Ch;
      Rows.push_back(RJ);
    }
    SJ["rows"] = Rows;
    Sections.push_back(SJ);
  }
  J["sections"] = Sections;
  J["locks"] = locksJson(V.Locks);
  J["functions_sizes"] = sizesJson(V.Sizes);
  Json Budgets = Json::array();
  for (const BudgetResult &B : V.Budgets) {
    Json BJ;
    BJ["match"] = B.B->Match;
    BJ["message"] = B.B->Message;
    BJ["matched"] = B.Matched;
    BJ["broken"] = B.Broken;
    BJ["failing"] = B.Failing;
    Json Vs = Json::array();
    for (const BudgetViolation &BV : B.Violations)
      Vs.push_back({{"function", BV.Function},
                    {"problem", BV.What},
                    {"failing", BV.Failing}});
    BJ["violations"] = Vs;
    BJ["not_checked"] = B.NotChecked;
    Budgets.push_back(BJ);
  }
  J["budgets"] = Budgets;
  return J.dump(2) + "\n";
}

} // namespace hotpath::policy
