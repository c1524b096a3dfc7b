// The threads table's CPU columns and the process's peak RSS: a thread that
// computes (its CPU time, as it measures it itself, within 10%), a thread
// that sleeps 200 times (at least 200 voluntary context switches, little
// CPU), main still running when the report is written (read from /proc),
// and 64 MiB touched (peak RSS at least that).
//
// RUN: %plainclang -O2 %s -o %t.plain -pthread && %t.plain 2> /dev/null > %t.expected
// RUN: env HOTPATH_CONFIG=%S/Inputs/usage.toml %clang -O2 %s -o %t -pthread %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t > %t.out 2> %t.own
// RUN: diff %t.expected %t.out
// RUN: %python %S/Inputs/check_usage.py %t.json %t.own
// RUN: %hotpath report %t.json | %FileCheck %s
// CHECK: threads - {{.*}} Peak RSS {{[0-9.]+}} MB.
// CHECK: | Thread {{ *}}| TID {{ *}}| Events {{ *}}| CPU {{ *}}| CPU % {{ *}}| Switches (vol/invol) |
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long Sink;
static char *volatile Keep; // clang would drop a buffer nothing reads

static unsigned long long threadCpuNs(void) {
  struct timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return (unsigned long long)T.tv_sec * 1000000000ull + T.tv_nsec;
}

__attribute__((noinline)) void app_spin(long N) {
  for (long I = 0; I < N; ++I)
    Sink = Sink + I;
}

void *app_busy(void *Arg) {
  (void)Arg;
  pthread_setname_np(pthread_self(), "busy");
  for (int I = 0; I < 200; ++I)
    app_spin(500000);
  fprintf(stderr, "busy %llu\n", threadCpuNs());
  return NULL;
}

__attribute__((noinline)) void app_nap(void) { usleep(1000); }

void *app_sleepy(void *Arg) {
  (void)Arg;
  pthread_setname_np(pthread_self(), "sleepy");
  for (int I = 0; I < 200; ++I)
    app_nap();
  fprintf(stderr, "sleepy %llu\n", threadCpuNs());
  return NULL;
}

int main(void) {
  size_t Size = 64u << 20;
  char *Buf = malloc(Size);
  Keep = Buf;
  memset(Keep, 1, Size);
  pthread_t B, S;
  pthread_create(&B, NULL, app_busy, NULL);
  pthread_create(&S, NULL, app_sleepy, NULL);
  pthread_join(B, NULL);
  pthread_join(S, NULL);
  app_spin(1000);
  printf("done %d\n", Keep[Size - 1]);
  free(Buf);
  return 0;
}
