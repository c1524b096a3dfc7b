// Under Valgrind the report says so (meta.run, meta.tool with the Valgrind
// version), carries no timing (the icount section replaces it, with the
// runtime's exact call counts), still counts calls exactly when timing is
// requested, and matches the schema.
//
// REQUIRES: valgrind
// The debug info is stripped: Valgrind 3.19 cannot read clang 19's DWARF 5
// (of this program nor of a runtime built with -g); names, files and lines
// come from the hotpath descriptors, not from DWARF.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t/prog.full %rt_static
// RUN: llvm-objcopy --strip-debug %t/prog.full %t/prog
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/vg.json %valgrind -q --tool=callgrind --callgrind-out-file=%t/cg.out.%%p --instr-atstart=no %t/prog > %t/out.txt
// RUN: %FileCheck %s --check-prefix=OUT < %t/out.txt
// RUN: %python %S/Inputs/check_schema.py %src/docs/report-schema.json %t/vg.json --require functions_icount
// RUN: %FileCheck %s --check-prefix=JSON < %t/vg.json
// RUN: env HOTPATH_REPORT=functions-timing %valgrind -q --tool=callgrind --callgrind-out-file=%t/cg2.out.%%p %t/prog 2>&1 >/dev/null | %FileCheck %s --check-prefix=TABLE
//
// OUT: result 832040
// JSON-NOT: "functions_timing"
// JSON: "run":"callgrind"
// JSON-SAME: "tool":"callgrind-{{[0-9]+\.[0-9]+\.[0-9]+}}"
// JSON-NOT: "functions_timing"
// JSON: "functions_icount":{"description":"Inclusive instructions executed per function (Callgrind Ir).{{[^"]*}}","total_ir":
// JSON-SAME: {"name":"demo::fib(int)",{{[^}]*}}"calls":2692537,
// JSON-NOT: "functions_timing"
//
// TABLE:      timing - Execution duration of functions (inclusive). Not measured under Valgrind: calls only.
// TABLE:      | demo::fib(int) | 2692537 | -   | -   | -     | -       |

#include <cstdio>

namespace demo {
int fib(int N) { return N < 2 ? N : fib(N - 1) + fib(N - 2); }
} // namespace demo

int main() {
  std::printf("result %d\n", demo::fib(30));
  return 0;
}
