//===- CallgrindDumpTest.cpp - Out-file patterns and finding the dump -----===//
#include "hotpath/callgrind/CallgrindDump.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <unistd.h>

using namespace hotpath::callgrind;

namespace {

TEST(OutFileTest, ExpandsLikeValgrind) {
  std::string Out, E;
  setenv("HP_CG_TEST_VAR", "abc", 1);
  ASSERT_TRUE(
      expandOutFile("cg.%p.%q{HP_CG_TEST_VAR}.%n.%n.%%", 77, "/tmp/d", Out, E))
      << E;
  EXPECT_EQ(Out, "/tmp/d/cg.77.abc.1.2.%");
  ASSERT_TRUE(expandOutFile("/abs/cg.%p", 5, "/tmp/d", Out, E));
  EXPECT_EQ(Out, "/abs/cg.5");
  unsetenv("HP_CG_TEST_UNSET");
  EXPECT_FALSE(expandOutFile("cg.%q{HP_CG_TEST_UNSET}", 1, "/", Out, E));
  EXPECT_NE(E.find("HP_CG_TEST_UNSET is not set"), std::string::npos);
  EXPECT_FALSE(expandOutFile("cg.%x", 1, "/", Out, E));
  EXPECT_FALSE(expandOutFile("cg.%q{X", 1, "/", Out, E));
  EXPECT_FALSE(expandOutFile("cg.%", 1, "/", Out, E));
}

std::string dump(int Pid, const char *Trigger, int Part, int Ir) {
  return "version: 1\npid: " + std::to_string(Pid) +
         "\npart: " + std::to_string(Part) + "\ndesc: Trigger: " + Trigger +
         "\nevents: Ir\nfn=m\n1 " + std::to_string(Ir) +
         "\ntotals: " + std::to_string(Ir) + "\n";
}

class DumpDirTest : public ::testing::Test {
protected:
  std::string Dir;
  void SetUp() override {
    char T[] = "/tmp/hp-cgdump-XXXXXX";
    ASSERT_TRUE(mkdtemp(T));
    Dir = T;
  }
  void TearDown() override { std::system(("rm -rf " + Dir).c_str()); }
  void write(const std::string &Name, const std::string &Text) {
    std::ofstream(Dir + "/" + Name) << Text;
  }
};

TEST_F(DumpDirTest, NewestNumberedDumpWithOurTrigger) {
  write("cg.9.1", dump(9, "Client Request: hotpath", 1, 10));
  write("cg.9.2", dump(9, "Client Request: hotpath", 2, 20));
  write("cg.9.3", dump(9, "Client Request: other", 3, 30));
  write("cg.9", dump(9, "Program termination", 4, 40));
  write("cg.99.1", dump(99, "Client Request: hotpath", 1, 99));
  SessionDump D;
  std::string E;
  ASSERT_TRUE(findSessionDump(Dir + "/cg.9", 9, D, E)) << E;
  ASSERT_EQ(D.Parts.size(), 1u);
  EXPECT_EQ(D.Parts[0].total()[0], 20u);
}

TEST_F(DumpDirTest, PerThreadFilesAreAllRead) {
  write("cg.5.1-01", dump(5, "Client Request: hotpath", 1, 10));
  write("cg.5.1-02", dump(5, "Client Request: hotpath", 1, 5));
  SessionDump D;
  std::string E;
  ASSERT_TRUE(findSessionDump(Dir + "/cg.5", 5, D, E)) << E;
  EXPECT_EQ(D.Parts.size(), 2u);
}

TEST_F(DumpDirTest, CombinedFileLastHotpathPart) {
  write("cg.7", dump(7, "Client Request: hotpath", 1, 10) +
                    dump(7, "Client Request: hotpath", 2, 20) +
                    dump(7, "Program termination", 3, 30));
  SessionDump D;
  std::string E;
  ASSERT_TRUE(findSessionDump(Dir + "/cg.7", 7, D, E)) << E;
  ASSERT_EQ(D.Parts.size(), 1u);
  EXPECT_EQ(D.Parts[0].total()[0], 20u);
}

TEST_F(DumpDirTest, MissingOrForeignIsOneClearLine) {
  write("cg.3.1", dump(4, "Client Request: hotpath", 1, 10)); // other pid
  write("cg.3.2", "garbage\n");
  SessionDump D;
  std::string E;
  EXPECT_FALSE(findSessionDump(Dir + "/cg.3", 3, D, E));
  EXPECT_NE(E.find("no Callgrind dump"), std::string::npos) << E;
  EXPECT_EQ(E.find('\n'), std::string::npos);
  EXPECT_FALSE(findSessionDump("/nonexistent/dir/cg.1", 1, D, E));
}

} // namespace
