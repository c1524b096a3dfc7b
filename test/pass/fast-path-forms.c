// Which form of the gate a compile gets (pass/WrapperFastPath.h): the
// executable's (HOTPATH_FN_LOCAL_GATE, the state at link-time addresses)
// for -fno-pic and -fPIE, the GOT form for -fPIC, which may be a shared
// library's, and for a module that names the runtime's state itself
// (includes hotpath/abi.h and reads it): the pass defines the state only
// where nothing else in the module does.
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clang -O1 -fPIE -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=LOCAL
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clang -O1 -fno-pic -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=LOCAL
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
// LOCAL-NEXT: callbr void asm sideeffect "movl %fs:__hotpath_fast@tpoff, %ecx
// GOT-NOT: weak {{.*}}@__hotpath_fast
// GOT-NOT: @__hotpath_epoch = weak
// GOT: define {{.*}}i32 @twice(
// GOT-NEXT: callbr void asm sideeffect "movq __hotpath_fast@GOTTPOFF(%rip), %rax
