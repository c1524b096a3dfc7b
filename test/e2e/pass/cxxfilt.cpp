// The marker suffix is decimal, so the GNU demangler (c++filt, and Valgrind,
// gdb and perf, which use it) shows `f(int) [clone .hotpath.<N>]` instead of
// giving up on the whole symbol; N is the descriptor's hash.
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -O2 %s %trace_hooks -o %t
// RUN: env HOTPATH_TRACE_FILE=%t.trace %t
// RUN: llvm-nm %t | c++filt > %t.nm
// RUN: cat %t.nm %t.trace | %FileCheck %s
// CHECK-DAG: t int ns::scale<int>(int) [clone .hotpath.{{[0-9]+}}]
// CHECK-DAG: t ns::Parser::parse(int) [clone .hotpath.[[N:[0-9]+]]]
// CHECK: d __hotpath_desc.[[N]]
// CHECK: register ns::Parser::parse(int) hash=[[N]] flags=48
namespace ns {
struct Parser {
  int parse(int x);
};
__attribute__((noinline)) int Parser::parse(int x) { return x * 5; }
template <typename T> __attribute__((noinline)) T scale(T x) { return x * 2; }
} // namespace ns

int main(int argc, char **) {
  ns::Parser p;
  return p.parse(argc) + ns::scale(argc) == 7 * argc ? 0 : 1;
}
