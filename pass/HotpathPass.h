//===- HotpathPass.h - The `hotpath` module pass ----------------*- C++ -*-===//
//
// Finds hotpath.toml, decides which functions are measured (Selection.h),
// rewrites them (Rewrite.h), describes them to the runtime (Descriptors.h)
// and says what it did through remarks and HOTPATH_VERBOSE=1.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_HOTPATHPASS_H
#define HOTPATH_PASS_HOTPATHPASS_H

#include "llvm/IR/PassManager.h"

namespace hotpath {

struct HotpathPass : llvm::PassInfoMixin<HotpathPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  // Runs at -O0 too, where optnone functions skip optional passes.
  static bool isRequired() { return true; }
};

} // namespace hotpath

#endif // HOTPATH_PASS_HOTPATHPASS_H
