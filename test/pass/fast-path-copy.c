// A static function called from one place keeps the inlining the plain
// build gives it (the inliner's bonus for the last call of a local
// function): its fast path calls a copy of the body of its own, which is
// inlined, and the wrapper with it, into the one caller, although the body
// is far above the inliner's threshold. The hooked thunk still calls the
// marker, never inlined. A function called from two places gets no copy.
// A chain of them (outer calls inner, each once) is inlined whole, whichever
// is defined first: the call in outer's marker goes to a twin of inner's
// wrapper, so that the one in outer's copy is inner's wrapper's only call.
// A copy the inliner does not take (-O0, or a caller it declines) is folded
// back into the marker: none is left in the output, at any level nor in
// an LTO pre-link compile. Selected by hotpath.toml: the annotation of
// HOTPATH_MEASURE is a use of the function of its own, in both builds.
// REQUIRES: llvm-19
// (LLVM 14's gate takes a blockaddress of the wrapper, a second use of it:
// no wrapper with the fast path gets the bonus there.)
// RUN: env HOTPATH_CONFIG=%S/Inputs/once-twice.toml %clang -O2 -I%include -S -emit-llvm %s -o - | %FileCheck %s --check-prefixes=CHECK,O2
// RUN: env HOTPATH_CONFIG=%S/Inputs/once-twice.toml %clang -O1 -I%include -S -emit-llvm %s -o - | %FileCheck %s --check-prefixes=CHECK,O2
// RUN: env HOTPATH_CONFIG=%S/Inputs/once-twice.toml %clang -O2 -flto=thin -I%include -S -emit-llvm %s -o - | %FileCheck %s --check-prefixes=CHECK,O2
// RUN: env HOTPATH_CONFIG=%S/Inputs/once-twice.toml %clang -O2 -flto -I%include -S -emit-llvm %s -o - | %FileCheck %s --check-prefixes=CHECK,O2
// RUN: env HOTPATH_CONFIG=%S/Inputs/once-twice.toml %clang -O0 -I%include -S -emit-llvm %s -o - | %FileCheck %s --check-prefixes=CHECK,O0
// The inlined copy reads as the function in the debug info, which is how
// CPU samples inside it are charged to it.
// RUN: env HOTPATH_CONFIG=%S/Inputs/once-twice.toml %clang -g -O2 -I%include -c %s -o %t.o
// RUN: llvm-dwarfdump --verify %t.o | %FileCheck %s --check-prefix=VERIFY
// RUN: llvm-dwarfdump --debug-info %t.o | %FileCheck %s --check-prefix=DIE
// RUN: llvm-nm %t.o | %FileCheck %s --check-prefix=NM
void sink(int);

// Far above the threshold (225): a dozen calls and their arguments.
#define BIG_BODY(x)                                                            \
  do {                                                                         \
    sink(x);                                                                   \
    sink(x + 1);                                                               \
    sink(x * 2);                                                               \
    sink(x - 3);                                                               \
    sink(x ^ 4);                                                               \
    sink(x + 5);                                                               \
    sink(x * 6);                                                               \
    sink(x - 7);                                                               \
    sink(x | 8);                                                               \
    sink(x + 9);                                                               \
    sink(x * 10);                                                              \
    sink(x - 11);                                                              \
  } while (0)

static int once(int x) {
  BIG_BODY(x);
  return x * 3;
}

static int twice(int x) {
  BIG_BODY(x);
  return x * 5;
}

// Defined before its caller, and after.
static int inner2(int x) {
  BIG_BODY(x);
  return x * 7;
}

static int inner1(int x);

#define OUTER(name, inner)                                                     \
  static int name(int x) {                                                     \
    BIG_BODY(x);                                                               \
    return inner(x) * 11;                                                      \
  }
OUTER(outer1, inner1)
OUTER(outer2, inner2)

static int inner1(int x) {
  BIG_BODY(x);
  return x * 13;
}

// CHECK-NOT:   {{\.hotpath_(fast|twin)\.|hotpath-fast-copy}}
// O2-LABEL:    define {{.*}}i32 @run(
// O2:            callbr {{.*}}@__hotpath_desc.[[ONCE:[0-9]+]]{{[, ]}}
// O2-NOT:        call {{.*}}@once.hotpath.
// O2:            call void @sink(
// O2-NOT:        call {{.*}}@once.hotpath.
// O2:            call {{.*}}@once.hotpath_hooked.[[ONCE]](
// O2:            call {{.*}}@twice.hotpath.[[TWICE:[0-9]+]](
// O2:            call {{.*}}@twice.hotpath_hooked.[[TWICE]](
// O2:            call {{.*}}@twice.hotpath.[[TWICE]](
// O2-NOT:        call {{.*}}@{{(outer|inner)[12]}}.hotpath.
// O2:            call {{.*}}@inner1.hotpath_hooked.[[INNER1:[0-9]+]](
// O2-NOT:        call {{.*}}@{{(outer|inner)[12]}}.hotpath.
// O2:            call {{.*}}@outer1.hotpath_hooked.
// O2-NOT:        call {{.*}}@{{(outer|inner)[12]}}.hotpath.
// O2:            call {{.*}}@inner2.hotpath_hooked.[[INNER2:[0-9]+]](
// O2-NOT:        call {{.*}}@{{(outer|inner)[12]}}.hotpath.
// O2:            call {{.*}}@outer2.hotpath_hooked.
// O2-NOT:        call {{.*}}@{{(outer|inner)[12]}}.hotpath.
// O2:          define internal {{.*}}i32 @once.hotpath.[[ONCE]](
// O2:          define internal {{.*}}i32 @once.hotpath_hooked.[[ONCE]](
// O2:            notail call {{.*}}@once.hotpath.[[ONCE]](
// O2:          define internal {{.*}}i32 @outer1.hotpath.
// O2:            call {{.*}}@inner1.hotpath.[[INNER1]](
// O2:            call {{.*}}@inner1.hotpath_hooked.[[INNER1]](
// O2:          define internal {{.*}}i32 @outer2.hotpath.
// O2:            call {{.*}}@inner2.hotpath.[[INNER2]](
// O2:            call {{.*}}@inner2.hotpath_hooked.[[INNER2]](
// O0-LABEL:    define internal i32 @once(
// O0:            call i32 @once.hotpath.[[ONCE:[0-9]+]](
// O0:            call i32 @once.hotpath_hooked.[[ONCE]](
// O0-LABEL:    define internal i32 @outer1.hotpath.
// O0:            call i32 @inner1(
// CHECK-NOT:   {{\.hotpath_(fast|twin)\.|hotpath-fast-copy}}
int run(int x) {
  return once(x) + twice(x) + twice(x + 1) + outer1(x) + outer2(x);
}

// VERIFY: No errors.
// DIE:      DW_TAG_inlined_subroutine
// DIE-NEXT:   DW_AT_abstract_origin {{.*}} "once")
// NM-NOT: {{\.hotpath_(fast|twin)\.}}
