// A live snapshot (HOTPATH_SNAPSHOT_INTERVAL) shows the locks of threads
// still running: a worker takes a mutex until told to stop; after 300 ms
// of snapshots every 50 ms, main keeps a copy of the latest one (argv[1])
// while the worker still runs. That copy has the worker's mutex, taken
// thousands of times, and the measured function's wait column.
//
// UNSUPPORTED: sanitizer
// RUN: rm -f %t.snap.json %t.copy.json
// RUN: env HOTPATH_CONFIG=%S/Inputs/hold.toml %clang -O2 -g %s -o %t -pthread %rt_shared
// RUN: env HOTPATH_SNAPSHOT_INTERVAL=50 HOTPATH_SNAPSHOT_PATH=%t.snap.json HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json timeout 60 %t %t.snap.json %t.copy.json
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1])); l=[x for x in r['locks']['data'] if x['first_function'] == 'app_worker']; assert l and l[0]['acquisitions'] > 1000, r.get('locks')" %t.copy.json
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

pthread_mutex_t Busy = PTHREAD_MUTEX_INITIALIZER;
static volatile int Stop;
static volatile unsigned long Sink;

void *app_worker(void *Arg) {
  (void)Arg;
  while (!Stop) {
    pthread_mutex_lock(&Busy);
    Sink = Sink + 1;
    pthread_mutex_unlock(&Busy);
  }
  return NULL;
}

// Copies From to To if From mentions the worker: 0, else 1.
static int copyIfWorker(const char *From, const char *To) {
  static char Buf[1 << 20];
  FILE *In = fopen(From, "rb");
  if (!In)
    return 1;
  size_t N = fread(Buf, 1, sizeof Buf - 1, In);
  fclose(In);
  Buf[N] = 0;
  if (!strstr(Buf, "\"app_worker\""))
    return 1;
  FILE *Out = fopen(To, "wb");
  fwrite(Buf, 1, N, Out);
  fclose(Out);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  pthread_t T;
  pthread_create(&T, NULL, app_worker, NULL);
  usleep(300000);
  int Missing = 1;
  for (int I = 0; I < 200 && Missing; ++I) { // the worker still runs
    Missing = copyIfWorker(argv[1], argv[2]);
    if (Missing)
      usleep(100000);
  }
  Stop = 1;
  pthread_join(T, NULL);
  puts(Missing ? "no snapshot" : "copied");
  return Missing;
}
