//===- GlobTest.cpp - `files` globs and path normalisation ----------------===//
#include "Config.h"
#include "PathGlob.h"

#include "gtest/gtest.h"

using namespace hotpath;

namespace {

TEST(Glob, StarStaysInOneDirectory) {
  EXPECT_TRUE(globMatch("/p/src/*.cpp", "/p/src/a.cpp"));
  EXPECT_TRUE(globMatch("/p/src/*.cpp", "/p/src/.cpp"));
  EXPECT_FALSE(globMatch("/p/src/*.cpp", "/p/src/sub/a.cpp"));
  EXPECT_FALSE(globMatch("/p/src/*.cpp", "/p/src/a.c"));
  EXPECT_FALSE(globMatch("/p/src/*.cpp", "/p/src/a.cppx"));
  EXPECT_TRUE(globMatch("/p/*/x.c", "/p/a/x.c"));
  EXPECT_FALSE(globMatch("/p/*/x.c", "/p/a/b/x.c"));
  EXPECT_TRUE(globMatch("/p/a*b*c", "/p/aXXbYYc"));
  EXPECT_FALSE(globMatch("/p/a*b*c", "/p/aXXbYY"));
}

TEST(Glob, QuestionMarkIsOneCharacter) {
  EXPECT_TRUE(globMatch("/p/?.c", "/p/a.c"));
  EXPECT_FALSE(globMatch("/p/?.c", "/p/ab.c"));
  EXPECT_FALSE(globMatch("/p/?.c", "/p/.c"));
  EXPECT_FALSE(globMatch("/p?x.c", "/p/x.c"));
}

TEST(Glob, DoubleStarCrossesDirectories) {
  EXPECT_TRUE(globMatch("/p/**/x.c", "/p/x.c"));
  EXPECT_TRUE(globMatch("/p/**/x.c", "/p/a/x.c"));
  EXPECT_TRUE(globMatch("/p/**/x.c", "/p/a/b/c/x.c"));
  EXPECT_FALSE(globMatch("/p/**/x.c", "/p/a/b/c/yx.c"));
  EXPECT_FALSE(globMatch("/p/**/x.c", "/q/a/x.c"));
  EXPECT_TRUE(globMatch("/p/**", "/p/a/b.c"));
  EXPECT_TRUE(globMatch("/p/**/*.cpp", "/p/engine/deep/er/z.cpp"));
  EXPECT_FALSE(globMatch("/p/**/*.cpp", "/p/engine/z.c"));
  EXPECT_TRUE(globMatch("**/engine/*.cpp", "/any/where/engine/z.cpp"));
  EXPECT_TRUE(globMatch("/p/src**.c", "/p/src/a/b.c"));
}

TEST(Glob, CharacterClasses) {
  EXPECT_TRUE(globMatch("/p/[ab].c", "/p/a.c"));
  EXPECT_FALSE(globMatch("/p/[ab].c", "/p/c.c"));
  EXPECT_TRUE(globMatch("/p/[a-c]x.c", "/p/bx.c"));
  EXPECT_TRUE(globMatch("/p/[!a-c]x.c", "/p/dx.c"));
  EXPECT_FALSE(globMatch("/p/[!a-c]x.c", "/p/ax.c"));
}

TEST(Glob, ManyStarsStayFast) {
  std::string Glob = "/p/" + std::string(30, '*') + "z";
  std::string Path = "/p/" + std::string(200, 'a');
  EXPECT_FALSE(globMatch(Glob, Path));
  Glob = "/**/**/**/**/**/**/**/**/**/q";
  Path.clear();
  for (int I = 0; I < 100; ++I)
    Path += "/d";
  EXPECT_FALSE(globMatch(Glob, Path));
  EXPECT_TRUE(globMatch(Glob, Path + "/q"));
}

TEST(Glob, NormalizePath) {
  EXPECT_EQ(normalizePath("a/./b/../c.cpp", "/base"), "/base/a/c.cpp");
  EXPECT_EQ(normalizePath("/x//y/./z.c"), "/x/y/z.c");
  EXPECT_EQ(normalizePath("../up.c", "/base/dir"), "/base/up.c");
}

TEST(Glob, MatchFilesNormalisesTheFunctionsPath) {
  llvm::Expected<Config> C = parseConfig(
      "[functions]\nfiles = [\"src/engine/*.cpp\"]\n", "/proj/hotpath.toml");
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  const FileGlob *G = matchFiles(*C, "/proj/src/other/../engine/./run.cpp");
  ASSERT_NE(G, nullptr);
  EXPECT_EQ(G->Source, "src/engine/*.cpp");
  EXPECT_EQ(G->Line, 2u);
  EXPECT_EQ(matchFiles(*C, "/proj/src/other/run.cpp"), nullptr);
  EXPECT_EQ(matchFiles(*C, "/elsewhere/src/engine/run.cpp"), nullptr);
  EXPECT_EQ(matchFiles(*C, ""), nullptr);
}

} // namespace
