/* CPU samples of a library that was dlclose'd are its own, not those of
 * the library mapped later at the same address: libone's loop (about 300
 * ms of CPU) was charged to libtwo's function. The runtime notices the
 * unload (dlpi_subs) at its next sweep, and the samples taken in the
 * unloaded object's code keep pointing at it (moved, with it, to addresses
 * no object can have).
 *
 * REQUIRES: perf-events
 * UNSUPPORTED: sanitizer
 * RUN: rm -rf %t && mkdir -p %t
 * RUN: %plainclang -O1 -g -fno-omit-frame-pointer -fPIC -shared -DLIB_ONE %s -o %t/libone.so
 * RUN: %plainclang -O1 -g -fno-omit-frame-pointer -fPIC -shared -DLIB_TWO %s -o %t/libtwo.so
 * RUN: env HOTPATH_CONFIG=%S/Inputs/dlclose.toml %clang -O1 -g -fno-omit-frame-pointer %s -o %t/main -ldl %rt_shared
 * RUN: env HOTPATH_CPU_SAMPLING=1000 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/r.json %t/main %t > %t/out
 * RUN: %hotpath report %t/r.json --tree > %t/tree.txt
 * RUN: %python %S/Inputs/dlclose_check.py %t/tree.txt %t/out | %FileCheck %s
 * CHECK: one_spin under app_run_one: yes
 * CHECK-NEXT: two_spin under app_run_one: no
 * CHECK-NEXT: two_spin under app_run_two: yes
 */
#ifdef LIB_ONE
__attribute__((noinline)) unsigned long one_spin(unsigned long N) {
  volatile unsigned long S = 0;
  for (unsigned long I = 0; I < N; ++I)
    S += I;
  return S;
}
#elif defined(LIB_TWO)
__attribute__((noinline)) unsigned long two_spin(unsigned long N) {
  volatile unsigned long S = 1;
  for (unsigned long I = 0; I < N; ++I)
    S += I;
  return S;
}
#else
#include <dlfcn.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

typedef unsigned long (*Spin)(unsigned long);

static double cpuMs(void) {
  struct timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return T.tv_sec * 1e3 + T.tv_nsec / 1e6;
}

/* About 300 ms of CPU in the library's loop. */
static void spinFor(Spin F) {
  double Start = cpuMs();
  while (cpuMs() - Start < 300)
    F(100000);
}

__attribute__((noinline)) void app_run_one(Spin F) { spinFor(F); }
__attribute__((noinline)) void app_run_two(Spin F) { spinFor(F); }

int main(int argc, char **argv) {
  char Path[4096];
  snprintf(Path, sizeof Path, "%s/libone.so", argc > 1 ? argv[1] : ".");
  void *One = dlopen(Path, RTLD_NOW);
  Spin A = (Spin)dlsym(One, "one_spin");
  app_run_one(A);
  dlclose(One);
  usleep(50000); /* a sweep of the drain's (10 ms) notices the unload */
  snprintf(Path, sizeof Path, "%s/libtwo.so", argc > 1 ? argv[1] : ".");
  void *Two = dlopen(Path, RTLD_NOW);
  Spin B = (Spin)dlsym(Two, "two_spin");
  app_run_two(B);
  printf("same address: %s\n", (void *)A == (void *)B ? "yes" : "no");
  (void)Two; /* still loaded at the end, where libone was */
  return 0;
}
#endif
