// A static function called once gets a copy of its body for its fast path
// (fast-path-copy.c), but not one whose inline assembly defines a symbol
// or a named label: inlined, the copy defined it a second time and the
// object did not assemble ("symbol 'hotpath_asm_label' is already
// defined"). Numeric local labels and %= labels, which are distinct in
// each copy, do not stop the copy (the functions that have them compile).
// REQUIRES: llvm-19
// RUN: env HOTPATH_CONFIG=%S/Inputs/asm-labels.toml %clang -O2 -c %s -o %t.o
// RUN: llvm-nm %t.o | %FileCheck %s --check-prefix=NM
// NM: T hotpath_asm_label
// The body with the label exists once: its marker is never inlined (into
// the wrapper's fast path while kept for the hooked thunk, which defined
// the label twice even without a copy).
// RUN: env HOTPATH_CONFIG=%S/Inputs/asm-labels.toml %clang -O2 -S -emit-llvm %s -o %t.ll
// RUN: grep -c 'hotpath_asm_label:' %t.ll | %FileCheck %s --check-prefix=ONCE
// ONCE: {{^1$}}
// RUN: %FileCheck %s < %t.ll
// CHECK-NOT: with_label.hotpath_fast
// CHECK: define internal {{.*}}@with_label.hotpath.{{[0-9]+}}({{.*}}#[[ATTR:[0-9]+]]
// CHECK-NOT: with_label.hotpath_fast
// CHECK: attributes #[[ATTR]] = { {{.*}}noinline
void sink(int);

static int with_label(int x) {
  __asm__ volatile(".globl hotpath_asm_label\nhotpath_asm_label:\n\tnop");
  sink(x);
  return x + 1;
}

static int with_local_labels(int x) {
  __asm__ volatile("1:\n\tnop\n\tjmp 2f\n2:");
  sink(x);
  return x + 2;
}

static int with_unique_label(int x) {
  __asm__ volatile("skip%=:\n\tnop" ::: "memory");
  sink(x);
  return x + 3;
}

int entry(int x) {
  return with_label(x) + with_local_labels(x) + with_unique_label(x);
}
