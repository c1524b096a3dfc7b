// Storm: every core in a tight measured loop for SECONDS while the drain
// runs at its interval. Prints the calls made (bench.py checks that the
// report counts them all) and the process's RSS before the storm and at
// its peak (VmHWM), to compare with the bound of docs/runtime.md.
//
//   storm [SECONDS] [THREADS]     (default 10 s, one thread per core)
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int bench_tiny(int X);
void hotpath_session_begin(void) __attribute__((weak));

static volatile int Stop;

static void *spin(void *Out) {
  uint64_t N = 0;
  int Acc = 1;
  while (!Stop) {
    for (int I = 0; I < 1024; ++I)
      Acc = bench_tiny(Acc);
    N += 1024;
  }
  *(uint64_t *)Out = N + (Acc == 42); // Acc kept alive; never 42 by parity
  return 0;
}

// A "VmRSS:" / "VmHWM:" line of /proc/self/status, in KiB.
static long statusKiB(const char *Key) {
  FILE *F = fopen("/proc/self/status", "r");
  char Line[256];
  long V = -1;
  while (F && fgets(Line, sizeof Line, F))
    if (!strncmp(Line, Key, strlen(Key)))
      V = atol(Line + strlen(Key));
  if (F)
    fclose(F);
  return V;
}

int main(int Argc, char **Argv) {
  double Secs = Argc > 1 ? atof(Argv[1]) : 10;
  int Threads = Argc > 2 ? atoi(Argv[2]) : (int)sysconf(_SC_NPROCESSORS_ONLN);
  if (hotpath_session_begin)
    hotpath_session_begin();
  long Before = statusKiB("VmRSS:");
  pthread_t *T = calloc(Threads, sizeof *T);
  uint64_t *Calls = calloc(Threads, sizeof *Calls);
  for (int I = 0; I < Threads; ++I)
    pthread_create(&T[I], 0, spin, &Calls[I]);
  usleep((useconds_t)(Secs * 1e6));
  Stop = 1;
  uint64_t Total = 0;
  for (int I = 0; I < Threads; ++I) {
    pthread_join(T[I], 0);
    Total += Calls[I];
  }
  printf("threads %d\ncalls %llu\nrss_before_kib %ld\nrss_peak_kib %ld\n",
         Threads, (unsigned long long)Total, Before, statusKiB("VmHWM:"));
  return 0;
}
