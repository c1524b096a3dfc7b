/* The cost of measuring is taken out of the times (docs/runtime.md): a
 * parent of a thousand tiny measured calls is no longer charged their
 * hooks. Before, app_parent (1000 calls of a one-line leaf) read as slow
 * as app_solo (real work); the plain build spends about 1.5 ns a leaf.
 * The cost in place moves with the machine's load (two runs cannot be
 * compared on a busy machine): the arithmetic is checked exactly by
 * ReportWriterTest; here the meta has the cost, the sections say so, and
 * the tree and the rows stay consistent in every mode.
 *
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.comp.json %t
 * RUN: env HOTPATH_COMPENSATE=0 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.raw.json %t
 * RUN: %python %S/Inputs/check_compensation.py %t.comp.json %t.raw.json app_parent app_leaf
 */
volatile unsigned Sink;

__attribute__((noinline)) void app_leaf(unsigned I) { Sink += I; }

__attribute__((noinline)) void app_parent(void) {
  for (unsigned I = 0; I < 1000; ++I)
    app_leaf(I);
}

__attribute__((noinline)) void app_solo(void) {
  for (unsigned I = 0; I < 200000; ++I)
    Sink += I * 3;
}

int main(void) {
  for (int I = 0; I < 300; ++I) {
    app_parent();
    app_solo();
  }
  return 0;
}
