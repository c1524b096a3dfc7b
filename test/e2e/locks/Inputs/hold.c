// Four threads take one global mutex 2000 times each and work inside it
// for argv[1] iterations: the longer the hold, the longer the others wait.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

pthread_mutex_t Counter = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned long Sink;
static long Work = 50;

void app_step(void) {
  pthread_mutex_lock(&Counter);
  for (long I = 0; I < Work; ++I)
    Sink = Sink + I;
  pthread_mutex_unlock(&Counter);
}

void *app_worker(void *Arg) {
  (void)Arg;
  for (int I = 0; I < 2000; ++I)
    app_step();
  return NULL;
}

int main(int argc, char **argv) {
  if (argc > 1)
    Work = atol(argv[1]);
  pthread_t T[4];
  for (int I = 0; I < 4; ++I)
    pthread_create(&T[I], NULL, app_worker, NULL);
  for (int I = 0; I < 4; ++I)
    pthread_join(T[I], NULL);
  puts("done");
  return 0;
}
