/* main ending in pthread_exit: the process ends when its last thread ends,
 * with exit status 0 and the report written (glibc runs exit(0) then). The
 * runtime's own threads (the drain, the signal reporter) must not keep the
 * process alive.
 *   worker: a worker runs measured code after main has gone;
 *   detached: the same with a detached worker;
 *   alone: main is the last thread.
 *
 * RUN: rm -f %t*.json
 * RUN: %plainclang -O2 -pthread %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 -pthread %s -o %t %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.worker.json %t.plain %t worker
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.worker.json app_leaf=1001 app_worker=1
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.detached.json %t.plain %t detached
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.detached.json app_leaf=1001 app_worker=1
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.alone.json %t.plain %t alone
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.alone.json app_leaf=1
 * The table on stderr, as a user sees it.
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 %t.plain %t worker
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile unsigned long Sink;

void app_leaf(unsigned long X) { Sink = Sink + X * 31; }

void *app_worker(void *Arg) {
  (void)Arg;
  usleep(100000); /* main has called pthread_exit by now */
  for (unsigned long I = 0; I < 1000; ++I)
    app_leaf(I);
  printf("worker done\n");
  return NULL;
}

int main(int argc, char **argv) {
  const char *Mode = argc > 1 ? argv[1] : "worker";
  pthread_t T;
  if (strcmp(Mode, "alone") != 0) {
    pthread_create(&T, NULL, app_worker, NULL);
    if (strcmp(Mode, "detached") == 0)
      pthread_detach(T);
  }
  app_leaf(0);
  printf("main exiting\n");
  fflush(stdout);
  pthread_exit(NULL);
}
