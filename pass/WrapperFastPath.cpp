//===- WrapperFastPath.cpp - The wrapper's inline fast path ---------------===//
//
// Injects, at the entry of a wrapper (docs/abi.md, "The fast path"):
//
//   %saved = callbr i64 asm sideeffect "<gate>", "=&r,*m,!i,<clobbers>"
//       (ptr elementtype(i32) <&desc.runtime_id>)
//       to label %hotpath.fast [label %hotpath.hooked]
//
// with the gate, all of it in one asm block so that its cost is the same
// instructions everywhere (Callgrind charges the first five, up to the
// first jump, to the call: HOTPATH_FAST_PATH_GATE_IR in abi.h):
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
// (a self-contained function, which cannot allocate, SelfContained.h,
// stops at the second `jle`: `callbr void`, no %saved, no restore; the
// current call stays its caller's) and, where the call of the body returns
// or unwinds (Rewrite.cpp):
//
//   call void asm sideeffect "<restore>", "r,<clobbers>"(i64 %saved)
//
//   movq  __hotpath_fast@GOTTPOFF(%rip), %r11
//   movl  %saved, %fs:4(%r11)                    # the caller's again
//
//===----------------------------------------------------------------------===//
#include "WrapperFastPath.h"
#include "Compat.h"
#include "DescriptorLayout.h"
#include "hotpath/abi.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace hotpath {

namespace {
#define HOTPATH_STR2(X) #X
#define HOTPATH_STR(X) HOTPATH_STR2(X)
// The gate up to its decision; $M is the record's id, $L the label.
const char *const GateCountAsm =
    "movq __hotpath_fast@GOTTPOFF(%rip), %rax\n\t"
    "movl %fs:(%rax), %ecx\n\t"
    "movq __hotpath_epoch@GOTPCREL(%rip), %rdx\n\t"
    "cmpl (%rdx), %ecx\n\t"
    "jne $L\n\t"
    "movl $M, %ecx\n\t"
    "movq %fs:16(%rax), %rdx\n\t"
    "decq " HOTPATH_STR(HOTPATH_COUNTDOWNS_OFFSET) "(%rdx,%rcx,8)\n\t"
                                                   "jle $L";
// Then, unless the function is self-contained: the current call ($0).
const char *const GateCurrentAsm = "\n\t"
                                   "movl %fs:4(%rax), ${0:k}\n\t"
                                   "movl %ecx, %fs:4(%rax)";

/// The gate's text with its operands numbered: the output first, if any.
std::string gateAsm(bool SetsCurrent) {
  std::string Asm = GateCountAsm;
  auto Replace = [&](StringRef From, StringRef To) {
    for (size_t At; (At = Asm.find(From.str())) != std::string::npos;)
      Asm.replace(At, From.size(), To.str());
  };
  Replace("$M", SetsCurrent ? "$1" : "$0");
  Replace("$L", SetsCurrent ? "${2:l}" : "${1:l}");
  return SetsCurrent ? Asm + GateCurrentAsm : Asm;
}
// The output (the saved slot, zero-extended) is written after the last jump
// only: on the path to the hooks it holds what it held, as the compiler
// assumes of an output there.
const char *const GateClobbers =
    "~{rax},~{rcx},~{rdx},~{memory},~{dirflag},~{fpsr},~{flags}";
const char *const RestoreAsm = "movq __hotpath_fast@GOTTPOFF(%rip), %r11\n\t"
                               "movl ${0:k}, %fs:4(%r11)";
// %r11: the scratch register of the ABI, never an argument or result.
const char *const RestoreConstraints = "r,~{r11},~{memory},~{dirflag},~{fpsr}";
} // namespace

bool fastPathTarget(const Module &M) {
  Triple T(M.getTargetTriple());
  return T.getArch() == Triple::x86_64 && T.isOSBinFormatELF() && !T.isX32() &&
         T.isOSLinux();
}

bool namesRuntimeState(const Module &M) {
  return M.getNamedValue("__hotpath_fast") ||
         M.getNamedValue("__hotpath_epoch");
}

Value *emitFastPathGate(IRBuilder<> &B, Constant *Desc, BasicBlock *Fast,
                        BasicBlock *Hooked, bool SetsCurrent) {
  auto *GV = cast<GlobalVariable>(Desc->stripPointerCasts());
  Type *I32 = B.getInt32Ty();
  Constant *Id = ConstantExpr::getInBoundsGetElementPtr(
      GV->getValueType(), GV,
      ArrayRef<Constant *>{B.getInt32(0), B.getInt32(DescRuntimeId)});
  CallBrInst *Gate = compat::createAsmGoto(
      B, gateAsm(SetsCurrent), SetsCurrent ? "=&r" : "", B.getInt64Ty(), "*m",
      GateClobbers, Id, I32, Fast, Hooked);
  if (SetsCurrent)
    Gate->setName("hotpath.saved");
  // It reads the record and writes only the runtime's thread state and
  // counts: the program's memory optimises across it, so that a body
  // inlined behind it (Rewrite.cpp) compiles as it would without it.
  if (!namesRuntimeState(*B.GetInsertBlock()->getModule()))
    compat::setRuntimeMemoryOnly(*Gate, /*ReadsArgs=*/true);
  return SetsCurrent ? Gate : nullptr;
}

void emitCurrentRestore(IRBuilder<> &B, Value *Saved) {
  auto *FTy = FunctionType::get(B.getVoidTy(), {Saved->getType()}, false);
  CallInst *Restore = B.CreateCall(
      InlineAsm::get(FTy, RestoreAsm, RestoreConstraints, true), {Saved});
  Restore->setDoesNotThrow();
  if (!namesRuntimeState(*B.GetInsertBlock()->getModule()))
    compat::setRuntimeMemoryOnly(*Restore, /*ReadsArgs=*/false);
}

} // namespace hotpath
