//===- Descriptors.cpp - Hook declarations and descriptor records ---------===//
//
// Per instrumented function this injects
//
//   @__hotpath_desc.<N> = internal global %hotpath_fn_desc {
//       i32 ABI_VERSION, i32 flags, i64 N, ptr name, ptr symbol, ptr file,
//       i32 line, i32 0 }
//
// and per module one constructor (llvm.global_ctors, priority 0)
//
//   call void @__hotpath_register(ptr @__hotpath_descs, i64 count, i32
//   ABI_VERSION)
//
// or, when some functions count in a countdown of their own
// (WrapperFastPath.h), one that first writes this thread's address of
// each of those into a table beside the records (0: the function counts
// in the per-thread table), from which the runtime finds the variable's
// offset from the thread pointer, the same in every thread:
//
//   store i64 (ptrtoint (threadlocal.address @__hotpath_countdown.<N>)),
//         ptr getelementptr (@__hotpath_countdowns, 0, <index>)
//   ...
//   call void @__hotpath_register_countdowns(ptr @__hotpath_descs,
//       i64 count, i32 ABI_VERSION, ptr @__hotpath_countdowns)
//
// Records are internal and outside any comdat: each translation unit keeps
// its own, and the runtime merges records with the same hash.
//
//===----------------------------------------------------------------------===//
#include "Descriptors.h"
#include "Compat.h"
#include "DescriptorLayout.h"
#include "WrapperFastPath.h"

#include "hotpath/abi.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/MD5.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace hotpath {

uint64_t functionHash(const Function &F, StringRef TUPath) {
  if (F.hasLocalLinkage())
    return MD5Hash((TUPath + Twine('\0') + F.getName()).str());
  return MD5Hash(F.getName());
}

Descriptors::Descriptors(Module &M) : M(M) {
  DescTy = descriptorType(M.getContext()); // hotpath_fn_desc (abi.h)
}

static FunctionCallee declareHook(Module &M, StringRef Name, FunctionType *Ty) {
  FunctionCallee C = M.getOrInsertFunction(Name, Ty);
  if (auto *F = dyn_cast<Function>(C.getCallee())) {
    F->addFnAttr(Attribute::NoUnwind);
    // Resolve through the GOT at load time: no PLT stub on the hot path.
    F->addFnAttr(Attribute::NonLazyBind);
  }
  return C;
}

const Hooks &Descriptors::hooks() {
  if (!H.Enter) {
    auto *Ty = FunctionType::get(Type::getVoidTy(M.getContext()),
                                 {compat::ptrTy(M.getContext())}, false);
    H.Enter = declareHook(M, "__hotpath_enter", Ty);
    H.Exit = declareHook(M, "__hotpath_exit", Ty);
    // They read the record and write the runtime's own state, nothing the
    // program can see: a caller keeps its values in registers across a
    // measured call as far as the body itself allows.
    if (!namesRuntimeState(M))
      for (FunctionCallee C : {H.Enter, H.Exit})
        if (auto *F = dyn_cast<Function>(C.getCallee()))
          compat::setRuntimeMemoryOnly(*F, /*ReadsArgs=*/true);
  }
  return H;
}

const Hooks &Descriptors::mainHooks() {
  if (!H.MainBegin) {
    auto *Ty = FunctionType::get(Type::getVoidTy(M.getContext()), false);
    H.MainBegin = declareHook(M, "__hotpath_main_begin", Ty);
    H.MainEnd = declareHook(M, "__hotpath_main_end", Ty);
  }
  return H;
}

Constant *Descriptors::cstring(StringRef S) {
  Constant *&C = Strings[S];
  if (!C) {
    Constant *Init = ConstantDataArray::getString(M.getContext(), S);
    auto *GV =
        new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                           GlobalValue::PrivateLinkage, Init, "__hotpath_str");
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    GV->setAlignment(Align(1));
    C = compat::asPtr(GV);
  }
  return C;
}

