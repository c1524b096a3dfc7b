//===- ScratchDir.h - A test's own directory, removed after it ------------===//
//
// A fresh directory under gtest's TempDir() for one test case, removed with
// everything in it when the test ends: a suite run many times (CI, by hand)
// leaves nothing in /tmp.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TEST_UNIT_RUNTIME_OUTPUT_SCRATCHDIR_H
#define HOTPATH_TEST_UNIT_RUNTIME_OUTPUT_SCRATCHDIR_H

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <unistd.h>

namespace hotpath::test {

class ScratchDir {
public:
  /// TempDir()/<Prefix><pid>-<Name>, emptied if a killed run left it.
  ScratchDir(const char *Prefix, const char *Name)
      : Path(testing::TempDir() + "/" + Prefix + std::to_string(getpid()) +
             "-" + Name) {
    EXPECT_EQ(std::system(
                  ("rm -rf '" + Path + "' && mkdir -p '" + Path + "'").c_str()),
              0);
  }
  ~ScratchDir() { (void)std::system(("rm -rf '" + Path + "'").c_str()); }
  ScratchDir(const ScratchDir &) = delete;
  ScratchDir &operator=(const ScratchDir &) = delete;

  const std::string Path;
};

} // namespace hotpath::test

#endif
