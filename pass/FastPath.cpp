//===- FastPath.cpp - The wrapper's inline fast path ----------------------===//
//
// Injects, at the entry of a wrapper (docs/abi.md, "The fast path"):
//
//   callbr void asm sideeffect "<gate>", "*m,!i,<clobbers>"
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
//   decq  %fs:8(%rax)                            # sampling countdown
//   jle   hooked                                 # this call is timed
//   movl  <desc.runtime_id>, %ecx
//   movq  %fs:16(%rax), %rdx                     # this thread's counts
//   incq  (%rdx,%rcx,8)                          # one instruction: a signal
//                                                # handler cannot tear it
//
//===----------------------------------------------------------------------===//
#include "FastPath.h"
#include "Compat.h"
#include "DescriptorLayout.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace hotpath {

namespace {
const char *const GateAsm = "movq __hotpath_fast@GOTTPOFF(%rip), %rax\n\t"
                            "movl %fs:(%rax), %ecx\n\t"
                            "movq __hotpath_epoch@GOTPCREL(%rip), %rdx\n\t"
                            "cmpl (%rdx), %ecx\n\t"
                            "jne ${1:l}\n\t"
                            "decq %fs:8(%rax)\n\t"
                            "jle ${1:l}\n\t"
                            "movl $0, %ecx\n\t"
                            "movq %fs:16(%rax), %rdx\n\t"
                            "incq (%rdx,%rcx,8)";
const char *const GateClobbers =
    "~{rax},~{rcx},~{rdx},~{memory},~{dirflag},~{fpsr},~{flags}";
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

void emitFastPathGate(IRBuilder<> &B, Constant *Desc, BasicBlock *Fast,
                      BasicBlock *Hooked) {
  auto *GV = cast<GlobalVariable>(Desc->stripPointerCasts());
  Type *I32 = B.getInt32Ty();
  Constant *Id = ConstantExpr::getInBoundsGetElementPtr(
      GV->getValueType(), GV,
      ArrayRef<Constant *>{B.getInt32(0), B.getInt32(DescRuntimeId)});
  CallBrInst *Gate = compat::createAsmGoto(B, GateAsm, "*m", GateClobbers, Id,
                                           I32, Fast, Hooked);
  // It reads the record and writes only the runtime's thread state and
  // counts: the program's memory optimises across it, so that a body
  // inlined behind it (Rewrite.cpp) compiles as it would without it.
  if (!namesRuntimeState(*B.GetInsertBlock()->getModule()))
    compat::setRuntimeMemoryOnly(*Gate, /*ReadsArgs=*/true);
}

} // namespace hotpath
