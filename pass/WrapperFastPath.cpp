//===- WrapperFastPath.cpp - The wrapper's inline fast path ---------------===//
//
// Injects, at the entry of a wrapper (docs/abi.md, "The fast path"):
//
//   %saved = callbr i64 asm sideeffect "<gate>", "=&r,*m,!i,<clobbers>"
//       (ptr elementtype(i32) <&desc.runtime_id>)
//       to label %hotpath.fast [label %hotpath.hooked]
//
// with the gate, all of it in one asm block so that its cost is the same
// instructions everywhere (Callgrind charges those up to the first jump to
// the call: HOTPATH_FAST_PATH_GATE_IR in abi.h). In code for a shared
// library (-fPIC without -fPIE), the runtime's state is reached through
// the GOT:
//
//   movq  __hotpath_fast@GOTTPOFF(%rip), %rax   # initial-exec TLS offset
//   movl  %fs:(%rax), %ecx                       # this thread's epoch
//   movq  __hotpath_epoch@GOTPCREL(%rip), %rdx
//   cmpl  (%rdx), %ecx                           # armed for this session?
//   jne   hooked
//   movl  <desc.runtime_id>, %ecx
//   movq  %fs:16(%rax), %rdx                     # this thread's counts
//   decq  2097152(%rdx,%rcx,8)                   # this function's sampling
//   jle   hooked                                 # countdown, which is also
//                                                # its count (one slot a
//                                                # call: docs/abi.md); one
//                                                # instruction, which a
//                                                # signal cannot tear
//   movl  %fs:4(%rax), %saved                    # the caller's
//   movl  %ecx, %fs:4(%rax)                      # current function is us
//
// In code for an executable, the module defines that state itself (weak,
// defineRuntimeState; the executable's definitions are the process's) and
// the gate reads it at link-time addresses: two loads fewer a call, which
// on an interpreter's many small calls is nearly a third of count-only's
// overhead (docs/performance.md):
//
//   movl  %fs:__hotpath_fast@tpoff, %ecx
//   cmpl  __hotpath_epoch(%rip), %ecx
//   jne   hooked
//   movl  <desc.runtime_id>, %ecx
//   movq  %fs:__hotpath_fast@tpoff+16, %rdx
//   decq  2097152(%rdx,%rcx,8)
//   jle   hooked
//   movl  %fs:__hotpath_fast@tpoff+4, %saved
//   movl  %ecx, %fs:__hotpath_fast@tpoff+4
//
// A function defined once in the program (not inline, not a template: no
// other translation unit or object has a copy of its gate) has, in code
// for an executable, a countdown of its own, a thread-local variable of
// the executable, which the gate decrements where it is (the module's
// constructor tells the runtime where: __hotpath_register_countdowns,
// abi.h): no id, no table pointer, nothing between the epoch check and the
// decrement. By itself that buys little (docs/performance.md); it is what
// a gate without the epoch check would count in:
//
//   movl  %fs:__hotpath_fast@tpoff, %ecx
//   cmpl  __hotpath_epoch(%rip), %ecx
//   jne   hooked
//   decq  %fs:__hotpath_countdown.<N>@tpoff
//   jle   hooked
//   movl  <desc.runtime_id>, %ecx
//   movl  %fs:__hotpath_fast@tpoff+4, %saved
//   movl  %ecx, %fs:__hotpath_fast@tpoff+4
//
// (a self-contained function, which cannot allocate, SelfContained.h,
// stops at the second `jle`: `callbr void`, no %saved, no restore; the
// current call stays its caller's) and, where the call of the body returns
// or unwinds (Rewrite.cpp):
//
//   call void asm sideeffect "<restore>", "r,<clobbers>"(i64 %saved)
//
//   movq  __hotpath_fast@GOTTPOFF(%rip), %r11    # (the GOT form only)
//   movl  %saved, %fs:4(%r11)                    # the caller's again
//
//===----------------------------------------------------------------------===//
#include "WrapperFastPath.h"
#include "Compat.h"
#include "DescriptorLayout.h"
#include "hotpath/abi.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace hotpath {

