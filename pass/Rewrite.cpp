//===- Rewrite.cpp - Wrapping a function between the hooks ----------------===//
//
// Injects, for a selected function @f (symbol, linkage, comdat, attributes
// and calling convention unchanged):
//
//   define ... @f(args) {
//     %saved = callbr <the gate>      ; x86-64 ELF only (WrapperFastPath.cpp):
//       to label %hotpath.fast [label %hotpath.hooked]
//   hotpath.fast:                     ; counted inline by the gate, which
//                                     ; made @f the current function
//     %t = call @f.hotpath.N(args)              ; the inliner may take it;
//                                               ; `invoke` if it may unwind;
//                                               ; @f.hotpath_fast.N, a copy,
//                                               ; when @f is static and
//                                               ; called once (FastPathCopy.h)
//     call void asm "<restore %saved>"          ; the caller's current again
//     ret %t                                    ; (also where it unwinds)
//                     ; (a self-contained @f, SelfContained.h, is never the
//                     ; current function: no %saved, no restore)
//   hotpath.hooked:
//     %h = tail call @f.hotpath_hooked.N(args)  ; timed, or not armed
//     ret %h
//   }
//   define internal ... @f.hotpath_hooked.N(args) noinline {
//     call void @__hotpath_enter(ptr @__hotpath_desc.N)
//     %r = notail call @f.hotpath.N(args) noinline  ; `invoke` if it may unwind
//     call void @__hotpath_exit(ptr @__hotpath_desc.N)
//     ret %r
//   unwind:                                   ; only with `invoke`
//     %lp = landingpad { ptr, i32 } cleanup
//     call void @__hotpath_exit(ptr @__hotpath_desc.N)
//     resume { ptr, i32 } %lp
//   }
//   define internal ... @f.hotpath.N(args) {  ; the marker: the original body
//                        ; (linkonce_odr hidden, own comdat, when @f is in one)
//     call void asm sideeffect "", ""()       ; never deleted, merged, hoisted
//     ...                      ; memory(inaccessiblemem: readwrite) on the
//   }                          ; asm: the runtime's memory, not the program's
//
// Without the fast path (other targets, main) the wrapper itself holds the
// hooked sequence. The hooks' call of the marker is `noinline`: Callgrind
// and the clock see it as a call of its own, while a counted call compiles
// as the plain build's call would, inlined where the inliner takes it.
//
//===----------------------------------------------------------------------===//
#include "Rewrite.h"
#include "Compat.h"
#include "FastPathCopy.h"
#include "MeasuringLocations.h"
#include "SelfTailCalls.h"
#include "WrapperFastPath.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/EscapeEnumerator.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace hotpath {

namespace {

DebugLoc hookLoc(const Function &F) { return MeasuringLocations::hookLoc(F); }

/// First instruction after the entry block's allocas: calls inserted there
/// leave static allocas where every pass expects them.
Instruction *entryInsertPoint(Function &F) {
  BasicBlock &Entry = F.getEntryBlock();
  BasicBlock::iterator It = Entry.getFirstInsertionPt();
  while (isa<AllocaInst>(*It))
    ++It;
  return &*It;
}

CallInst *callHook(IRBuilder<> &B, FunctionCallee Hook,
                   ArrayRef<Value *> Args) {
  CallInst *CI = B.CreateCall(Hook, Args);
  CI->setDoesNotThrow();
  return CI;
}

/// The personality for a cleanup pad: the function's own, else the C++ one
/// in C++ code, else the C one (both run cleanups for any exception).
Constant *personalityFor(Function &F) {
  if (F.hasPersonalityFn())
    return F.getPersonalityFn();
  Module &M = *F.getParent();
  bool Cxx = compat::startsWith(F.getName(), "_Z") ||
             M.getFunction("__gxx_personality_v0");
  FunctionCallee P = M.getOrInsertFunction(
      Cxx ? "__gxx_personality_v0" : "__gcc_personality_v0",
      FunctionType::get(Type::getInt32Ty(F.getContext()), true));
  return cast<Constant>(P.getCallee());
}

/// Whether F has a call that may unwind (what EscapeEnumerator turns into
/// an invoke).
bool hasThrowingCall(Function &F) {
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (!CI->doesNotThrow() && !CI->isMustTailCall())
        return true;
  return false;
}

/// A block that runs `Emit` (the exit hook, the restore of the current
/// function) and resumes unwinding.
BasicBlock *createCleanup(Function &F, const DebugLoc &DL,
                          function_ref<void(IRBuilder<> &)> Emit) {
  LLVMContext &Ctx = F.getContext();
  F.setPersonalityFn(personalityFor(F));
  auto *BB = BasicBlock::Create(Ctx, "hotpath.cleanup", &F);
  IRBuilder<> B(BB);
  B.SetCurrentDebugLocation(DL);
  auto *LPTy = StructType::get(compat::ptrTy(Ctx), Type::getInt32Ty(Ctx));
  LandingPadInst *LP = B.CreateLandingPad(LPTy, 0);
  LP->setCleanup(true);
  Emit(B);
  B.CreateResume(LP);
  return BB;
}

bool readsOwnFrame(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::returnaddress:
  case Intrinsic::addressofreturnaddress:
  case Intrinsic::frameaddress:
  case Intrinsic::sponentry:
  case Intrinsic::localescape:
  case Intrinsic::eh_dwarf_cfa:
    return true;
  default:
    return false;
  }
}

