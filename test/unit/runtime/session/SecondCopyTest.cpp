//===- SecondCopyTest.cpp - Two runtimes in one process are reported ------===//
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <dlfcn.h>
#include <string>

namespace {

// This binary carries the static runtime and exports it; loading the
// shared runtime too makes two copies. The second one to begin a session
// must say so, once.
TEST(SecondCopyTest, ReportedOnceAtFirstBegin) {
  setenv("HOTPATH_OUTPUT_FORMAT", "none", 1);
  void *H = dlopen(HOTPATH_RT_SO, RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(H, nullptr) << dlerror();
  auto Begin = reinterpret_cast<void (*)()>(dlsym(H, "hotpath_session_begin"));
  auto End = reinterpret_cast<void (*)()>(dlsym(H, "hotpath_session_end"));
  ASSERT_TRUE(Begin && End);
  ASSERT_NE(reinterpret_cast<void *>(Begin),
            reinterpret_cast<void *>(&hotpath_session_begin));
  testing::internal::CaptureStderr();
  Begin();
  End();
  Begin();
  End();
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_NE(Err.find("two copies of the hotpath runtime"), std::string::npos)
      << Err;
  EXPECT_EQ(Err.find("two copies"), Err.rfind("two copies")) << Err;
}

// One copy alone says nothing.
TEST(SecondCopyTest, SilentWithOneCopy) {
  testing::internal::CaptureStderr();
  hptest::begin();
  hptest::end();
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(Err.find("two copies"), std::string::npos) << Err;
}

} // namespace
