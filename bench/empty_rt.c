// A runtime that does nothing, built as a shared library: hotpath's
// wrapper (enter, marker, exit; the hooks called through the GOT) with
// empty hooks. Separates what the wrapper's shape costs from what the
// runtime's hooks cost.
#include "hotpath/abi.h"

void __hotpath_register(hotpath_fn_desc *const *D, uint64_t N, uint32_t V) {
  (void)D, (void)N, (void)V;
}
void __hotpath_enter(hotpath_fn_desc *D) { (void)D; }
void __hotpath_exit(hotpath_fn_desc *D) { (void)D; }