/// Linkage of a function only the wrapper calls (the marker, the hooked
/// thunk). Inline functions and templates: once the wrapper is inlined into
/// a caller outside the comdat, an internal function inside it would be
/// referenced from a section the linker may discard. A hidden linkonce_odr
/// one in a comdat of its own folds across translation units instead (same
/// symbol, same N everywhere).
void setCalleeLinkage(Function &Callee, const Function &F) {
  Callee.setDLLStorageClass(GlobalValue::DefaultStorageClass);
  Callee.setComdat(nullptr);
  if (F.hasComdat() && !F.hasLocalLinkage()) {
    Callee.setLinkage(GlobalValue::LinkOnceODRLinkage);
    Callee.setVisibility(GlobalValue::HiddenVisibility);
    Callee.setDSOLocal(true);
    Callee.setComdat(Callee.getParent()->getOrInsertComdat(Callee.getName()));
  } else {
    Callee.setLinkage(GlobalValue::InternalLinkage);
    Callee.setVisibility(GlobalValue::DefaultVisibility);
  }
}

/// Marker attributes: the function's own, and none that contradict the
/// side effect the marker now has.
void prepareMarker(Function &Marker, Function &F) {
  Marker.copyAttributesFrom(&F);
  setCalleeLinkage(Marker, F);
  Marker.setPrefixData(nullptr);
  Marker.setPrologueData(nullptr);
  // Inlinable where the wrapper's fast path calls it, as the function was
  // where it was called; never where the hooks must see it called (the
  // call sites say noinline: emitHookedCall).
  Marker.removeFnAttr(Attribute::AlwaysInline);
  compat::removeMemoryAttrs(Marker);
  // Inlined into the fast path and kept for the hooked thunk, a body whose
  // inline assembly defines a symbol would define it twice.
  if (definesAsmSymbols(F))
    Marker.addFnAttr(Attribute::NoInline);
}

/// An empty `asm sideeffect` at the marker's entry: FunctionAttrs can no
/// longer infer memory(none)/willreturn for it, so DCE, CSE and LICM keep
/// every call even when the body is pure. It writes only "inaccessible"
/// memory, so the marker's inferred effects are the body's plus that one:
/// a caller's values stay in registers across it where the body allows.
/// It emits no instruction.
void pinMarker(Function &Marker) {
  LLVMContext &Ctx = Marker.getContext();
  auto *Asm = InlineAsm::get(FunctionType::get(Type::getVoidTy(Ctx), false), "",
                             "", /*hasSideEffects=*/true);
  IRBuilder<> B(entryInsertPoint(Marker));
  B.SetCurrentDebugLocation(hookLoc(Marker));
  CallInst *Pin = B.CreateCall(Asm);
  Pin->setDoesNotThrow();
  compat::setRuntimeMemoryOnly(*Pin, /*ReadsArgs=*/false);
}

/// Parameter and return attributes (sret, byval, ...) are part of the ABI
/// of the call and must match the callee's.
void setMarkerCallAttrs(CallBase &Call, Function &F) {
  AttributeList AL = F.getAttributes();
  SmallVector<AttributeSet, 8> ParamAttrs;
  for (unsigned I = 0, E = F.arg_size(); I != E; ++I)
    ParamAttrs.push_back(AL.getParamAttrs(I));
  Call.setAttributes(AttributeList::get(F.getContext(), AttributeSet(),
                                        AL.getRetAttrs(), ParamAttrs));
  Call.setCallingConv(F.getCallingConv());
}

