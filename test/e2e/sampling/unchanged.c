/* Sampling changes nothing the program can see: no signal (a thread
 * sleeping in poll and nanosleep the whole run sees no EINTR; the signal
 * dispositions and masks in /proc/self/status are as without sampling)
 * and no descriptor (the kernel's events live in the drain thread's own
 * descriptor table). The program prints what it sees; runs with and
 * without HOTPATH_CPU_SAMPLING print the same, and the sampled run has
 * its samples, of both threads.
 *
 * REQUIRES: perf-events
 * RUN: env HOTPATH_CONFIG=%S/Inputs/unchanged.toml %clang -O2 -g -fno-omit-frame-pointer -pthread %s -o %t %rt_shared
 * RUN: env HOTPATH_OUTPUT_FORMAT=none %t > %t.plain
 * RUN: env HOTPATH_CPU_SAMPLING=1000 HOTPATH_OUTPUT_PATH=%t.json %t > %t.sampled
 * RUN: diff %t.plain %t.sampled
 * RUN: %FileCheck %s < %t.sampled
 * RUN: %python -c "import json,sys; c=json.load(open(sys.argv[1]))['cpu_samples']; assert c['samples'] >= 100 and c['threads'] == 2, c" %t.json
 *
 * CHECK: poll 0 errno 0
 * CHECK: nanosleep 0 errno 0
 * CHECK: SigBlk:
 * CHECK: SigCgt:
 * CHECK: fds: 0 1 2
 */
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile unsigned long Sink;
static volatile int Done;

/* Until the sleeper is done (600 ms), not a number of iterations: a fast
 * machine ran 300 million in under 100 ms of samples. */
void burn(void) {
  for (unsigned long I = 0; !Done; ++I)
    Sink += I;
}

static void *sleeper(void *Arg) {
  (void)Arg;
  errno = 0;
  int P = poll(0, 0, 300);
  printf("poll %d errno %d\n", P, errno);
  struct timespec T = {0, 300000000};
  errno = 0;
  int N = nanosleep(&T, 0);
  printf("nanosleep %d errno %d\n", N, errno);
  Done = 1;
  return 0;
}

static void status_lines(void) {
  FILE *F = fopen("/proc/self/status", "r");
  char Line[256];
  while (F && fgets(Line, sizeof Line, F))
    if (!strncmp(Line, "SigBlk:", 7) || !strncmp(Line, "SigIgn:", 7) ||
        !strncmp(Line, "SigCgt:", 7))
      fputs(Line, stdout);
  if (F)
    fclose(F);
}

static void fd_list(void) {
  DIR *D = opendir("/proc/self/fd");
  int Own = D ? dirfd(D) : -1;
  int Fds[64], N = 0;
  struct dirent *E;
  while (D && (E = readdir(D)))
    if (E->d_name[0] != '.' && atoi(E->d_name) != Own && N < 64)
      Fds[N++] = atoi(E->d_name);
  if (D)
    closedir(D);
  for (int I = 0; I < N; ++I) // sorted for the comparison
    for (int J = I + 1; J < N; ++J)
      if (Fds[J] < Fds[I]) {
        int X = Fds[I];
        Fds[I] = Fds[J];
        Fds[J] = X;
      }
  printf("fds: ");
  for (int I = 0; I < N; ++I)
    printf("%d ", Fds[I]);
  printf("\n");
}

int main(void) {
  pthread_t T;
  pthread_create(&T, 0, sleeper, 0);
  burn();
  pthread_join(T, 0);
  status_lines();
  fd_list();
  return 0;
}
