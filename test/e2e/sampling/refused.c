/* Where the kernel refuses perf events (perf_event_paranoid 3, a container,
 * seccomp), sampling says so once and the program runs as it would: here a
 * seccomp filter, installed on every thread (the drain's too) before the
 * first measured call, makes perf_event_open fail with EACCES.
 *
 * RUN: env HOTPATH_CONFIG=%S/Inputs/refused.toml %clang -O2 -pthread %s -o %t %rt_shared
 * RUN: env HOTPATH_CPU_SAMPLING=1000 HOTPATH_OUTPUT_PATH=%t.json %t > %t.out 2> %t.err
 * RUN: %FileCheck %s --check-prefix=OUT < %t.out
 * RUN: %FileCheck %s --check-prefix=ERR < %t.err
 * RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1])); c=r['cpu_samples']; w=r['meta']['warnings']; assert c['samples'] == 0 and c['threads'] == 0, c; assert sum('refused a perf event' in x for x in w) == 1, w" %t.json
 * RUN: %hotpath report %t.json | %FileCheck %s --check-prefix=TABLE
 *
 * OUT: filter 0
 * OUT-NEXT: sum 1249999975000000
 * ERR: HOTPATH_CPU_SAMPLING: the kernel refused a perf event (Permission denied; /proc/sys/kernel/perf_event_paranoid above 2, a container or seccomp): no CPU samples
 * ERR-NOT: refused
 * TABLE: warning: HOTPATH_CPU_SAMPLING: the kernel refused
 * TABLE-NEXT: cpu samples: 0 at 1000 Hz
 * TABLE-NOT: {{attributes them|\| CPU +\| Self CPU}}
 */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static int refuse_perf_events(void) {
  struct sock_filter F[] = {
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_perf_event_open, 0, 1),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
  };
  struct sock_fprog P = {sizeof F / sizeof F[0], F};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
    return -1;
  return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                      SECCOMP_FILTER_FLAG_TSYNC, &P);
}

static volatile unsigned long Sink;

unsigned long sum(long N) {
  unsigned long S = 0;
  for (long I = 0; I < N; ++I)
    Sink = S += (unsigned long)I;
  return S;
}

int main(void) {
  printf("filter %d\n", refuse_perf_events());
  printf("sum %lu\n", sum(50000000));
  return 0;
}
