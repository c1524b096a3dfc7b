//===- GoogleBenchmarkTest.cpp - What `hotpath bench` knows of a suite ----===//
#include "process/GoogleBenchmark.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <regex>
#include <unistd.h>

using namespace hotpath::tool::gbench;

TEST(GoogleBenchmark, ExactFilterMatchesOnlyTheName) {
  // Google Benchmark compiles the filter as a POSIX extended regex.
  for (std::string Name : {"BM_a", "BM_sort/1024/threads:2", "BM_t<int, 3>/x.y",
                           "BM_(a|b)*+?", "BM_x[1]{2}^$\\"}) {
    std::regex R(exactFilter(Name), std::regex::extended);
    EXPECT_TRUE(std::regex_search(Name, R)) << Name;
    EXPECT_FALSE(std::regex_search(Name + "0", R)) << Name;
    EXPECT_FALSE(std::regex_search("x" + Name, R)) << Name;
  }
  std::regex R(exactFilter("BM_a.b"), std::regex::extended);
  EXPECT_FALSE(std::regex_search(std::string("BM_aXb"), R));
}

TEST(GoogleBenchmark, FileStems) {
  EXPECT_EQ(fileStem("BM_sort/1024"), "BM_sort-1024");
  EXPECT_EQ(fileStem("BM_t<int, 3>/threads:2"), "BM_t_int__3_-threads_2");
  EXPECT_EQ(fileStem(".hidden"), "_.hidden");
  EXPECT_EQ(fileStem("../x"), "_..-x");
}

TEST(GoogleBenchmark, RunFlags) {
  std::vector<std::string> New = runFlags("BM_a/8", 10, true);
  EXPECT_EQ(New[0], "--benchmark_filter=^BM_a/8$");
  EXPECT_EQ(New[1], "--benchmark_min_time=10x");
  EXPECT_EQ(New[2], "--benchmark_repetitions=1");
  std::vector<std::string> Old = runFlags("BM_a/8", 10, false);
  EXPECT_EQ(Old[1], "--benchmark_min_time=0");
  EXPECT_EQ(Old[2], "--benchmark_repetitions=10");
}

TEST(GoogleBenchmark, ReadsResults) {
  char Path[] = "/tmp/hotpath-gbench-XXXXXX";
  int Fd = mkstemp(Path);
  ASSERT_GE(Fd, 0);
  const char Json[] = R"({"context": {}, "benchmarks": [
    {"name": "BM_e/threads:2", "run_name": "BM_e/threads:2",
     "run_type": "iteration", "iterations": 2, "threads": 2},
    {"name": "BM_e/threads:2", "run_name": "BM_e/threads:2",
     "run_type": "iteration", "iterations": 2, "threads": 2},
    {"name": "BM_e/threads:2_mean", "run_name": "BM_e/threads:2",
     "run_type": "aggregate", "iterations": 2, "threads": 2},
    {"name": "BM_f", "run_name": "BM_f", "run_type": "iteration",
     "iterations": 1, "error_occurred": true, "error_message": "no input"}]})";
  ASSERT_EQ(write(Fd, Json, sizeof Json - 1), ssize_t(sizeof Json - 1));
  close(Fd);
  Results R;
  std::string Error;
  ASSERT_TRUE(readResults(Path, "BM_e/threads:2", R, Error)) << Error;
  EXPECT_EQ(R.Runs, 2u);
  EXPECT_EQ(R.Iterations, 4u);
  EXPECT_EQ(R.Threads, 2u);
  Results F;
  ASSERT_TRUE(readResults(Path, "BM_f", F, Error)) << Error;
  EXPECT_EQ(F.ErrorMessage, "no input");
  Results None;
  EXPECT_FALSE(readResults(Path, "BM_g", None, Error));
  EXPECT_NE(Error.find("no run of BM_g"), std::string::npos) << Error;
  std::remove(Path);
}

#ifdef HOTPATH_EXAMPLE_SUITE
TEST(GoogleBenchmark, ListsARealSuite) {
  char Dir[] = "/tmp/hotpath-gbench-XXXXXX";
  ASSERT_TRUE(mkdtemp(Dir));
  std::vector<std::string> Names;
  std::string Error;
  ASSERT_TRUE(
      listBenchmarks(HOTPATH_EXAMPLE_SUITE, {}, "Checksum", Dir, Names, Error))
      << Error;
  EXPECT_EQ(Names,
            (std::vector<std::string>{"BM_Checksum/1024", "BM_Checksum/2048"}));
  // Debian 12's Google Benchmark is 1.7.1, which has no <N>x.
  EXPECT_FALSE(takesIterationSuffix(HOTPATH_EXAMPLE_SUITE, {}, Dir));
  Names.clear();
  EXPECT_FALSE(listBenchmarks("/bin/false", {}, "", Dir, Names, Error));
  EXPECT_NE(Error.find("failed (exit status 1)"), std::string::npos) << Error;
  ASSERT_EQ(system(("rm -rf " + std::string(Dir)).c_str()), 0);
}
#endif
