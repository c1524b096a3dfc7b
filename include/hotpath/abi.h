/*===- hotpath/abi.h - Contract between the pass and the runtime -*- C -*-===*
 *
 * The pass plugin (pass/) emits calls to the functions declared here and one
 * descriptor record per instrumented function; the runtime (runtime/)
 * defines them. docs/abi.md explains every field and the call sequence.
 *
 * This header is C and C++; it is the only place where the layout lives.
 * Bump HOTPATH_ABI_VERSION for any incompatible change: the runtime refuses
 * descriptors of another version with one warning instead of misreading them.
 *===----------------------------------------------------------------------===*/
#ifndef HOTPATH_ABI_H
#define HOTPATH_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HOTPATH_ABI_VERSION 5u

/* hotpath_fn_desc::flags */
enum {
  HOTPATH_FN_LABELLED = 1u << 0,   /* name comes from HOTPATH_LABEL("...") */
  HOTPATH_FN_IN_PLACE = 1u << 1,   /* hooks inserted in place: no marker   */
  HOTPATH_FN_MAIN = 1u << 2,       /* the program's main()                  */
  HOTPATH_FN_INTERNAL = 1u << 3,   /* internal linkage: hash includes module */
  HOTPATH_FN_FAST_PATH = 1u << 4,  /* the wrapper has the inline fast path  */
  HOTPATH_FN_LOCAL_GATE = 1u << 5, /* ... in its executable's form (below) */
  /* Set by the runtime at registration, never by the pass: this record's
   * gate decrements a countdown other than the one the runtime reads for
   * its function (the same function registered from a shared library
   * first, with another countdown), so the hooks count its calls. */
  HOTPATH_FN_OTHER_COUNTDOWN = 1u << 6,
  /* A function the selection matched that the pass left out (no hooks, no
   * marker): registered so that the report can list it (meta.left_out),
   * with why in the top byte (HOTPATH_LEFT_OUT_*). */
  HOTPATH_FN_LEFT_OUT = 1u << 7,
};
#define HOTPATH_LEFT_OUT_SHIFT 24
enum {
  HOTPATH_LEFT_OUT_INLINE_HELPER = 1, /* measure_inline_helpers = true   */
  HOTPATH_LEFT_OUT_TOO_SMALL = 2,     /* under min_instructions          */
  HOTPATH_LEFT_OUT_UNSUPPORTED = 3    /* naked, always_inline, ...       */
};

/* One record per instrumented function and translation unit. The pass
 * emits it as a constant-initialised global; the runtime writes only
 * `runtime_id` (once, at registration, before any hook sees the record).
 * A function defined in several translation units (inline, templates) has
 * one record in each of them with the same `hash`: the runtime merges
 * records by `hash`, so the function is described once. */
typedef struct hotpath_fn_desc {
  uint32_t abi_version; /* HOTPATH_ABI_VERSION of the pass that emitted it */
  uint32_t flags;       /* HOTPATH_FN_*                                     */
  uint64_t hash;        /* N of the marker `<symbol>.hotpath.<N>` (decimal) */
  const char *name;     /* demangled, normalised name, or the label        */
  const char *symbol;   /* mangled symbol of the instrumented function     */
  const char *file;     /* source file ("" when unknown)                   */
  uint32_t line;        /* first line (0 when unknown)                      */
  uint32_t runtime_id;  /* dense id given by the runtime; 0 = unregistered */
} hotpath_fn_desc;

/* Called from a constructor (llvm.global_ctors, priority 0) that the pass
 * adds to every module with instrumented functions, once per module and
 * loaded object, possibly before the runtime's own constructors ran and
 * possibly again later through dlopen. `descs` stays valid until the
 * object is unloaded. */
void __hotpath_register(hotpath_fn_desc *const *descs, uint64_t count,
                        uint32_t abi_version);
/* The same, for a module whose gates count some functions in a countdown
 * of their own (a thread-local int64_t of the executable, initially 0,
 * decremented by the gate in place of countdowns[runtime_id] below):
 * `countdowns[i]` is the calling thread's address of descs[i]'s, or 0
 * when descs[i] counts in the table. The variable is at the same offset
 * from the thread pointer in every thread, which is what the runtime
 * keeps. A function has one such variable in the program (the pass gives
 * one only to a function that no other unit defines); a record of the
 * same function registered with another countdown gets
 * HOTPATH_FN_OTHER_COUNTDOWN. */
void __hotpath_register_countdowns(hotpath_fn_desc *const *descs,
                                   uint64_t count, uint32_t abi_version,
                                   const uint64_t *countdowns);

/* The hooks. The wrapper of a selected function calls __hotpath_enter
 * first, then the marker `<symbol>.hotpath.<N>` with its arguments, then
 * __hotpath_exit on every path that leaves the wrapper: after a normal
 * return and in a cleanup landing pad before `resume` when the body
 * unwinds. The runtime records its own stack address at each entry, so
 * frames abandoned by longjmp or by unwinding through code without cleanups
 * are closed exactly once later. Both hooks are async-signal-safe, take no
 * lock and never allocate in steady state. */
void __hotpath_enter(hotpath_fn_desc *desc);
void __hotpath_exit(hotpath_fn_desc *desc);

