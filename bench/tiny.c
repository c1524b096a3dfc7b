// The measured function of the overhead, storm and drain benchmarks: tiny,
// and alone in its translation unit, so that each peer's instrumentation
// (hotpath's pass, -finstrument-functions, XRay, -pg) applies to it alone
// and the loops, compiled plainly elsewhere, cannot inline it.
#ifndef BENCH_TINY
#define BENCH_TINY bench_tiny
#endif
int BENCH_TINY(int X) { return X * 3 + 1; }