void emitReturn(IRBuilder<> &B, Function &F, Value *Result) {
  if (F.getReturnType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(Result);
}

/// `tail` promises the callee reads nothing of the caller's frame; memory
/// passed in the argument area (byval and friends) is the caller's.
bool canTailCall(const Function &F) {
  for (const Argument &A : F.args())
    if (A.hasByValAttr() || A.hasInAllocaAttr() || A.hasPreallocatedAttr() ||
        A.hasSwiftErrorAttr())
      return false;
  return true;
}

/// A call of the marker at the builder's block of `In` (at `DL`), then
/// `After` (the exit hook, the restore of the current function: at
/// `MeasuringDL`) and the return of its result. When the body may unwind
/// the call is an `invoke` whose cleanup (a block `RetName` continues the
/// normal path) runs `After` too. No `After`: a plain call and return.
CallBase *emitMarkerCall(IRBuilder<> &B, Function &In, Function &Marker,
                         ArrayRef<Value *> Args, const DebugLoc &DL,
                         const DebugLoc &MeasuringDL, StringRef RetName,
                         function_ref<void(IRBuilder<> &)> After) {
  CallBase *Call;
  B.SetCurrentDebugLocation(DL);
  if (Marker.doesNotThrow() || !After) {
    Call = B.CreateCall(&Marker, Args);
  } else {
    auto *Cont = BasicBlock::Create(In.getContext(), RetName, &In);
    Call = B.CreateInvoke(&Marker, Cont, createCleanup(In, MeasuringDL, After),
                          Args);
    B.SetInsertPoint(Cont);
  }
  setMarkerCallAttrs(*Call, In);
  B.SetCurrentDebugLocation(MeasuringDL);
  if (After)
    After(B);
  B.SetCurrentDebugLocation(DL);
  emitReturn(B, In, Call);
  return Call;
}

/// The hook sequence around a call of the marker, at the builder's block
/// of `In` (the wrapper, or its hooked thunk), returning its result.
void emitHookedCall(IRBuilder<> &B, Function &In, Function &Marker,
                    ArrayRef<Value *> Args, Constant *Desc, const Hooks &H,
                    const DebugLoc &DL, const DebugLoc &MeasuringDL) {
  B.SetCurrentDebugLocation(MeasuringDL);
  callHook(B, H.Enter, {Desc});
  CallBase *Call =
      emitMarkerCall(B, In, Marker, Args, DL, MeasuringDL, "hotpath.ret",
                     [&](IRBuilder<> &C) { callHook(C, H.Exit, {Desc}); });
  if (auto *CI = dyn_cast<CallInst>(Call))
    CI->setTailCallKind(CallInst::TCK_NoTail);
  Call->addFnAttr(Attribute::NoInline);
}

/// The hooked path of a wrapper with the fast path, as a function of its
/// own: what a caller inlines is then the gate, the body (when the inliner
/// takes it) and one call, no bigger than the inliner would want it. Its
/// instructions are hotpath's, charged to no one under Callgrind
/// (CallgrindAttribution.cpp).
Function *makeHookedThunk(Function &F, Function &Marker, uint64_t Hash,
                          Constant *Desc, const Hooks &H,
                          MeasuringLocations &Locs) {
  auto *Thunk = Function::Create(
      F.getFunctionType(), GlobalValue::InternalLinkage, F.getAddressSpace(),
      F.getName() + ".hotpath_hooked." + utostr(Hash));
  F.getParent()->getFunctionList().insertAfter(Marker.getIterator(), Thunk);
  Thunk->copyAttributesFrom(&F);
  setCalleeLinkage(*Thunk, F);
  Thunk->setPrefixData(nullptr);
  Thunk->setPrologueData(nullptr);
  Thunk->removeFnAttr(Attribute::InlineHint);
  Thunk->addFnAttr(Attribute::NoInline);
  compat::removeMemoryAttrs(*Thunk);
  if (DISubprogram *SP = Marker.getSubprogram())
    Thunk->setSubprogram(compat::cloneSubprogram(*SP));
  IRBuilder<> B(BasicBlock::Create(F.getContext(), "entry", Thunk));
  SmallVector<Value *, 8> Args;
  for (auto [Own, A] : zip(F.args(), Thunk->args())) {
    A.setName(Own.getName());
    Args.push_back(&A);
  }
  emitHookedCall(B, *Thunk, Marker, Args, Desc, H, hookLoc(*Thunk),
                 Locs.measuringLoc(*Thunk));
  return Thunk;
}

} // namespace

