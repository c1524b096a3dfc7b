//===- CausesTest.cpp - The judge names why a cost changed ----------------===//
#include "TestSupport.h"
#include "hotpath/policy/DiffRender.h"
#include "hotpath/policy/Judge.h"

using namespace hotpath::policy;
using namespace hotpath::policy::test;
using hotpath::report::CallEdgeRow;
using hotpath::report::Report;
using hotpath::report::TreeNode;

namespace {

const char *IcountJudged = "[functions.icount]\njudged = true\n"
                           "fail_check = true\nmin_percent_change = 2\n"
                           "min_change_per_call = 50\n";

/// An icount report: each caller calls `leaf` `PerCall` times a call, 100
/// calls each; the leaf costs `Leaf` Ir a call, each caller `Own` of its
/// own (a map of caller to own cost). Hooks cost 10 Ir a call: in the
/// edges' Ir, not in the rows' totals.
Report icountReport(uint64_t Leaf, const std::map<std::string, uint64_t> &Own,
                    uint64_t PerCall = 4) {
  std::vector<hotpath::report::FunctionRow> Rows;
  std::vector<CallEdgeRow> Edges;
  uint64_t LeafCalls = 0;
  for (const auto &[Name, O] : Own) {
    uint64_t Calls = 100, N = Calls * PerCall;
    Rows.push_back(row(Name, Calls, Calls * O + N * Leaf, 30));
    Edges.push_back({Name, "leaf", N, N * (Leaf + 10)});
    LeafCalls += N;
  }
  Rows.push_back(row("leaf", LeafCalls, LeafCalls * Leaf, 50));
  Report R = makeReport({}, Rows);
  R.Icount.HookCostIr = 10;
  R.IcountCalls.Present = true;
  R.IcountCalls.Data = Edges;
  return R;
}

const RowResult &rowOf(const Verdict &V, const std::string &N) {
  for (const SectionResult &S : V.Sections)
    if (S.K == SectionKind::Icount)
      for (const RowResult &R : S.Rows)
        if (R.Name == N)
          return R;
  static RowResult None;
  ADD_FAILURE() << "no row " << N;
  return None;
}

} // namespace

TEST(Causes, ASlowerLeafIsTheOnlyCauseItsCallersAreUnderIt) {
  Policy P = parseOrDie(IcountJudged);
  std::map<std::string, uint64_t> Own = {{"a", 500}, {"b", 800}, {"c", 300}};
  Report B = icountReport(100, Own), H = icountReport(140, Own);
  Verdict V = judge(&B, H, P);
  const RowResult &Leaf = rowOf(V, "leaf");
  EXPECT_EQ(Leaf.O, Outcome::Regression);
  EXPECT_EQ(Leaf.C, Cause::Self);
  EXPECT_TRUE(Leaf.Failing);
  for (const char *N : {"a", "b", "c"}) {
    const RowResult &R = rowOf(V, N);
    EXPECT_EQ(R.O, Outcome::Regression) << N;
    EXPECT_EQ(R.C, Cause::Via) << N;
    EXPECT_EQ(R.Via, std::vector<std::string>{"leaf"}) << N;
    EXPECT_TRUE(R.Covered) << N;
    EXPECT_FALSE(R.Failing) << N;
    ASSERT_TRUE(R.SelfChange) << N;
    EXPECT_EQ(R.SelfChange->Base, R.SelfChange->Head) << N;
  }
  EXPECT_EQ(V.Regressions, 1u);
  EXPECT_EQ(V.CoveredRegressions, 3u);
  EXPECT_EQ(V.Failing, 1u);
  EXPECT_EQ(V.exitCode(), 3);
  EXPECT_NE(summaryLine(V).find("1 regression (3 more findings under it)"),
            std::string::npos)
      << summaryLine(V);
}

TEST(Causes, ACallersOwnChangeMakesItACauseToo) {
  Policy P = parseOrDie(IcountJudged);
  Report B = icountReport(100, {{"a", 500}, {"b", 800}, {"c", 300}});
  Report H = icountReport(140, {{"a", 500}, {"b", 1200}, {"c", 300}});
  Verdict V = judge(&B, H, P);
  const RowResult &Bee = rowOf(V, "b");
  EXPECT_EQ(Bee.C, Cause::Self);
  EXPECT_TRUE(Bee.Failing);
  EXPECT_FALSE(Bee.Covered);
  EXPECT_EQ(Bee.Via, std::vector<std::string>{"leaf"}); // moved by it too
  ASSERT_TRUE(Bee.SelfChange);
  EXPECT_EQ(Bee.SelfChange->Direction, 1);
  EXPECT_EQ(rowOf(V, "a").C, Cause::Via);
  EXPECT_EQ(V.Regressions, 2u);
  EXPECT_EQ(V.CoveredRegressions, 2u);
}

