//===- Plugin.cpp - Registers `hotpath` with the new pass manager ---------===//
//
//   opt   -load-pass-plugin=libhotpath.so -passes=hotpath
//   clang -fpass-plugin=libhotpath.so      (pipeline start: every -O level,
//                                           -flto and -flto=thin pre-link)
//
//===----------------------------------------------------------------------===//
#include "HotpathPass.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

using namespace llvm;

static void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "hotpath")
          return false;
        MPM.addPass(hotpath::HotpathPass());
        return true;
      });
  // Before inlining, so that every selected function is still there and
  // the same functions are measured at every -O level. Not registered for
  // the LTO post-link pipelines: the pre-link compile already ran the pass.
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(hotpath::HotpathPass());
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "hotpath", "0.1.0", registerCallbacks};
}
