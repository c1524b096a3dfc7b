/* hotpath trim by CPU samples: a count-only run with HOTPATH_CPU_SAMPLING
 * has no time per call, and its samples say what measuring costs (those
 * in hotpath's own code, the gates) and how much CPU each function takes.
 * `tiny` is a few instructions called 100 million times: its gate is most
 * of what measuring costs, and it is the one to exclude; `heavy` (50
 * calls of a long serial loop), `loop` and `run` stay. In the trimmed
 * build `tiny` has no row, and the samples still show its CPU below
 * `loop`, as a sampled frame.
 *
 * REQUIRES: perf-events
 * RUN: rm -rf %t && mkdir -p %t
 * RUN: env HOTPATH_CONFIG=%S/Inputs/trim.toml %clang -O2 -g -fno-omit-frame-pointer %s -o %t/all %rt_shared
 * RUN: env HOTPATH_TIME_SAMPLING_RATE=0 HOTPATH_ALLOC=0 HOTPATH_CPU_SAMPLING=2000 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/all.json %t/all | %FileCheck %s --check-prefix=OUT
 * OUT: done
 *
 * By CPU is the default for such a report; the cost a call is the gates'
 * samples over the calls, and the budget 1% of the run's CPU.
 * RUN: %hotpath trim %t/all.json -o %t/trim.toml 2>&1 | %FileCheck %s
 * RUN: %FileCheck %s --check-prefix=LINES < %t/trim.toml
 * CHECK: hotpath: 1 exclude lines written to {{.*}}trim.toml
 * LINES: # hotpath trim {{.*}}all.json: 4 measured functions, 100,000,052 calls; measuring them costs about {{[0-9.]+}}% of the run's CPU at {{[0-9.]+}} ns a call (its samples in hotpath's gates and hooks).
 * LINES-NEXT: # {{[0-9]}} of them take less than that per call. Excluding 1 brings it to about 0.0% (budget 1.0%).
 * LINES-NEXT: [functions]
 * LINES-NEXT: exclude = [
 * LINES-NEXT:   "^tiny$",  # 100,000,000 calls, {{[0-9.]+}} ns of CPU a call
 * LINES-NEXT: ]
 * A cost a call given by hand is used as given; by time, this report has
 * no timed function to trim by.
 * RUN: %hotpath trim %t/all.json --call-cost 2 | %FileCheck %s --check-prefix=GIVEN
 * GIVEN: measuring them costs about {{[0-9.]+}}% of the run's CPU at 2.00 ns a call.
 * GIVEN: "^tiny$",
 * The binary gone since the run: its samples name nothing, so they show
 * no cost to trim, and a warning says why. The runtime is still named:
 * its few samples (more in a sanitizer build, and on a busy machine: 1.1%
 * seen beside two other tests) stay under a budget of 5%.
 * RUN: %python -c "import json; r = json.load(open('%t/all.json')); [o.update(path='%t/gone') for o in r['cpu_samples']['objects'] if o['path'].endswith('/all')]; json.dump(r, open('%t/gone.json', 'w'))"
 * RUN: %hotpath trim %t/gone.json --budget 5 2>&1 | %FileCheck %s --check-prefix=GONE
 * GONE: hotpath: warning: {{.*}}gone: {{.*}}: its samples are not named
 * GONE: measuring them costs about {{[0-4]\.[0-9]}}% of the run's CPU at {{[0-9.]+}} ns a call (its samples in hotpath's gates and hooks).
 * GONE: # Nothing to exclude.
 * A report without samples has nothing to trim by CPU: one line, exit 2.
 * RUN: %python -c "import json; r = json.load(open('%t/all.json')); r.pop('cpu_samples'); json.dump(r, open('%t/nosamples.json', 'w'))"
 * RUN: not %hotpath trim %t/nosamples.json --by cpu 2>&1 | %FileCheck %s --check-prefix=NOSAMPLES
 * NOSAMPLES: hotpath: {{.*}}nosamples.json has no CPU samples (a run with HOTPATH_CPU_SAMPLING)
 *
 * The lines in the config: tiny is gone from the rows, its CPU is below
 * loop in the tree, and the others are counted as before.
 * RUN: %python -c "import tomllib; t = tomllib.load(open('%t/trim.toml', 'rb')); base = open('%S/Inputs/trim.toml').read(); open('%t/trimmed.toml', 'w').write(base + 'exclude = %%s\n' %% t['functions']['exclude'])"
 * RUN: env HOTPATH_CONFIG=%t/trimmed.toml %clang -O2 -g -fno-omit-frame-pointer %s -o %t/trimmed %rt_shared
 * RUN: env HOTPATH_TIME_SAMPLING_RATE=0 HOTPATH_ALLOC=0 HOTPATH_CPU_SAMPLING=2000 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/trimmed.json %t/trimmed | %FileCheck %s --check-prefix=OUT
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t/trimmed.json 'heavy=50' 'loop=1' 'run=1'
 * RUN: %hotpath report %t/trimmed.json --format json > %t/tree.json
 * RUN: %python -c "import json; n = json.load(open('%t/tree.json'))['call_tree']['nodes']; s = [x for x in n if x['name'] == 'tiny' and x.get('kind') == 'sampled' and n[x['parent']]['name'] == 'loop']; assert s and sum(x['calls'] for x in s) >= 20, s; print('tiny sampled below loop')" | %FileCheck %s --check-prefix=TREE
 * TREE: tiny sampled below loop
 */
#include <stdio.h>

volatile unsigned long Sink;

unsigned long tiny(unsigned long X) { return X * 0x9E3779B97F4A7C15ul >> 7; }

void loop(long N) {
  unsigned long A = 1;
  for (long I = 0; I < N; ++I)
    A = tiny(A + (unsigned long)I);
  Sink = A;
}

void heavy(long N) {
  unsigned long S = 1;
  for (long I = 0; I < N; ++I) /* a serial dependency: no closed form */
    S = S * 31 + ((unsigned long)I ^ (S >> 7));
  Sink = S;
}

void run(void) {
  loop(100000000);
  for (int I = 0; I < 50; ++I)
    heavy(2000000);
}

int main(void) {
  run();
  printf("done\n");
  return 0;
}
