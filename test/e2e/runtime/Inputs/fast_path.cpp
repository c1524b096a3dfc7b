// The program of fast-path.test: measured functions called a known number
// of times from a tight loop, recursion, three threads, an exception and a
// longjmp through measured frames, signal handlers (raise and SIGALRM), and
// a thread's late pthread-key destructor. Its stdout does not depend on
// instrumentation. Built with -DHOTPATH_BUILD, it also checks the fast
// path's state against HP_EXPECT (count: armed, count-only; default: armed;
// off: never armed) and writes the counts that vary from run to run to
// argv[1], for check_counts.py. It reads the fast path's state through
// fast_path_probe.cpp, so that this unit does not name it and its gates
// take the executable's form (abi.h) unless it is compiled with -fPIC.
#include <atomic>
#include <csetjmp>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <pthread.h>
#include <stdexcept>
#include <sys/time.h>
#include <thread>
#include <vector>

#ifdef HOTPATH_BUILD
// fast_path_probe.cpp.
bool armed();
unsigned threadEpoch();
int64_t countdownMoves();
#endif

static volatile unsigned long Sink;
static volatile sig_atomic_t Alarmed = 0;
static unsigned long SpinCalls = 0;
static std::jmp_buf Jmp;
static pthread_key_t LateKey;
static int Failures = 0;

namespace app {
__attribute__((noinline)) unsigned long leaf(unsigned long X) {
  return X * 2654435761u % 1000;
}
unsigned long fib(int N) { return N < 2 ? N : fib(N - 1) + fib(N - 2); }
unsigned long thread_leaf(unsigned long X) { return X ^ (X >> 3); }
int thrower(int Depth) {
  if (Depth == 0)
    throw std::runtime_error("deep");
  return thrower(Depth - 1) + 1;
}
int jumper(int Depth) {
  if (Depth == 0)
    std::longjmp(Jmp, 1);
  return jumper(Depth - 1) + 1;
}
void in_handler() { Sink = Sink + 1; }
void raiser() { raise(SIGUSR1); }
// Polled by a loop until SIGALRM arrives: the signal may interrupt any of
// its calls, inside the gate or the hooks.
bool spin() { return Alarmed; }
void late() { Sink = Sink + 1; }
} // namespace app

#ifdef HOTPATH_BUILD
static const char *Expect = "";
static void check(bool Ok, const char *What) {
  if (!Ok) {
    std::fprintf(stderr, "fast_path: %s (HP_EXPECT=%s)\n", What, Expect);
    ++Failures;
  }
}
// The state a thread is in after one hooked call.
static void checkArmed(const char *Where) {
  bool Fast = !std::strcmp(Expect, "count") || !std::strcmp(Expect, "default");
  if (armed() != Fast)
    check(false, Where);
}
#endif

static void onSignal(int Sig) {
  for (int I = 0; I < 3; ++I)
    app::in_handler();
  if (Sig == SIGALRM)
    Alarmed = 1;
}

static void lateDestructor(void *) {
  for (int I = 0; I < 5; ++I)
    app::late();
}

static void threadMain(unsigned Id, unsigned long *Out) {
#ifdef HOTPATH_BUILD
  // A new thread is not armed before its first hooked call.
  check(threadEpoch() == ~0u, "new thread starts armed");
#endif
  unsigned long Sum = 0;
  for (unsigned I = 0; I < 1000; ++I) {
    Sum += app::thread_leaf(I + Id);
#ifdef HOTPATH_BUILD
    if (I == 0)
      checkArmed("thread after its first call");
#endif
  }
  // Runs after the runtime's own thread-exit destructor (a later key).
  pthread_setspecific(LateKey, Out);
  *Out = Sum;
}

int main(int argc, char **argv) {
  const unsigned long N = 100000;
  unsigned long Sum = app::leaf(1);
  // After the runtime's key (created at the first measured call).
  pthread_key_create(&LateKey, lateDestructor);
#ifdef HOTPATH_BUILD
  if (const char *E = std::getenv("HP_EXPECT"))
    Expect = E;
  checkArmed("main after its first call");
  int64_t Before = countdownMoves();
#endif
  for (unsigned long I = 0; I < N; ++I)
    Sum += app::leaf(I);
#ifdef HOTPATH_BUILD
  // Count-only: the gate took every call of the loop.
  if (!std::strcmp(Expect, "count"))
    check(countdownMoves() - Before >= (int64_t)N,
          "the loop's calls did not take the fast path");
  else if (!std::strcmp(Expect, "off"))
    check(countdownMoves() == Before, "countdown moved");
#endif
  std::printf("leaf sum %lu\n", Sum);

  std::printf("fib(15) = %lu\n", app::fib(15)); // 1973 calls

  std::vector<unsigned long> Sums(3);
  std::vector<std::thread> Threads;
  for (unsigned T = 0; T < 3; ++T)
    Threads.emplace_back(threadMain, T, &Sums[T]);
  for (std::thread &T : Threads)
    T.join();
  for (unsigned long S : Sums)
    std::printf("thread sum %lu\n", S);

  int Caught = 0;
  for (int I = 0; I < 10; ++I) {
    try {
      app::thrower(5); // 6 measured frames
    } catch (const std::runtime_error &) {
      ++Caught;
    }
  }
  std::printf("caught %d\n", Caught);

  int Jumped = 0;
  for (int I = 0; I < 10; ++I)
    if (setjmp(Jmp) == 0)
      app::jumper(5); // 6 measured frames abandoned
    else
      ++Jumped;
  std::printf("jumped %d\n", Jumped);

  std::signal(SIGUSR1, onSignal);
  std::signal(SIGALRM, onSignal);
  for (int I = 0; I < 10; ++I)
    app::raiser();
  itimerval T{};
  T.it_value.tv_usec = 2000;
  setitimer(ITIMER_REAL, &T, nullptr);
  do
    ++SpinCalls;
  while (!app::spin());
  std::printf("signals done\n");

  if (argc > 1) {
    if (FILE *F = std::fopen(argv[1], "w")) {
      std::fprintf(F, "app::spin=%lu\n", SpinCalls);
      std::fclose(F);
    }
  }
  return Failures ? 1 : 0;
}