TEST(Causes, OwnCodeAloneIsSelfAndItsCalleesStayUnchanged) {
  Policy P = parseOrDie(IcountJudged);
  Report B = icountReport(100, {{"a", 500}, {"b", 800}});
  Report H = icountReport(100, {{"a", 900}, {"b", 800}});
  Verdict V = judge(&B, H, P);
  EXPECT_EQ(rowOf(V, "a").C, Cause::Self);
  EXPECT_TRUE(rowOf(V, "a").Via.empty());
  EXPECT_EQ(rowOf(V, "leaf").O, Outcome::Unchanged);
  EXPECT_EQ(rowOf(V, "b").O, Outcome::Unchanged);
  EXPECT_EQ(V.Regressions, 1u);
}

TEST(Causes, CallingACalleeMoreIsTheCallersOwnAndTheCalleeIsCalledMore) {
  Policy P = parseOrDie(IcountJudged);
  Report B = icountReport(100, {{"a", 500}}, 4);
  Report H = icountReport(100, {{"a", 500}}, 8);
  Verdict V = judge(&B, H, P);
  const RowResult &A = rowOf(V, "a");
  EXPECT_EQ(A.C, Cause::Self);
  EXPECT_EQ(A.Detail, "calls leaf 4 → 8 times a call");
  const RowResult &Leaf = rowOf(V, "leaf"); // its total doubled
  EXPECT_EQ(Leaf.O, Outcome::Regression);
  EXPECT_EQ(Leaf.C, Cause::Calls);
  EXPECT_EQ(Leaf.Via, std::vector<std::string>{"a"});
  EXPECT_TRUE(Leaf.Covered);
  EXPECT_EQ(V.Regressions, 1u);
}

TEST(Causes, ImprovementsGetCausesAndCountAsBefore) {
  Policy P = parseOrDie(IcountJudged);
  std::map<std::string, uint64_t> Own = {{"a", 500}, {"b", 800}};
  Report B = icountReport(200, Own), H = icountReport(100, Own);
  Verdict V = judge(&B, H, P);
  EXPECT_EQ(rowOf(V, "a").O, Outcome::Improvement);
  EXPECT_EQ(rowOf(V, "a").C, Cause::Via);
  EXPECT_EQ(rowOf(V, "leaf").C, Cause::Self);
  EXPECT_EQ(V.Improvements, 3u);
}

TEST(Causes, WithoutCallsBetweenFunctionsEachFindingIsItsOwn) {
  Policy P = parseOrDie(IcountJudged);
  std::map<std::string, uint64_t> Own = {{"a", 500}};
  Report B = icountReport(100, Own), H = icountReport(200, Own);
  B.IcountCalls = {};
  H.IcountCalls = {};
  Verdict V = judge(&B, H, P);
  EXPECT_EQ(rowOf(V, "a").C, Cause::Self);
  EXPECT_EQ(V.Regressions, 2u);
  EXPECT_EQ(V.CoveredRegressions, 0u);
  for (const SectionResult &S : V.Sections)
    if (S.K == SectionKind::Icount)
      EXPECT_EQ(S.SelfMetric, "");
}

TEST(Causes, TimingCausesComeFromTheCallTree) {
  Policy P = parseOrDie("[functions.timing]\njudged = true\n"
                        "min_percent_change = 10\n");
  auto Make = [](uint64_t Leaf) {
    hotpath::report::FunctionRow Caller = row("caller", 100, 0, 50);
    Caller.Total = 100 * (1000 + Leaf);
    Caller.Avg = 1000 + Leaf;
    Caller.Self = 100 * 1000;
    hotpath::report::FunctionRow L = row("leaf", 100, 100 * Leaf, 40);
    L.Self = L.Total;
    Report R = makeReport({Caller, L});
    R.Tree.Present = true;
    TreeNode Root, Child;
    Root.Name = "caller";
    Root.Calls = 100;
    Root.Total = Caller.Total;
    Root.Self = 100 * 1000;
    Child.Name = "leaf";
    Child.Parent = 0;
    Child.Calls = 100;
    Child.Total = L.Total;
    Child.Self = L.Total;
    R.Tree.Nodes = {Root, Child};
    return R;
  };
  Report B = Make(2000), H = Make(4000);
  Verdict V = judge(&B, H, P);
  const RowResult *Caller = nullptr;
  for (const RowResult &R : V.Sections[0].Rows)
    if (R.Name == "caller")
      Caller = &R;
  ASSERT_TRUE(Caller);
  EXPECT_EQ(Caller->C, Cause::Via);
  EXPECT_TRUE(Caller->Covered);
  EXPECT_EQ(V.Sections[0].SelfMetric, "self_time");
  EXPECT_EQ(V.Regressions, 1u);
}

TEST(Causes, TheJsonCarriesCauseAndVia) {
  Policy P = parseOrDie(IcountJudged);
  std::map<std::string, uint64_t> Own = {{"a", 500}};
  Report B = icountReport(100, Own), H = icountReport(140, Own);
  std::string J = renderDiffJson(judge(&B, H, P), "");
  EXPECT_NE(J.find("\"cause\": \"via\",\n          \"via\": \"leaf\""),
            std::string::npos)
      << J;
  EXPECT_NE(J.find("\"metric\": \"self_icount\""), std::string::npos);
  EXPECT_NE(J.find("\"under_causes\": 1"), std::string::npos);
}
