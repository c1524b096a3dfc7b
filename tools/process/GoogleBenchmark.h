//===- GoogleBenchmark.h - What `hotpath bench` knows of a suite ----------===//
//
// A Google Benchmark executable seen from outside: its benchmarks'
// names, the flags that run one of them for a fixed number of iterations,
// and its own JSON results (--benchmark_out). Nothing here links
// libbenchmark: the suite is another program.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOLS_GOOGLEBENCHMARK_H
#define HOTPATH_TOOLS_GOOGLEBENCHMARK_H

#include "process/Spawn.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::tool::gbench {

/// The suite's benchmark names matching Filter ("" = all), from
/// --benchmark_list_tests; false with Error when the suite fails.
bool listBenchmarks(const std::string &Exe,
                    const std::vector<std::string> &UserArgs,
                    const std::string &Filter, const std::string &TmpDir,
                    std::vector<std::string> &Names, std::string &Error);

/// Whether the suite takes --benchmark_min_time=<N>x (Google Benchmark
/// 1.8 and later).
bool takesIterationSuffix(const std::string &Exe,
                          const std::vector<std::string> &UserArgs,
                          const std::string &TmpDir);

/// The flags that run exactly the benchmark Name, N iterations per thread
/// in all: with the suffix one run of N iterations, else N runs of one
/// (--benchmark_min_time=0 runs one iteration in 1.7).
std::vector<std::string> runFlags(const std::string &Name, uint64_t N,
                                  bool IterationSuffix);

/// A POSIX extended regex matching exactly Name ("^...$", the characters
/// special outside a bracket escaped): the --benchmark_filter of one
/// benchmark.
std::string exactFilter(const std::string &Name);

/// A file name for Name: '/' becomes '-', anything but [A-Za-z0-9._-]
/// '_' ("BM_sort/1024" -> "BM_sort-1024").
std::string fileStem(const std::string &Name);

/// What one run of the suite reported (--benchmark_out, JSON).
struct Results {
  uint64_t Iterations = 0; // summed over the runs (not the aggregates)
  uint64_t Threads = 1;
  unsigned Runs = 0;
  std::string ErrorMessage; // a benchmark that skipped with an error
};
bool readResults(const std::string &Path, const std::string &Name, Results &Out,
                 std::string &Error);

} // namespace hotpath::tool::gbench

#endif // HOTPATH_TOOLS_GOOGLEBENCHMARK_H
