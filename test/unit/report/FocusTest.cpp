//===- FocusTest.cpp - HOTPATH_FOCUS: a text or a /regex/
//------------------===//
#include "hotpath/report/Focus.h"

#include <gtest/gtest.h>

using hotpath::report::Focus;

TEST(Focus, TextIsASubstring) {
  Focus F("sync");
  EXPECT_TRUE(F.valid());
  EXPECT_TRUE(F.matches("basic::sync_all"));
  EXPECT_FALSE(F.matches("basic::main"));
  EXPECT_TRUE(Focus("").matches("anything"));
}

TEST(Focus, RegexIsPosixExtended) {
  Focus F("/^basic::(main|sync)$/");
  EXPECT_TRUE(F.valid());
  EXPECT_TRUE(F.matches("basic::main"));
  EXPECT_FALSE(F.matches("basic::main2"));
  EXPECT_FALSE(Focus("/(unclosed/").valid());
}

TEST(Focus, BackReferencesAreRefused) {
  // The one construct glibc's matcher backtracks on by recursion.
  EXPECT_FALSE(Focus("/(a)\\1/").valid());
  EXPECT_FALSE(Focus("/^(f+)x\\9/").valid());
  // In a bracket expression a backslash is itself: not a back-reference.
  EXPECT_TRUE(Focus("/[\\1]/").valid());
  EXPECT_TRUE(Focus("/[]\\1]/").valid());
  EXPECT_TRUE(Focus("/\\.1/").valid());
}

TEST(Focus, LongNamesDoNotExhaustTheStack) {
  // A template name of a megabyte: matched without recursion per
  // character (std::regex, once used here, overflowed the stack).
  std::string Name(1 << 20, 'a');
  Name += "::run";
  EXPECT_TRUE(Focus("/^(a|b)*::run$/").matches(Name));
  EXPECT_FALSE(Focus("/^(a|b)*::stop$/").matches(Name));
}