namespace {
#define HOTPATH_STR2(X) #X
#define HOTPATH_STR(X) HOTPATH_STR2(X)
#define HOTPATH_DECQ                                                           \
  "decq " HOTPATH_STR(HOTPATH_COUNTDOWNS_OFFSET) "(%rdx,%rcx,8)\n\t"

/// One form of the gate and its restore. In Count, $M is the record's id,
/// $C the function's own countdown (OwnForm) and $L the label; Current
/// follows it unless the function is self-contained, with the saved
/// current call as $0.
struct GateForm {
  const char *Count, *Current, *Clobbers, *Restore, *RestoreConstraints;
};

const GateForm GotForm = {
    "movq __hotpath_fast@GOTTPOFF(%rip), %rax\n\t"
    "movl %fs:(%rax), %ecx\n\t"
    "movq __hotpath_epoch@GOTPCREL(%rip), %rdx\n\t"
    "cmpl (%rdx), %ecx\n\t"
    "jne $L\n\t"
    "movl $M, %ecx\n\t"
    "movq %fs:16(%rax), %rdx\n\t" HOTPATH_DECQ "jle $L",
    "\n\t"
    "movl %fs:4(%rax), ${0:k}\n\t"
    "movl %ecx, %fs:4(%rax)",
    // The output (the saved slot, zero-extended) is written after the last
    // jump only: on the path to the hooks it holds what it held, as the
    // compiler assumes of an output there.
    "~{rax},~{rcx},~{rdx},~{memory},~{dirflag},~{fpsr},~{flags}",
    "movq __hotpath_fast@GOTTPOFF(%rip), %r11\n\t"
    "movl ${0:k}, %fs:4(%r11)",
    // %r11: the scratch register of the ABI, never an argument or result.
    "r,~{r11},~{memory},~{dirflag},~{fpsr}"};

const GateForm LocalForm = {
    "movl %fs:__hotpath_fast@tpoff, %ecx\n\t"
    "cmpl __hotpath_epoch(%rip), %ecx\n\t"
    "jne $L\n\t"
    "movl $M, %ecx\n\t"
    "movq %fs:__hotpath_fast@tpoff+16, %rdx\n\t" HOTPATH_DECQ "jle $L",
    "\n\t"
    "movl %fs:__hotpath_fast@tpoff+4, ${0:k}\n\t"
    "movl %ecx, %fs:__hotpath_fast@tpoff+4",
    "~{rcx},~{rdx},~{memory},~{dirflag},~{fpsr},~{flags}",
    "movl ${0:k}, %fs:__hotpath_fast@tpoff+4",
    "r,~{memory},~{dirflag},~{fpsr}"};

// The id is loaded only for the current call, after the last jump.
const GateForm OwnForm = {"movl %fs:__hotpath_fast@tpoff, %ecx\n\t"
                          "cmpl __hotpath_epoch(%rip), %ecx\n\t"
                          "jne $L\n\t"
                          "decq $C\n\t"
                          "jle $L",
                          "\n\t"
                          "movl $M, %ecx\n\t"
                          "movl %fs:__hotpath_fast@tpoff+4, ${0:k}\n\t"
                          "movl %ecx, %fs:__hotpath_fast@tpoff+4",
                          "~{rcx},~{memory},~{dirflag},~{fpsr},~{flags}",
                          LocalForm.Restore, LocalForm.RestoreConstraints};

const GateForm &formOf(bool Local) { return Local ? LocalForm : GotForm; }

/// The gate's text with its operands numbered: the output first, if any,
/// then the id and the own countdown.
std::string gateAsm(const GateForm &G, bool SetsCurrent) {
  std::string Asm = G.Count;
  if (SetsCurrent)
    Asm += G.Current;
  auto Replace = [&](StringRef From, StringRef To) {
    for (size_t At; (At = Asm.find(From.str())) != std::string::npos;)
      Asm.replace(At, From.size(), To.str());
  };
  unsigned First = SetsCurrent ? 1 : 0;
  bool Own = &G == &OwnForm;
  Replace("$M", "$" + utostr(First));
  Replace("$C", "$" + utostr(First + 1));
  Replace("$L", "${" + utostr(First + 1 + Own) + ":l}");
  return Asm;
}

// Marks the state defineRuntimeState adds, which namesRuntimeState skips.
const char *const OwnStateMD = "hotpath.runtime_state";

bool namesState(const Module &M, StringRef Name) {
  const GlobalValue *GV = M.getNamedValue(Name);
  auto *Var = dyn_cast_or_null<GlobalVariable>(GV);
  return GV && !(Var && Var->getMetadata(OwnStateMD));
}
} // namespace

bool fastPathTarget(const Module &M) {
  Triple T(M.getTargetTriple());
  return T.getArch() == Triple::x86_64 && T.isOSBinFormatELF() && !T.isX32() &&
         T.isOSLinux();
}

bool namesRuntimeState(const Module &M) {
  return namesState(M, "__hotpath_fast") || namesState(M, "__hotpath_epoch");
}

namespace {
// Not -fPIC, or -fPIE: code linked into an executable.
bool executableCode(const Module &M) {
  return M.getPICLevel() == PICLevel::NotPIC ||
         M.getPIELevel() != PIELevel::Default;
}
} // namespace

bool localGateTarget(const Module &M) {
  return fastPathTarget(M) && executableCode(M) && !namesRuntimeState(M);
}

bool definedOnceInProgram(const Function &F) {
  return !F.isDeclaration() &&
         (F.hasLocalLinkage() ||
          (F.hasExternalLinkage() &&
           (F.isDSOLocal() || executableCode(*F.getParent()))));
}

