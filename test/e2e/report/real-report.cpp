// A real instrumented program's JSON report matches docs/report-schema.json
// and holds the exact call counts, names, files and lines; the table and
// `hotpath report` render it. (The program's own table leaves out the
// allocation table: at -O2 clang elides work's new/delete, so no measured
// function allocated; the JSON, and `hotpath report` from it, keep it.
// The sanitizer build has no alloc section at all: ASan owns malloc, and
// the runtime's warning that says so comes between the header and the
// table.)
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 -g %s -o %t/prog %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/r.json HOTPATH_PERCENTILES=50,95,99.9 %t/prog > %t/out.txt
// RUN: %python %S/Inputs/check_schema.py %src/docs/report-schema.json %t/r.json --require functions_timing --require threads
// RUN: %FileCheck %s --check-prefix=OUT < %t/out.txt
// RUN: %FileCheck %s --check-prefix=JSON < %t/r.json
// RUN: %hotpath report %t/r.json | %FileCheck %s --check-prefix=TABLE
//
// The default table on stderr, for the same program.
// RUN: %t/prog 2>&1 >/dev/null | %FileCheck %s --check-prefix=TABLE
//
// OUT: checksum 6765 1200
// JSON-DAG: "type":"hotpath_report","version":1
// JSON-DAG: "run":"native"
// JSON-DAG: "compiler":"clang","compiler_version":"{{[0-9]+\.[0-9]+\.[0-9]+}}"
// JSON-DAG: "build_id":"{{[0-9a-f]+}}"
// JSON-DAG: "percentiles":[50,95,99.9]
// JSON-DAG: {"name":"demo::fib(int)","file":"{{[^"]*}}real-report.cpp","line":[[@LINE+16]],"calls":21891,
// JSON-DAG: {"name":"demo::work(int)","file":"{{[^"]*}}real-report.cpp","line":[[@LINE+18]],"calls":100,
// JSON-DAG: "threads":{"description":
//
// TABLE:      [hotpath] {{[0-9.]+ (m|µ)?s}} | timing, {{(alloc, )?}}threads
// TABLE:      timing - Execution duration of functions (inclusive).
// TABLE-NEXT: +--
// TABLE-NEXT: | Function {{ *}}| Calls | Avg {{.*}}| P95 {{ *}}|{{.*}} Total {{ *}}| Self {{ *}}| % Total |
// TABLE:      | demo::fib(int) {{ *}}| 21891 |
// TABLE:      threads - Threads that ran measured code

#include <cstdio>

namespace demo {
volatile int Sink;

int fib(int N) { return N < 2 ? N : fib(N - 1) + fib(N - 2); }

// Allocates and loops so that its time is measurable.
int work(int I) {
  int *P = new int[16];
  for (int J = 0; J < 16; ++J)
    P[J] = I + J;
  int S = 0;
  for (int J = 0; J < 16; ++J)
    S += P[J];
  delete[] P;
  return S;
}
} // namespace demo

int main() {
  long Sum = 0;
  for (int I = 0; I < 100; ++I)
    Sum += demo::work(I) > 0;
  std::printf("checksum %d %ld\n", demo::fib(20), Sum * 12);
  return 0;
}
