/* The program's signal handlers never run on hotpath's threads. A 20 us
 * ITIMER_REAL sends SIGALRM to the process while sessions begin and end
 * (each begin starts the drain thread, each end joins it); the program is
 * single-threaded, so its handler must always run on the main thread. A
 * thread created before it blocks signals can take one in that window.
 *
 * RUN: %plainclang -O2 -DPLAIN -I%include %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/api.toml %clang -O2 -I%include %s -o %t %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 180 --status 0 --env HOTPATH_OUTPUT_FORMAT=none --env HOTPATH_DRAIN_INTERVAL=1 %t.plain %t
 */
#include <hotpath/hotpath.h>

#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#ifdef PLAIN /* the plain build has no runtime */
void hotpath_session_begin(void) {}
void hotpath_session_end(void) {}
#endif

static volatile sig_atomic_t Elsewhere, Handled;
static volatile unsigned long Sink;

static void onAlarm(int Sig) {
  (void)Sig;
  ++Handled;
  if (syscall(SYS_gettid) != getpid())
    ++Elsewhere;
}

void app_leaf(unsigned long X) { Sink = Sink + X; }

int main(void) {
  struct sigaction Act = {0};
  Act.sa_handler = onAlarm;
  Act.sa_flags = SA_RESTART;
  sigaction(SIGALRM, &Act, NULL);
  struct itimerval It = {{0, 20}, {0, 20}};
  setitimer(ITIMER_REAL, &It, NULL);
  for (int I = 0; I < 300; ++I) {
    hotpath_session_begin();
    /* A few signals per session, each a chance to land on a new thread. */
    for (sig_atomic_t H = Handled; Handled - H < 3;)
      app_leaf((unsigned long)I);
    hotpath_session_end();
  }
  struct itimerval Off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &Off, NULL);
  /* The plain build prints 0: every handler ran on the main thread. */
  printf("handlers on another thread: %d\n", (int)Elsewhere);
  return Handled > 0 ? 0 : 1;
}
