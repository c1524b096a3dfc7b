// Which form of the gate a compile gets (pass/WrapperFastPath.h): the
// executable's (HOTPATH_FN_LOCAL_GATE, the state at link-time addresses)
// for -fno-pic and -fPIE, the GOT form for -fPIC, which may be a shared
// library's, and for a module that names the runtime's state itself
// (includes hotpath/abi.h and reads it): the pass defines the state only
// where nothing else in the module does. In the executable's form a
// function defined once counts in a countdown of its own, which codegen
// decrements at its link-time offset from the thread pointer (ASM).
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clang -O1 -fPIE -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=LOCAL
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clang -O1 -fno-pic -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=LOCAL
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clang -O1 -fPIE -S %s -o - | %FileCheck %s --check-prefix=ASM
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clang -O1 -fPIC -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=GOT
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clang -O1 -fPIE -DNAMES_STATE -I%include -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=GOT
#ifdef NAMES_STATE
#include <hotpath/abi.h>
unsigned epoch_of_this_thread(void) { return __hotpath_fast.epoch; }
#endif

__attribute__((noinline)) int twice(int x) { return 2 * x; }
int main(int argc, char **argv) { return twice(argc); }

// LOCAL: @__hotpath_fast = weak thread_local(localexec) global
// LOCAL: @__hotpath_epoch = weak global i32 0
// LOCAL: define {{.*}}i32 @twice(
// (LLVM 16 and later: the countdown's address from llvm.threadlocal.address)
// LOCAL-NOT: define
// LOCAL: callbr void asm sideeffect "movl %fs:__hotpath_fast@tpoff, %ecx{{.*}}jne ${2:l}\0A\09decq $1\0A\09jle ${2:l}"
// ASM-LABEL: twice:
// ASM: movl %fs:__hotpath_fast@TPOFF, %ecx
// ASM-NEXT: cmpl __hotpath_epoch(%rip), %ecx
// ASM-NEXT: jne [[HOOKED:.L[A-Za-z0-9_]+]]
// ASM-NEXT: decq %fs:__hotpath_countdown.{{[0-9]+}}@TPOFF
// ASM-NEXT: jle [[HOOKED]]
// GOT-NOT: weak {{.*}}@__hotpath_fast
// GOT-NOT: @__hotpath_epoch = weak
// GOT: define {{.*}}i32 @twice(
// GOT-NEXT: callbr void asm sideeffect "movq __hotpath_fast@GOTTPOFF(%rip), %rax
