//===- BenchmarkRegions.h - Marks Google Benchmark's timed loops ----------===//
//
// A module pass of its own, independent of hotpath.toml: wherever the
// module calls benchmark::State::StartKeepRunning() or FinishKeepRunning()
// (the bounds of a benchmark's timed loop, called from the inline
// State::begin/end and KeepRunning of <benchmark/benchmark.h>), or
// PauseTiming() and ResumeTiming() inside it, it tells the runtime, which
// under `hotpath bench` measures only what Google Benchmark times.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_BENCHMARKREGIONS_H
#define HOTPATH_PASS_BENCHMARKREGIONS_H

#include "llvm/IR/PassManager.h"

namespace hotpath {

struct BenchmarkRegionsPass : llvm::PassInfoMixin<BenchmarkRegionsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace hotpath

#endif // HOTPATH_PASS_BENCHMARKREGIONS_H
