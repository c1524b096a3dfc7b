//===- BenchmarkRegions.cpp - Marks Google Benchmark's timed loops --------===//
//
// Injects, around the calls that bound what a benchmark times (Itanium
// names, the same in every Google Benchmark release since 1.5):
//
//   call void @_ZN9benchmark5State16StartKeepRunningEv(ptr %state)
//   call void @__hotpath_bench_start()             ; injected after
//   ...                                            ; the loop
//   call void @__hotpath_bench_stop()              ; injected before
//   call void @_ZN9benchmark5State17FinishKeepRunningEv(ptr %state)
//
// and the same inside the loop around what State::PauseTiming() and
// ResumeTiming() leave out: a stop before each PauseTiming() call, a start
// after each ResumeTiming() call.
//
// After an invoke, the start goes at the head of its normal destination
// (split off when other blocks also lead there). The hooks are declared
// nounwind: they never throw, so no landing pad is needed for them.
//
//===----------------------------------------------------------------------===//
#include "BenchmarkRegions.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "hotpath"

STATISTIC(NumLoopStarts, "Google Benchmark loop starts marked");
STATISTIC(NumLoopStops, "Google Benchmark loop stops marked");

namespace hotpath {

namespace {

constexpr const char *StartKeepRunning =
    "_ZN9benchmark5State16StartKeepRunningEv";
constexpr const char *FinishKeepRunning =
    "_ZN9benchmark5State17FinishKeepRunningEv";
constexpr const char *PauseTiming = "_ZN9benchmark5State11PauseTimingEv";
constexpr const char *ResumeTiming = "_ZN9benchmark5State12ResumeTimingEv";

FunctionCallee hookDecl(Module &M, const char *Name) {
  FunctionCallee F =
      M.getOrInsertFunction(Name, Type::getVoidTy(M.getContext()));
  if (auto *Fn = dyn_cast<Function>(F.getCallee()))
    Fn->addFnAttr(Attribute::NoUnwind);
  return F;
}

bool isCallOf(const Instruction *I, StringRef Name) {
  const auto *CB = dyn_cast_or_null<CallBase>(I);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  return F && F->getName() == Name;
}

// The calls of Callee in M (direct calls and invokes only: the library's
// functions are never called through a pointer by its header).
SmallVector<CallBase *, 8> callsOf(Module &M, StringRef Callee) {
  SmallVector<CallBase *, 8> Calls;
  if (Function *F = M.getFunction(Callee))
    for (User *U : F->users())
      if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == F)
        Calls.push_back(CB);
  return Calls;
}

} // namespace

PreservedAnalyses BenchmarkRegionsPass::run(Module &M,
                                            ModuleAnalysisManager &) {
  SmallVector<CallBase *, 8> Starts = callsOf(M, StartKeepRunning),
                             Stops = callsOf(M, FinishKeepRunning);
  Starts.append(callsOf(M, ResumeTiming));
  Stops.append(callsOf(M, PauseTiming));
  if (Starts.empty() && Stops.empty())
    return PreservedAnalyses::all();
  bool Changed = false;
  for (CallBase *CB : Starts) {
    Instruction *At;
    if (auto *II = dyn_cast<InvokeInst>(CB)) {
      BasicBlock *Normal = II->getNormalDest();
      if (!Normal->getSinglePredecessor())
        Normal = SplitEdge(II->getParent(), Normal);
      At = &*Normal->getFirstInsertionPt();
    } else {
      At = CB->getNextNode();
    }
    if (isCallOf(At, "__hotpath_bench_start"))
      continue; // already marked (the pass ran before on this module)
    IRBuilder<> B(At);
    B.CreateCall(hookDecl(M, "__hotpath_bench_start"));
    ++NumLoopStarts;
    Changed = true;
  }
  for (CallBase *CB : Stops) {
    if (isCallOf(CB->getPrevNode(), "__hotpath_bench_stop"))
      continue;
    IRBuilder<> B(CB);
    B.CreateCall(hookDecl(M, "__hotpath_bench_stop"));
    ++NumLoopStops;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hotpath