void defineRuntimeState(Module &M) {
  if (M.getNamedValue("__hotpath_fast") || M.getNamedValue("__hotpath_epoch"))
    return; // defined already, or the module's own (localGateTarget)
  LLVMContext &C = M.getContext();
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  PointerType *Ptr = compat::ptrTy(C);
  // hotpath_fast_state (abi.h), initially off.
  auto *FastTy = StructType::get(C, {I32, I32, I64, Ptr});
  Constant *Off = ConstantStruct::get(
      FastTy,
      {ConstantInt::get(I32, HOTPATH_FAST_PATH_OFF), ConstantInt::get(I32, 0),
       ConstantInt::get(I64, 0), ConstantPointerNull::get(Ptr)});
  // Weak, not linkonce: nothing in the IR uses them (the gates name them
  // in their text), and they must stay, exported, to be the process's.
  auto *Fast = new GlobalVariable(M, FastTy, false, GlobalValue::WeakAnyLinkage,
                                  Off, "__hotpath_fast", nullptr,
                                  GlobalValue::LocalExecTLSModel);
  Fast->setAlignment(Align(8));
  auto *Epoch = new GlobalVariable(M, I32, false, GlobalValue::WeakAnyLinkage,
                                   ConstantInt::get(I32, 0), "__hotpath_epoch");
  Epoch->setAlignment(Align(4));
  for (GlobalVariable *GV : {Fast, Epoch}) {
    GV->setMetadata(OwnStateMD, MDNode::get(C, {}));
    appendToCompilerUsed(M, {GV});
  }
}

GlobalVariable *createOwnCountdown(Function &F, uint64_t Hash) {
  // One definition in the program: its gate is the only one that
  // decrements the variable, and the runtime finds it under one id. (An
  // inline function or a template has a copy in many units, of which the
  // linker keeps one gate: they count in the table.)
  if (!definedOnceInProgram(F))
    return nullptr;
  Module &M = *F.getParent();
  Type *I64 = Type::getInt64Ty(M.getContext());
  // 0: the first call on a thread takes the hooks, which load it.
  auto *CD = new GlobalVariable(M, I64, false, GlobalValue::InternalLinkage,
                                ConstantInt::get(I64, 0),
                                "__hotpath_countdown." + utostr(Hash), nullptr,
                                GlobalValue::LocalExecTLSModel);
  CD->setAlignment(Align(8));
  return CD;
}

Value *emitFastPathGate(IRBuilder<> &B, Constant *Desc, BasicBlock *Fast,
                        BasicBlock *Hooked, bool SetsCurrent, bool Local,
                        GlobalVariable *OwnCountdown) {
  const GateForm &G = OwnCountdown ? OwnForm : formOf(Local);
  auto *GV = cast<GlobalVariable>(Desc->stripPointerCasts());
  Type *I32 = B.getInt32Ty();
  Constant *Id = ConstantExpr::getInBoundsGetElementPtr(
      GV->getValueType(), GV,
      ArrayRef<Constant *>{B.getInt32(0), B.getInt32(DescRuntimeId)});
  SmallVector<Value *, 2> Mems{Id};
  SmallVector<Type *, 2> MemTys{I32};
  if (OwnCountdown) {
    Mems.push_back(compat::threadLocalAddress(B, OwnCountdown));
    MemTys.push_back(B.getInt64Ty());
  }
  CallBrInst *Gate = compat::createAsmGoto(
      B, gateAsm(G, SetsCurrent), SetsCurrent ? "=&r" : "", B.getInt64Ty(),
      Mems, MemTys, G.Clobbers, Fast, Hooked);
  if (SetsCurrent)
    Gate->setName("hotpath.saved");
  // It reads the record and writes only the runtime's thread state and
  // counts: the program's memory optimises across it, so that a body
  // inlined behind it (Rewrite.cpp) compiles as it would without it.
  if (!namesRuntimeState(*B.GetInsertBlock()->getModule()))
    compat::setRuntimeMemoryOnly(*Gate, /*ReadsArgs=*/true);
  return SetsCurrent ? Gate : nullptr;
}

void emitCurrentRestore(IRBuilder<> &B, Value *Saved, bool Local) {
  const GateForm &G = formOf(Local);
  auto *FTy = FunctionType::get(B.getVoidTy(), {Saved->getType()}, false);
  CallInst *Restore = B.CreateCall(
      InlineAsm::get(FTy, G.Restore, G.RestoreConstraints, true), {Saved});
  Restore->setDoesNotThrow();
  if (!namesRuntimeState(*B.GetInsertBlock()->getModule()))
    compat::setRuntimeMemoryOnly(*Restore, /*ReadsArgs=*/false);
}

} // namespace hotpath