/* The wrapper's inline fast path (x86-64 ELF). Before calling the hooks, a
 * wrapper with HOTPATH_FN_FAST_PATH runs, as one asm block:
 *
 *   if (__hotpath_fast.epoch == __hotpath_epoch &&
 *       --countdowns[desc->runtime_id] > 0) {        (one `decq`)
 *     saved = __hotpath_fast.current;
 *     __hotpath_fast.current = desc->runtime_id;
 *     r = <symbol>.hotpath.<N>(args);
 *     __hotpath_fast.current = saved;          (also where the body unwinds)
 *     return r;
 *   }
 *   ... the hook sequence above ...
 *
 * The countdown is also the count (since ABI 4): the runtime knows every
 * value it loaded into a countdown, so the calls the gate let through are
 * those values less what is left; one memory slot a call, where a count
 * beside the countdown doubled the gate's cost in real code.
 * `current` is the thread's innermost measured call, which allocations are
 * charged to without a frame; in sessions that charge it the hooks keep it
 * too (with HOTPATH_CURRENT_FRAMED: that call has the top shadow-stack
 * frame). The runtime arms a thread (sets `epoch` to the session's number)
 * only when no call needs a frame: sampled or count-only timing, inclusive
 * time, allocation tracking off (or exclusive, with sampled timing), not
 * under Valgrind. Otherwise
 * `epoch` never matches (its initial value, ~0, is never a session's) and
 * every call takes the hooks: those then run the whole mode, including the
 * sampling countdowns. While a sampled call is the innermost, the runtime
 * disarms the thread, so that its direct children take the hooks and are
 * timed with it. The layout is part of the ABI: offsets 0, 4, 8, 16.
 *
 * In code for an executable, a function defined in one unit only counts
 * in a thread-local variable of its own instead of countdowns[runtime_id]
 * (__hotpath_register_countdowns below; docs/abi.md).
 *
 * Code for an executable (not -fPIC, or -fPIE) also defines both, weak and
 * with these initial values, and its gate reads them at link-time
 * addresses (`%fs:__hotpath_fast@tpoff`, `__hotpath_epoch(%rip)`:
 * HOTPATH_FN_LOCAL_GATE) instead of loading their addresses from the GOT
 * first. The executable's definitions are then the process's (it exports
 * them, since the runtime defines them too; the runtime's own accesses go
 * through its GOT): `__hotpath_epoch` is written by the runtime through
 * its GOT as well as to its own copy. Code for a shared library keeps the
 * GOT form. */
/* hotpath_fast_state::epoch's initial value: never a session's number. */
#define HOTPATH_FAST_PATH_OFF 0xffffffffu

/* Instructions the gate executes when the thread is not armed (always the
 * case under Valgrind): up to its first jump. The Callgrind report charges
 * them to the measured call, not to the caller it was inlined into. */
#define HOTPATH_FAST_PATH_GATE_IR 5u       /* the GOT form          */
#define HOTPATH_FAST_PATH_LOCAL_GATE_IR 3u /* HOTPATH_FN_LOCAL_GATE */

/* Each function's sampling countdown on this thread (calls until its next
 * sampled call; at or below zero the hooks sample it) lives this many bytes
 * after its count: countdowns = (int64_t *)((char *)counts + offset). */
#define HOTPATH_COUNTDOWNS_OFFSET 2097152

/* hotpath_fast_state::current: the call has the top shadow-stack frame. */
#define HOTPATH_CURRENT_FRAMED 0x80000000u

typedef struct hotpath_fast_state {
  uint32_t epoch;    /* == __hotpath_epoch while the fast path is armed   */
  uint32_t current;  /* runtime_id of the innermost measured call, or 0  */
  int64_t countdown; /* unused since ABI 3 (the countdowns are per function) */
  uint64_t *counts;  /* this thread's untimed calls, by runtime_id        */
} hotpath_fast_state;

/* Initial-exec TLS: one %fs-relative access from any object. */
extern __thread hotpath_fast_state __hotpath_fast
    __attribute__((tls_model("initial-exec")));
/* The running session's number; 0 outside a session. */
extern uint32_t __hotpath_epoch;

/* The link check. Every instrumented object's registration constructor
 * (the first function of the object, so that GNU ld reports it first) reads
 * one byte of this runtime symbol, whose name is the advice: a program
 * linked without the runtime fails with
 *   undefined reference to `hotpath runtime not linked: ...'
 * before the hooks' own undefined references. */
#define HOTPATH_LINK_CHECK_SYMBOL                                              \
  "hotpath runtime not linked: add -lhotpath_rt to the link (with "            \
  "-L<dir> -Wl,-rpath,<dir>), see hotpath's docs/troubleshooting.md"

/* With `main = true` the pass calls these at the entry of main and before
 * each of its returns (the session-begin is the first thing main does). */
void __hotpath_main_begin(void);
void __hotpath_main_end(void);

/* Google Benchmark's timed loop. In every module it compiles, the plugin
 * calls __hotpath_bench_start right after each call of
 * benchmark::State::StartKeepRunning() and of ResumeTiming(), and
 * __hotpath_bench_stop right before each call of
 * benchmark::State::FinishKeepRunning() and of PauseTiming(). Under
 * `hotpath bench` (HOTPATH_BENCH=1) they bound the session to the loops;
 * otherwise they return at once. */
void __hotpath_bench_start(void);
void __hotpath_bench_stop(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HOTPATH_ABI_H */
