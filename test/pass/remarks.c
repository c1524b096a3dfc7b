// Decisions are reported as remarks of the pass "hotpath" (clang -Rpass /
// -Rpass-missed) and, with HOTPATH_VERBOSE=2, as lines on stderr.
// RUN: env HOTPATH_CONFIG=%S/Inputs/remarks.toml %clang -O2 -c -I%include %s -o /dev/null -Rpass=hotpath 2>&1 | %FileCheck %s --check-prefix=PASS
// RUN: env HOTPATH_CONFIG=%S/Inputs/remarks.toml %clang -O2 -c -I%include %s -o /dev/null -Rpass-missed=hotpath 2>&1 | %FileCheck %s --check-prefix=MISSED
// RUN: env HOTPATH_CONFIG=%S/Inputs/remarks.toml HOTPATH_VERBOSE=2 %clang -O2 -c -I%include %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=VERBOSE
// Without the flags, nothing is printed.
// RUN: env HOTPATH_CONFIG=%S/Inputs/remarks.toml %clang -O2 -c -I%include %s -o /dev/null 2>&1 | count 0
#include <hotpath/hotpath.h>

// PASS: remarks.c:[[@LINE+4]]:{{[0-9]+}}: remark: instrumented compress_block (matches include regex '^compress_block$' in remarks.toml:{{[0-9]+}}) [-Rpass=hotpath]
// MISSED-NOT: compress_block
// VERBOSE-DAG: hotpath: instrumented compress_block (matches include regex '^compress_block$' in remarks.toml:{{[0-9]+}})
// VERBOSE-DAG: hotpath: skipped helper: HOTPATH_SKIP
int compress_block(int x) { return x * 7; }

// PASS: remarks.c:[[@LINE+2]]:{{[0-9]+}}: remark: instrumented labelled (HOTPATH_LABEL("labelled")) [-Rpass=hotpath]
// VERBOSE-DAG: hotpath: instrumented labelled (HOTPATH_LABEL("labelled"))
HOTPATH_LABEL("labelled") int named(int x) { return x - 1; }

// MISSED: remarks.c:[[@LINE+2]]:{{[0-9]+}}: remark: skipped helper: HOTPATH_SKIP [-Rpass-missed=hotpath]
// PASS-NOT: helper
HOTPATH_SKIP int helper(int x) { return compress_block(x) + named(x); }

// MISSED: remark: skipped fast: always_inline
__attribute__((always_inline)) inline int fast(int x) { return x; }
int use_fast(int x) { return fast(x); }
