//===- Plugin.cpp - Registers `hotpath` with the new pass manager ---------===//
//
//   opt   -load-pass-plugin=libhotpath.so -passes=hotpath
//   opt   -load-pass-plugin=libhotpath.so -passes=hotpath-benchmark-regions
//   clang -fpass-plugin=libhotpath.so      (pipeline start: every -O level,
//                                           -flto and -flto=thin pre-link)
//
//===----------------------------------------------------------------------===//
#include "BenchmarkRegions.h"
#include "Compat.h"
#include "FastPathCopy.h"
#include "HotpathPass.h"
#include "SelfTailCalls.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

#include <dlfcn.h>
#include <string>
#include <unistd.h>

using namespace llvm;

static void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "hotpath") {
          MPM.addPass(hotpath::HotpathPass());
          return true;
        }
        if (Name == "hotpath-benchmark-regions") {
          MPM.addPass(hotpath::BenchmarkRegionsPass());
          return true;
        }
        return false;
      });
  // Before inlining, so that every selected function is still there and
  // the same functions are measured at every -O level. Not registered for
  // the LTO post-link pipelines: the pre-link compile already ran the pass.
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(hotpath::HotpathPass());
        MPM.addPass(hotpath::BenchmarkRegionsPass());
      });
  // After the inliner: a fast-path copy it did not take becomes a call of
  // the marker again (FastPathCopy.h); a function's tail calls of itself
  // become the plain build's loop again (SelfTailCalls.h).
  hotpath::compat::registerOptimizerLastEPCallback(
      PB, [](ModulePassManager &MPM) {
        MPM.addPass(hotpath::FoldFastPathCopiesPass());
        MPM.addPass(hotpath::SelfTailCallsPass());
      });
}

// The LLVM major of the process that loaded the plugin, or 0 when it is
// older than 16 (no LLVMGetVersion). Found with dlsym, not by calling LLVM:
// in a clang of another major, calling into LLVM is what crashes.
static unsigned hostLlvmMajor() {
  using GetVersionFn = void (*)(unsigned *, unsigned *, unsigned *);
  auto *Get =
      reinterpret_cast<GetVersionFn>(dlsym(RTLD_DEFAULT, "LLVMGetVersion"));
  if (!Get)
    return 0;
  unsigned Major = 0, Minor = 0, Patch = 0;
  Get(&Major, &Minor, &Patch);
  return Major;
}

// A plugin runs only in the clang of the LLVM major it was built for. In
// another one, the first call into LLVM (registering the pass) dies of a
// missing or mismatched symbol, with a crash report. So before any LLVM
// call: one line that names both versions and what to do, then an API
// version clang refuses, so that it stops with its own clean error.
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  unsigned Host = hostLlvmMajor();
  bool Mismatch =
      LLVM_VERSION_MAJOR >= 16 ? Host != LLVM_VERSION_MAJOR : Host != 0;
  if (Mismatch) {
    std::string Msg =
        std::string("error: the hotpath plugin was built for LLVM " +
                    std::to_string(LLVM_VERSION_MAJOR) +
                    " and cannot run in this compiler (LLVM ") +
        (Host ? std::to_string(Host) : std::string("15 or older")) +
        "): compile with clang-" + std::to_string(LLVM_VERSION_MAJOR) +
        ", or build hotpath for that compiler (cmake "
        "-DHOTPATH_LLVM_VERSION=<major> with its clang)\n";
    (void)!write(2, Msg.data(), Msg.size());
    return {0, "hotpath", HOTPATH_VERSION_STRING, nullptr};
  }
  return {LLVM_PLUGIN_API_VERSION, "hotpath", HOTPATH_VERSION_STRING,
          registerCallbacks};
}
