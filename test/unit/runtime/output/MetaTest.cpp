//===- MetaTest.cpp - Where meta's fields come from -----------------------===//
#include "output/Meta.h"
#include "ScratchDir.h"
#include "hotpath/report/Git.h"
#include "sampling/LoadedObjects.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>

using namespace hotpath::rt;
using namespace hotpath::report;
using hotpath::report::Meta;

namespace {

void write(const std::string &Path, const std::string &Text) {
  std::ofstream(Path) << Text;
}

bool haveGit() { return system("git --version >/dev/null 2>&1") == 0; }

std::string run(const std::string &Cmd) {
  std::string Out;
  FILE *P = popen(Cmd.c_str(), "r");
  char Buf[256];
  while (P && fgets(Buf, sizeof Buf, P))
    Out += Buf;
  if (P)
    pclose(P);
  while (!Out.empty() && Out.back() == '\n')
    Out.pop_back();
  return Out;
}

} // namespace

TEST(Meta, BuildIdOfThisTest) {
  // The test binary is linked with a build id by default on Debian.
  auto Id = mainBuildId();
  ASSERT_TRUE(Id.has_value());
  EXPECT_GE(Id->size(), 16u);
  EXPECT_EQ(Id->find_first_not_of("0123456789abcdef"), std::string::npos);
  std::string Readelf = run("readelf -n /proc/" + std::to_string(getpid()) +
                            "/exe 2>/dev/null | sed -n 's/.*Build ID: //p'");
  if (!Readelf.empty())
    EXPECT_EQ(*Id, Readelf);
}

TEST(Meta, CompilerFromThisTestsComment) {
  std::string Name, Version;
  ASSERT_TRUE(
      compilerFromComments(elfComments("/proc/self/exe"), Name, Version));
  EXPECT_EQ(Name, "clang");
  EXPECT_EQ(Version.substr(0, Version.find('.')),
            std::to_string(__clang_major__));
}

TEST(Meta, CompilerStrings) {
  std::string N, V;
  EXPECT_TRUE(compilerFromComments(
      {"GCC: (Debian 12.2.0-14) 12.2.0", "Debian clang version 19.1.7 (3+b1)"},
      N, V));
  EXPECT_EQ(N, "clang");
  EXPECT_EQ(V, "19.1.7");
  EXPECT_TRUE(compilerFromComments({"GCC: (Debian 12.2.0-14) 12.2.0"}, N, V));
  EXPECT_EQ(N, "gcc");
  EXPECT_EQ(V, "12.2.0");
  EXPECT_FALSE(compilerFromComments({"Linker: LLD 19"}, N, V));
  EXPECT_TRUE(elfComments("/nonexistent").empty());
  EXPECT_TRUE(elfComments("/proc/self/status").empty()); // not ELF
}

TEST(Meta, CpuInfo) {
  std::optional<std::string> Model, Vendor;
  cpuInfo("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) "
          "Xeon(R) Platinum 8370C CPU @ 2.80GHz\n\nprocessor\t: 1\n",
          Model, Vendor);
  EXPECT_EQ(*Model, "Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz");
  EXPECT_EQ(*Vendor, "GenuineIntel");
  Model.reset();
  Vendor.reset();
  cpuInfo("", Model, Vendor);
  EXPECT_FALSE(Model);
  EXPECT_FALSE(Vendor);
}