Constant *Descriptors::create(const FnRecord &R, GlobalVariable *OwnCountdown) {
  LLVMContext &Ctx = M.getContext();
  auto *I32 = Type::getInt32Ty(Ctx);
  Constant *Init = ConstantStruct::get(
      DescTy, {ConstantInt::get(I32, HOTPATH_ABI_VERSION),
               ConstantInt::get(I32, R.Flags),
               ConstantInt::get(Type::getInt64Ty(Ctx), R.Hash), cstring(R.Name),
               cstring(R.Symbol), cstring(R.File),
               ConstantInt::get(I32, R.Line), ConstantInt::get(I32, 0)});
  // Not constant: the runtime writes runtime_id at registration.
  auto *GV = new GlobalVariable(M, DescTy, /*isConstant=*/false,
                                GlobalValue::InternalLinkage, Init,
                                "__hotpath_desc." + utostr(R.Hash));
  GV->setAlignment(Align(8));
  Constant *P = compat::asPtr(GV);
  Records.push_back(P);
  OwnCountdowns.push_back(OwnCountdown);
  return P;
}

void Descriptors::emitRegistration() {
  if (Records.empty())
    return;
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = compat::ptrTy(Ctx);
  auto *ArrTy = ArrayType::get(Ptr, Records.size());
  auto *Arr = new GlobalVariable(
      M, ArrTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
      ConstantArray::get(ArrTy, Records), "__hotpath_descs");
  Arr->setAlignment(Align(8));

  auto *Void = Type::getVoidTy(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  bool Own = any_of(OwnCountdowns, [](GlobalVariable *GV) { return GV; });
  SmallVector<Type *, 4> Params{Ptr, I64, Type::getInt32Ty(Ctx)};
  if (Own)
    Params.push_back(Ptr);
  FunctionCallee Register = M.getOrInsertFunction(
      Own ? "__hotpath_register_countdowns" : "__hotpath_register",
      FunctionType::get(Void, Params, false));
  // First in the module: its reference to the link-check symbol (abi.h) is
  // then the object's first undefined reference when the runtime is not
  // linked, and GNU ld's first error says what to do.
  auto *Ctor =
      Function::Create(FunctionType::get(Void, false),
                       GlobalValue::InternalLinkage, "hotpath.module_ctor");
  M.getFunctionList().push_front(Ctor);
  Ctor->addFnAttr(Attribute::NoUnwind);
  IRBuilder<> B(BasicBlock::Create(Ctx, "", Ctor));
  GlobalVariable *Check = M.getGlobalVariable(HOTPATH_LINK_CHECK_SYMBOL);
  if (!Check)
    Check = new GlobalVariable(M, Type::getInt8Ty(Ctx), /*isConstant=*/true,
                               GlobalValue::ExternalLinkage, nullptr,
                               HOTPATH_LINK_CHECK_SYMBOL);
  B.CreateLoad(Type::getInt8Ty(Ctx), Check, /*isVolatile=*/true);
  SmallVector<Value *, 4> Args{compat::asPtr(Arr), B.getInt64(Records.size()),
                               B.getInt32(HOTPATH_ABI_VERSION)};
  if (Own) {
    // Written by the constructor: a thread-local variable's address is not
    // a link-time constant.
    auto *OwnTy = ArrayType::get(I64, Records.size());
    auto *Table = new GlobalVariable(
        M, OwnTy, /*isConstant=*/false, GlobalValue::InternalLinkage,
        ConstantAggregateZero::get(OwnTy), "__hotpath_countdowns");
    Table->setAlignment(Align(8));
    for (size_t I = 0; I < OwnCountdowns.size(); ++I)
      if (GlobalVariable *GV = OwnCountdowns[I])
        B.CreateStore(B.CreatePtrToInt(compat::threadLocalAddress(B, GV), I64),
                      B.CreateConstInBoundsGEP2_64(OwnTy, Table, 0, I));
    Args.push_back(compat::asPtr(Table));
  }
  B.CreateCall(Register, Args);
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, CtorPriority);
}

} // namespace hotpath
