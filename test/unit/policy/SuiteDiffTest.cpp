//===- SuiteDiffTest.cpp - Two directories of benchmark reports -----------===//
#include "hotpath/policy/SuiteDiff.h"
#include "TestSupport.h"
#include "hotpath/policy/DiffRender.h"

using namespace hotpath;
using namespace hotpath::policy;
using namespace hotpath::policy::test;

namespace {

report::Report bench(const std::string &Name, uint64_t Ir) {
  report::Report R = makeReport({}, {row("f", 10, Ir, 100)});
  R.M.Benchmark = Name;
  return R;
}

SuiteVerdict judged(const std::vector<report::Report> &Base,
                    const std::vector<report::Report> &Head,
                    const std::string &Policy = "") {
  std::vector<std::string> BP(Base.size(), "b.json"), HP(Head.size(), "h.json");
  SuiteVerdict S;
  std::string Error;
  EXPECT_TRUE(judgeSuite(Base, Head, BP, HP, Policy, S, Error)) << Error;
  return S;
}

} // namespace

TEST(SuiteDiff, PairsByBenchmarkAndListsTheRest) {
  SuiteVerdict S = judged({bench("BM_a/8", 1000), bench("BM_gone", 1000)},
                          {bench("BM_new", 1000), bench("BM_a/8", 1000)});
  ASSERT_EQ(S.Benchmarks.size(), 1u);
  EXPECT_EQ(S.Benchmarks[0].Name, "BM_a/8");
  EXPECT_EQ(S.OnlyInHead, std::vector<std::string>{"BM_new"});
  EXPECT_EQ(S.OnlyInBase, std::vector<std::string>{"BM_gone"});
  EXPECT_EQ(S.exitCode(), 0);
  EXPECT_STREQ(S.status(), "pass");
}

TEST(SuiteDiff, OneFailingBenchmarkFailsTheSuite) {
  // The built-in policy judges icount without failing; a policy file that
  // fails on it makes the doubled benchmark fail, the other pass.
  char Tpl[] = "/tmp/hotpath-suitediff-XXXXXX";
  ASSERT_TRUE(mkdtemp(Tpl));
  std::string P = std::string(Tpl) + "/policy.toml";
  FILE *F = fopen(P.c_str(), "w");
  ASSERT_TRUE(F);
  fputs("[functions.icount]\nfail_check = true\n", F);
  fclose(F);
  SuiteVerdict S = judged({bench("BM_a", 1000), bench("BM_b", 1000)},
                          {bench("BM_a", 2000), bench("BM_b", 1000)}, P);
  ASSERT_EQ(S.Benchmarks.size(), 2u);
  EXPECT_TRUE(S.Benchmarks[0].V.fails());
  EXPECT_FALSE(S.Benchmarks[1].V.fails());
  EXPECT_EQ(S.exitCode(), 3);
  EXPECT_STREQ(S.status(), "fail");
  std::string Md = renderSuiteMarkdown(S, "`hotpath diff a b`");
  EXPECT_NE(Md.find("❌ fail: 2 benchmarks judged, 1 with findings"),
            std::string::npos)
      << Md;
  EXPECT_NE(Md.find("| `BM_a` | FAIL"), std::string::npos) << Md;
  // Findings only: the benchmark without any is counted, not shown.
  EXPECT_EQ(Md.find("BM_b"), std::string::npos) << Md;
  std::remove(P.c_str());
  rmdir(Tpl);
}

TEST(SuiteDiff, NothingJudgedAnywhere) {
  SuiteVerdict S = judged({bench("BM_a", 1000)}, {bench("BM_b", 1000)});
  EXPECT_TRUE(S.Benchmarks.empty());
  EXPECT_EQ(S.exitCode(), 4);
}

TEST(SuiteDiff, MarkdownKeepsNamesInCodeSpans) {
  SuiteVerdict S =
      judged({bench("BM_x<a|b>", 1000)}, {bench("BM_x<a|b>", 2000)});
  std::string Md = renderSuiteMarkdown(S, "`hotpath diff a b`");
  EXPECT_NE(Md.find("| `BM_x<a\\|b>` |"), std::string::npos) << Md;
}

TEST(SuiteDiff, MarkdownFitsAPullRequestComment) {
  // Thousands of regressed benchmarks with long names, hundreds new and
  // gone: the comment stays under GitHub's 65,536 characters, shows the
  // first findings, counts the rest and says where the full verdict is.
  std::vector<report::Report> Base, Head;
  for (int I = 0; I < 3000; ++I) {
    std::string Name =
        "BM_Compress/" + std::string(60, 'x') + "/" + std::to_string(I);
    Base.push_back(bench(Name, 1000));
    Head.push_back(bench(Name, 2000));
  }
  for (int I = 0; I < 500; ++I) {
    Base.push_back(bench("BM_gone/" + std::to_string(I), 1000));
    Head.push_back(bench("BM_new/" + std::to_string(I), 1000));
  }
  SuiteVerdict S = judged(Base, Head);
  std::string Md = renderSuiteMarkdown(S, "`hotpath diff base head`");
  EXPECT_LT(Md.size(), CommentLimit);
  EXPECT_NE(Md.find("3000 benchmarks judged, 3000 with findings"),
            std::string::npos);
  EXPECT_NE(Md.find("; 500 new; 500 gone"), std::string::npos);
  EXPECT_NE(Md.find("### `BM_Compress/" + std::string(60, 'x') + "/0`"),
            std::string::npos);
  EXPECT_NE(Md.find(" more with findings |"), std::string::npos);
  EXPECT_NE(Md.find("New (no base report, not judged): `BM_new/0`"),
            std::string::npos);
  EXPECT_NE(Md.find("Gone (no head report, not judged): `BM_gone/0`"),
            std::string::npos);
  EXPECT_NE(Md.find("more benchmarks are left out; `hotpath diff base head` "
                    "prints the full verdict"),
            std::string::npos)
      << Md.substr(Md.size() - 400);
}