std::string inPlaceReason(const Function &F) {
  if (F.isVarArg())
    return "variadic";
  if (F.hasFnAttribute(Attribute::ReturnsTwice))
    return "returns_twice";
  for (const BasicBlock &BB : F) {
    if (BB.getTerminatingMustTailCall())
      return "musttail call";
    if (BB.hasAddressTaken())
      return "address of a label taken";
    for (const Instruction &I : BB)
      if (readsOwnFrame(I))
        return "reads its own frame or return address";
  }
  return "";
}

Function *wrapFunction(Function &F, uint64_t Hash, Constant *Desc,
                       const Hooks &H, bool FastPath, bool SetsCurrent,
                       bool LocalGate, GlobalVariable *OwnCountdown,
                       MeasuringLocations &Locs) {
  Module &M = *F.getParent();
  LLVMContext &Ctx = F.getContext();
  // Called once, or once in a body that a copy for its own fast path
  // doubled (FastPathCopy.h); the marker's call is the one left to a twin.
  CallBase *DoubledCall = FastPath ? callDoubledByCopy(F) : nullptr;
  bool CalledOnce = FastPath && (DoubledCall || isCalledOnceLocally(F));

  // Decimal suffix: the GNU demangler shows `[clone .hotpath.N]`.
  auto *Marker = Function::Create(
      F.getFunctionType(), GlobalValue::InternalLinkage, F.getAddressSpace(),
      F.getName() + ".hotpath." + utostr(Hash));
  M.getFunctionList().insertAfter(F.getIterator(), Marker);
  prepareMarker(*Marker, F);

  compat::moveBody(F, *Marker);
  for (auto [From, To] : zip(F.args(), Marker->args())) {
    From.replaceAllUsesWith(&To);
    To.takeName(&From);
    From.setName(To.getName());
  }
  tagSelfCalls(*Marker, F); // its tail calls of itself: SelfTailCalls.h

  // The marker keeps the original DISubprogram (the body's locations and
  // variables point at it); the wrapper gets a distinct copy.
  if (DISubprogram *SP = F.getSubprogram()) {
    Marker->setSubprogram(SP);
    F.setSubprogram(compat::cloneSubprogram(*SP));
  }

  // A coroutine stays one: the marker is the coroutine (its ramp is what
  // the wrapper measures) and the wrapper is a plain function.
  if (compat::isPresplitCoroutine(F)) {
    compat::removePresplitCoroutine(F);
    for (Instruction &I : instructions(*Marker))
      if (auto *II = dyn_cast<IntrinsicInst>(&I))
        if (II->getIntrinsicID() == Intrinsic::coro_id &&
            II->getArgOperand(2)->stripPointerCasts() == &F)
          II->setArgOperand(2, compat::asPtr(Marker));
  }
  pinMarker(*Marker);

  // The wrapper.
  DebugLoc DL = hookLoc(F), MeasuringDL = Locs.measuringLoc(F);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", &F));
  SmallVector<Value *, 8> Args;
  for (Argument &A : F.args())
    Args.push_back(&A);

  if (!FastPath) {
    emitHookedCall(B, F, *Marker, Args, Desc, H, DL, MeasuringDL);
    return Marker;
  }
  // The fast path calls the marker where the optimizer may inline it, the
  // hooked one a thunk (a tail call, a jump, when the arguments allow one):
  // a caller that inlines the wrapper gets the gate, the body (when the
  // inliner takes it) and one call. Around the body the thread's current
  // function is this one, restored on return and on unwind, so that
  // allocations are charged to it without a frame (AllocTracker.h).
  auto *Fast = BasicBlock::Create(Ctx, "hotpath.fast", &F);
  auto *Hooked = BasicBlock::Create(Ctx, "hotpath.hooked", &F);
  B.SetCurrentDebugLocation(MeasuringDL);
  Value *Saved = emitFastPathGate(B, Desc, Fast, Hooked, SetsCurrent, LocalGate,
                                  OwnCountdown);
  Function *Thunk = makeHookedThunk(F, *Marker, Hash, Desc, H, Locs);

  B.SetInsertPoint(Fast);
  auto Restore = [&](IRBuilder<> &C) {
    emitCurrentRestore(C, Saved, LocalGate);
  };
  // A body called once keeps the inlining it had (FastPathCopy.h); a
  // coroutine's body names itself, and is not copied.
  Function *Body = CalledOnce && !compat::isPresplitCoroutine(*Marker)
                       ? makeFastPathCopy(F, *Marker)
                       : Marker;
  if (Body != Marker)
    twinWrappersCalledFrom(*Marker);
  emitMarkerCall(B, F, *Body, Args, DL, MeasuringDL, "hotpath.fast.ret",
                 SetsCurrent ? function_ref<void(IRBuilder<> &)>(Restore)
                             : nullptr);

  B.SetInsertPoint(Hooked);
  B.SetCurrentDebugLocation(MeasuringDL);
  CallInst *TC = B.CreateCall(Thunk, Args);
  setMarkerCallAttrs(*TC, F);
  if (canTailCall(F))
    TC->setTailCallKind(CallInst::TCK_Tail);
  emitReturn(B, F, TC);
  if (DoubledCall && Body != Marker)
    DoubledCall->setCalledFunction(makeWrapperTwin(F, *Body, *Marker));
  return Marker;
}

