// What was instrumented and what was skipped, and why: -Rpass=hotpath,
// -Rpass-missed=hotpath (clang's remarks, at the function's line) and
// HOTPATH_VERBOSE=2 (plain lines on stderr).
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/config-remarks.toml \
// RUN:   %clang -I%include -c %s -o /dev/null -Rpass=hotpath 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PASS --implicit-check-not=remark:
// RUN: env HOTPATH_CONFIG=%S/Inputs/config-remarks.toml \
// RUN:   %clang -I%include -c %s -o /dev/null -Rpass-missed=hotpath 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSED --implicit-check-not=remark:
// RUN: env HOTPATH_CONFIG=%S/Inputs/config-remarks.toml HOTPATH_VERBOSE=2 \
// RUN:   %clang -I%include -O2 -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VERBOSE --implicit-check-not=hotpath:
// Neither asked for: silence.
// RUN: env HOTPATH_CONFIG=%S/Inputs/config-remarks.toml \
// RUN:   %clang -I%include -c %s -o /dev/null 2>&1 | count 0
#include "hotpath/hotpath.h"

int sel_a(int x) { return x + 1; }
// PASS-DAG: config-remarks.c:[[@LINE-1]]:1: remark: instrumented sel_a (matches include regex '^sel_' in config-remarks.toml:2) [-Rpass=hotpath]
// VERBOSE-DAG: hotpath: instrumented sel_a (matches include regex '^sel_' in config-remarks.toml:2)

HOTPATH_SKIP int sel_skipped(int x) { return x + 2; }
// MISSED-DAG: config-remarks.c:[[@LINE-1]]:1: remark: skipped sel_skipped: HOTPATH_SKIP [-Rpass-missed=hotpath]
// VERBOSE-DAG: hotpath: skipped sel_skipped: HOTPATH_SKIP

HOTPATH_LABEL("hot loop") int measured(int x) { return x + 3; }
// PASS-DAG: config-remarks.c:[[@LINE-1]]:1: remark: instrumented hot loop (HOTPATH_LABEL("hot loop")) [-Rpass=hotpath]
// VERBOSE-DAG: hotpath: instrumented hot loop (HOTPATH_LABEL("hot loop"))

int other(int x) { return x + 4; }
// MISSED-DAG: config-remarks.c:[[@LINE-1]]:1: remark: skipped other: no rule selects it [-Rpass-missed=hotpath]
// VERBOSE-DAG: hotpath: skipped other: no rule selects it
