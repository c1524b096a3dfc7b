// The same function under a name hotpath.toml does not select: the
// uninstrumented baseline of the Callgrind benchmark (icount.cpp).
#define BENCH_TINY bench_tiny_plain
#include "tiny.c"