void instrumentInPlace(Function &F, Constant *Desc, const Hooks &H,
                       MeasuringLocations &Locs) {
  DebugLoc DL = Locs.measuringLoc(F);
  IRBuilder<> B(entryInsertPoint(F));
  B.SetCurrentDebugLocation(DL);
  callHook(B, H.Enter, {Desc});
  // EscapeEnumerator visits every way out: each `ret` (before its musttail
  // call, whose frame is gone once it starts), `resume` and `cleanupret`;
  // then, when F may unwind, it turns each call that may throw into an
  // invoke of one new cleanup pad, which it visits last. The hooks are
  // nounwind, so they are never among those calls. The personality is ours
  // (C++'s in C++ code), not its default (C's).
  bool MayUnwind = !F.doesNotThrow();
  // Two kinds of call must stay calls. Inline asm without the `unwind`
  // flag cannot throw: it is marked so. An intrinsic that may throw but
  // cannot be invoked (llvm.experimental.guard, ...deoptimize) would break
  // the verifier: it is hidden from the enumerator for the time it runs,
  // and an exception through it skips the exit hook, as through any frame
  // left without its exit (the runtime closes frames by stack address).
  SmallVector<CallInst *, 4> Hidden;
  for (Instruction &I : instructions(F)) {
    auto *CI = dyn_cast<CallInst>(&I);
    if (!CI || CI->doesNotThrow())
      continue;
    if (auto *IA = dyn_cast<InlineAsm>(CI->getCalledOperand())) {
      if (!IA->canThrow())
        CI->setDoesNotThrow();
    } else if (isa<IntrinsicInst>(CI) && !compat::isInvokableIntrinsic(*CI)) {
      CI->setDoesNotThrow();
      Hidden.push_back(CI);
    }
  }
  if (MayUnwind && !F.hasPersonalityFn() && hasThrowingCall(F))
    F.setPersonalityFn(personalityFor(F));
  EscapeEnumerator Exits(F, "hotpath.cleanup", MayUnwind);
  while (IRBuilder<> *AtExit = Exits.Next()) {
    AtExit->SetCurrentDebugLocation(DL);
    callHook(*AtExit, H.Exit, {Desc});
  }
  for (CallInst *CI : Hidden)
    CI->removeFnAttr(Attribute::NoUnwind);
}

void instrumentMain(Function &Main, const Hooks &H, MeasuringLocations &Locs) {
  DebugLoc DL = Locs.measuringLoc(Main);
  IRBuilder<> B(entryInsertPoint(Main));
  B.SetCurrentDebugLocation(DL);
  callHook(B, H.MainBegin, {});
  // Returns only: an exception that leaves main ends the program without
  // running atexit handlers, so the session is not ended there.
  EscapeEnumerator Exits(Main, "hotpath.main.cleanup",
                         /*HandleExceptions=*/false);
  while (IRBuilder<> *AtExit = Exits.Next()) {
    AtExit->SetCurrentDebugLocation(DL);
    callHook(*AtExit, H.MainEnd, {});
  }
}

void dropPurity(Module &M, ArrayRef<Function *> Fns) {
  SmallPtrSet<const Value *, 16> Set(Fns.begin(), Fns.end());
  for (Function *F : Fns)
    compat::removeMemoryAttrs(*F);
  for (Function &Caller : M)
    for (Instruction &I : instructions(Caller))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Set.count(CB->getCalledOperand()->stripPointerCasts()))
          compat::removeMemoryAttrs(*CB);
}

} // namespace hotpath