TEST(Meta, IsoTime) {
  EXPECT_EQ(isoTime(0), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(isoTime(1767225600123456789ull), "2026-01-01T00:00:00.123Z");
}

TEST(Meta, NotUnderValgrind) { EXPECT_FALSE(valgrindTool().has_value()); }

TEST(Meta, CollectFillsEverything) {
  Snapshot S;
  S.StartUnixNs = 1767225600000000000ull;
  S.ElapsedNs = 5;
  S.Warnings = {"runtime says"};
  Options O;
  O.Warnings = {"bad env"};
  O.ReportLabel = "L";
  O.UserMetadata = "a=1";
  Meta M = collectMeta(S, O);
  EXPECT_EQ(M.Run, "native");
  EXPECT_EQ(M.Pid, getpid());
  EXPECT_EQ(M.StartTime, "2026-01-01T00:00:00.000Z");
  EXPECT_EQ(M.ElapsedNs, 5u);
  EXPECT_TRUE(M.BuildId);
  EXPECT_EQ(*M.Compiler, "clang");
  EXPECT_EQ(M.LlvmVersion, M.CompilerVersion);
  EXPECT_FALSE(M.Tool);
  EXPECT_EQ(*M.Label, "L");
  EXPECT_FALSE(M.Benchmark);
  ASSERT_EQ(M.UserMetadata.size(), 1u);
  EXPECT_EQ(M.Warnings, (std::vector<std::string>{"bad env", "runtime says"}));
}

TEST(Git, NoCheckout) {
  hotpath::test::ScratchDir Scratch("hp-meta-", "none");
  const std::string &D = Scratch.Path;
  // /tmp is not inside a checkout on any sane machine; if it is, skip.
  if (findGitCheckout("/"))
    GTEST_SKIP();
  EXPECT_FALSE(findGitCheckout(D).has_value());
}

TEST(Git, LooseRefPackedRefDetachedAndWorktreeFile) {
  hotpath::test::ScratchDir Scratch("hp-meta-", "fake");
  const std::string &D = Scratch.Path;
  std::string A(40, 'a'), B(40, 'b'), C(40, 'c');
  ASSERT_EQ(
      system(("mkdir -p " + D + "/repo/.git/refs/heads " + D + "/repo/src/deep")
                 .c_str()),
      0);
  write(D + "/repo/.git/HEAD", "ref: refs/heads/main\n");
  write(D + "/repo/.git/refs/heads/main", A + "\n");
  auto G = findGitCheckout(D + "/repo/src/deep");
  ASSERT_TRUE(G);
  EXPECT_EQ(G->Commit, A);
  EXPECT_EQ(G->WorkTree, D + "/repo");

  write(D + "/repo/.git/HEAD", "ref: refs/heads/packed\n");
  write(D + "/repo/.git/packed-refs",
        "# pack-refs with: peeled fully-peeled sorted\n" + B +
            " refs/heads/packed\n^" + C + "\n");
  EXPECT_EQ(findGitCheckout(D + "/repo")->Commit, B);

  write(D + "/repo/.git/HEAD", C + "\n");
  EXPECT_EQ(findGitCheckout(D + "/repo")->Commit, C);

  write(D + "/repo/.git/HEAD", "ref: refs/heads/unborn\n");
  EXPECT_FALSE(findGitCheckout(D + "/repo"));

  // A worktree: .git is a file pointing at a gitdir with a commondir.
  ASSERT_EQ(
      system(
          ("mkdir -p " + D + "/repo/.git/worktrees/wt " + D + "/wt").c_str()),
      0);
  write(D + "/wt/.git", "gitdir: " + D + "/repo/.git/worktrees/wt\n");
  write(D + "/repo/.git/worktrees/wt/commondir", "../..\n");
  write(D + "/repo/.git/worktrees/wt/HEAD", "ref: refs/heads/main\n");
  auto W = findGitCheckout(D + "/wt");
  ASSERT_TRUE(W);
  EXPECT_EQ(W->Commit, A);
  EXPECT_EQ(W->WorkTree, D + "/wt");
}

TEST(Git, RealRepositoryMatchesGit) {
  if (!haveGit())
    GTEST_SKIP() << "git not installed";
  hotpath::test::ScratchDir Scratch("hp-meta-", "real");
  const std::string &D = Scratch.Path;
  std::string Git = "cd " + D + " && git -c user.name=t -c user.email=t@t ";
  ASSERT_EQ(system((Git +
                    "init -q . && echo one > a.txt && mkdir sub && "
                    "echo two > sub/b.txt && git add . && " +
                    "git -c user.name=t -c user.email=t@t commit -qm init")
                       .c_str()),
            0);
  std::string Head = run("cd " + D + " && git rev-parse HEAD");
  auto G = findGitCheckout(D + "/sub");
  ASSERT_TRUE(G);
  EXPECT_EQ(G->Commit, Head);
  EXPECT_EQ(gitDirty(*G), std::optional<bool>(false));

  write(D + "/untracked.txt", "x"); // untracked files do not count
  EXPECT_EQ(gitDirty(*G), std::optional<bool>(false));

  write(D + "/sub/b.txt", "changed size\n");
  EXPECT_EQ(gitDirty(*G), std::optional<bool>(true));
  ASSERT_EQ(system(("cd " + D + " && git checkout -q -- sub/b.txt").c_str()),
            0);
  EXPECT_EQ(gitDirty(*G), std::optional<bool>(false));

  unlink((D + "/a.txt").c_str());
  EXPECT_EQ(gitDirty(*G), std::optional<bool>(true));
  ASSERT_EQ(system(("cd " + D + " && git checkout -q -- a.txt").c_str()), 0);

  // Index version 4 (prefix-compressed paths).
  ASSERT_EQ(
      system(("cd " + D + " && git update-index --index-version 4").c_str()),
      0);
  EXPECT_EQ(gitDirty(*G), std::optional<bool>(false));
  write(D + "/sub/b.txt", "changed again, v4\n");
  EXPECT_EQ(gitDirty(*G), std::optional<bool>(true));

  // packed refs after gc.
  ASSERT_EQ(system(("cd " + D + " && git pack-refs --all").c_str()), 0);
  EXPECT_EQ(findGitCheckout(D)->Commit, Head);
}
