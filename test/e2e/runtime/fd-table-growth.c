/* The runtime grows the process's descriptor table (for the high numbers
 * its own pipes take) before it starts a thread. Growing a table that
 * another thread shares waits for an RCU grace period in the kernel: the
 * signal report's pipes, moved high just after the drain thread started,
 * made a program that runs for microseconds take 9 to 26 ms more on a VM.
 * Seen in order, not timed: an LD_PRELOAD shim notes each fcntl that asks
 * for a high number and each thread created; the first must be the
 * former. In both the timed and the count-only mode (which measures no
 * call cost, so the drain thread is the first). Not in the sanitizer
 * build, whose runtime must come first among the preloaded libraries.
 *
 * UNSUPPORTED: sanitizer
 * RUN: rm -rf %t && mkdir -p %t
 * RUN: %plainclang -O2 -shared -fPIC %S/Inputs/fd_table_order.c -o %t/shim.so -ldl
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t/prog %rt_shared
 * RUN: env LD_PRELOAD=%t/shim.so FD_TABLE_ORDER=%t/timed HOTPATH_OUTPUT_FORMAT=none %t/prog | %FileCheck %s --check-prefix=OUT
 * RUN: env LD_PRELOAD=%t/shim.so FD_TABLE_ORDER=%t/counted HOTPATH_TIME_SAMPLING_RATE=0 HOTPATH_ALLOC=0 HOTPATH_OUTPUT_FORMAT=none %t/prog | %FileCheck %s --check-prefix=OUT
 * OUT: done
 * RUN: %FileCheck %s < %t/timed
 * RUN: %FileCheck %s < %t/counted
 * CHECK-NOT: thread
 * CHECK: high
 * CHECK: thread
 */
#include <stdio.h>

volatile unsigned Sink;

void app_work(unsigned N) {
  for (unsigned I = 0; I < N; ++I)
    Sink += I;
}

int main(void) {
  app_work(1000);
  puts("done");
  return 0;
}
