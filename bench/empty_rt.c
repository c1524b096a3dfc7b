// A runtime that does nothing, built as a shared library: hotpath's
// wrapper (enter, marker, exit; the hooks called through the GOT) with
// empty hooks. Separates what the wrapper's shape costs from what the
// runtime's hooks cost. The wrappers' fast path is never armed (epoch ~0),
// so every call takes the hooks.
#include "hotpath/abi.h"

__thread hotpath_fast_state __hotpath_fast = {~0u, 0, 0, 0};
uint32_t __hotpath_epoch = 0;

/* The link check that every instrumented object reads (abi.h). */
const char hotpath_link_check __asm__(HOTPATH_LINK_CHECK_SYMBOL) = 0;

void __hotpath_register(hotpath_fn_desc *const *D, uint64_t N, uint32_t V) {
  (void)D, (void)N, (void)V;
}
void __hotpath_register_countdowns(hotpath_fn_desc *const *D, uint64_t N,
                                   uint32_t V, const uint64_t *C) {
  (void)D, (void)N, (void)V, (void)C;
}
void __hotpath_enter(hotpath_fn_desc *D) { (void)D; }
void __hotpath_exit(hotpath_fn_desc *D) { (void)D; }
