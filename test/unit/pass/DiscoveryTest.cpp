//===- DiscoveryTest.cpp - Finding and loading hotpath.toml ---------------===//
#include "Config.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <atomic>
#include <cstdlib>
#include <thread>
#include <vector>

using namespace hotpath;
using namespace llvm;

namespace {

class Discovery : public ::testing::Test {
protected:
  SmallString<128> Root;

  void SetUp() override {
    unsetenv("HOTPATH_CONFIG");
    ASSERT_FALSE(sys::fs::createUniqueDirectory("hotpath-config-test", Root));
    // The temp dir may be reached through a symlink; compare real paths.
    SmallString<128> Real;
    ASSERT_FALSE(sys::fs::real_path(Root, Real));
    Root = Real;
  }
  void TearDown() override {
    unsetenv("HOTPATH_CONFIG");
    sys::fs::remove_directories(Root);
  }

  std::string path(StringRef Rel) {
    SmallString<256> P(Root);
    sys::path::append(P, Rel);
    return std::string(P.str());
  }
  void write(StringRef Rel, StringRef Text) {
    std::string P = path(Rel);
    ASSERT_FALSE(sys::fs::create_directories(sys::path::parent_path(P)));
    std::error_code EC;
    raw_fd_ostream OS(P, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  std::optional<std::string> find(StringRef Src, StringRef Dir) {
    auto R = findConfigFile(Src, Dir);
    if (!R) {
      ADD_FAILURE() << toString(R.takeError());
      return std::nullopt;
    }
    return *R;
  }
};

TEST_F(Discovery, SearchesUpwardFromTheSourceDirectory) {
  write("hotpath.toml", "");
  write("a/b/c/src.cpp", "");
  EXPECT_EQ(find(path("a/b/c/src.cpp"), ""), path("hotpath.toml"));
  // Relative source path, as clang records it, against the compile dir.
  EXPECT_EQ(find("a/b/c/src.cpp", Root), path("hotpath.toml"));
  EXPECT_EQ(find("c/src.cpp", path("a/b")), path("hotpath.toml"));
}

TEST_F(Discovery, NearestFileWins) {
  write("hotpath.toml", "");
  write("a/b/hotpath.toml", "");
  EXPECT_EQ(find(path("a/b/c/src.cpp"), ""), path("a/b/hotpath.toml"));
  EXPECT_EQ(find(path("a/src.cpp"), ""), path("hotpath.toml"));
}

TEST_F(Discovery, DirectoryNamedLikeTheConfigIsNotAConfig) {
  write("hotpath.toml", "");
  ASSERT_FALSE(sys::fs::create_directories(path("a/hotpath.toml")));
  EXPECT_EQ(find(path("a/b/x.c"), ""), path("hotpath.toml"));
}

TEST_F(Discovery, NoConfigAnywhere) {
  // Assumes no hotpath.toml in the temp dir's ancestors (/tmp, /).
  EXPECT_EQ(find(path("a/b/x.c"), ""), std::nullopt);
}

TEST_F(Discovery, StdinUsesTheCompileDirectory) {
  write("d/hotpath.toml", "");
  EXPECT_EQ(find("-", path("d")), path("d/hotpath.toml"));
  EXPECT_EQ(find("<stdin>", path("d/e")), path("d/hotpath.toml"));
}

TEST_F(Discovery, EnvironmentVariableWins) {
  write("hotpath.toml", "");
  write("elsewhere/my.toml", "");
  setenv("HOTPATH_CONFIG", path("elsewhere/my.toml").c_str(), 1);
  EXPECT_EQ(find(path("a/src.cpp"), ""), path("elsewhere/my.toml"));
}

TEST_F(Discovery, EnvironmentVariableRelativeToCurrentDirectory) {
  write("elsewhere/my.toml", "");
  SmallString<256> Old;
  ASSERT_FALSE(sys::fs::current_path(Old));
  ASSERT_FALSE(sys::fs::set_current_path(path("elsewhere")));
  setenv("HOTPATH_CONFIG", "./my.toml", 1);
  auto R = find(path("a/src.cpp"), "");
  ASSERT_FALSE(sys::fs::set_current_path(Old));
  EXPECT_EQ(R, path("elsewhere/my.toml"));
}

TEST_F(Discovery, EmptyEnvironmentVariableMeansUnset) {
  write("hotpath.toml", "");
  setenv("HOTPATH_CONFIG", "", 1);
  EXPECT_EQ(find(path("a/src.cpp"), ""), path("hotpath.toml"));
}

TEST_F(Discovery, EnvironmentVariableNamingAMissingFileIsAnError) {
  write("hotpath.toml", "");
  setenv("HOTPATH_CONFIG", path("nope.toml").c_str(), 1);
  auto R = findConfigFile(path("a/src.cpp"), "");
  ASSERT_FALSE(bool(R));
  EXPECT_EQ(toString(R.takeError()), "HOTPATH_CONFIG=" + path("nope.toml") +
                                         ": no such file (" +
                                         path("nope.toml") + ")");
  setenv("HOTPATH_CONFIG", Root.c_str(), 1);
  R = findConfigFile(path("a/src.cpp"), "");
  ASSERT_FALSE(bool(R));
  EXPECT_NE(toString(R.takeError()).find("is a directory"), std::string::npos);
}

TEST_F(Discovery, LoadReportsTheFileAndLine) {
  write("hotpath.toml", "[functions]\ninclude = [\"(\"]\n");
  auto C = loadConfig(path("hotpath.toml"));
  ASSERT_FALSE(bool(C));
  std::string E = toString(C.takeError());
  EXPECT_EQ(E.rfind(path("hotpath.toml") + ":2:12: invalid regex '('", 0), 0u)
      << E;
}

TEST_F(Discovery, LoadMissingFile) {
  auto C = loadConfig(path("missing.toml"));
  ASSERT_FALSE(bool(C));
  std::string E = toString(C.takeError());
  EXPECT_EQ(E.rfind(path("missing.toml") + ": cannot read hotpath config: ", 0),
            0u)
      << E;
}

TEST_F(Discovery, LoadIsCachedButSeesEdits) {
  write("hotpath.toml", "[functions]\ninclude = [\"a\"]\n");
  auto C1 = loadConfig(path("hotpath.toml"));
  ASSERT_TRUE(bool(C1)) << toString(C1.takeError());
  auto C2 = loadConfig(path("hotpath.toml"));
  ASSERT_TRUE(bool(C2)) << toString(C2.takeError());
  // Same compiled regex object: parsed once.
  EXPECT_EQ(C1->Include[0].Re.get(), C2->Include[0].Re.get());
  EXPECT_EQ(C1->FilesBase, std::string(Root.str()));
  // A changed file (new size) is read again.
  write("hotpath.toml", "[functions]\ninclude = [\"a\", \"b\"]\n");
  auto C3 = loadConfig(path("hotpath.toml"));
  ASSERT_TRUE(bool(C3)) << toString(C3.takeError());
  EXPECT_EQ(C3->Include.size(), 2u);
}

TEST_F(Discovery, LoadFromManyThreads) {
  // ThinLTO backends run the pass on several modules at once.
  write("hotpath.toml", "[functions]\ninclude = [\"^a\", \"^b\"]\n");
  std::string P = path("hotpath.toml");
  std::atomic<int> Good{0};
  std::vector<std::thread> Threads;
  for (int T = 0; T < 8; ++T)
    Threads.emplace_back([&] {
      for (int I = 0; I < 50; ++I) {
        auto C = loadConfig(P);
        if (C && C->Include.size() == 2 && C->Include[1].Re->match("bc"))
          ++Good;
        else if (!C)
          consumeError(C.takeError());
      }
    });
  for (std::thread &T : Threads)
    T.join();
  EXPECT_EQ(Good.load(), 400);
}

} // namespace
