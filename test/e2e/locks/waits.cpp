// Waiting, not working: a consumer that waits on a condition variable for
// a producer; readers and writers of a std::shared_mutex; a lock taken by
// an unmeasured helper, whose wait is its measured caller's. Counts exact:
// 2000 items through the condition's mutex, 4 x 1000 reads, 2 x 500
// writes; the consumer's wait dominates its time.
//
// The sanitizer build's runtime intercepts the pthread lock functions too
// (its own, in the program): which one a lock call reaches depends on the
// link, as with malloc (docs/locks.md).
// UNSUPPORTED: sanitizer
//
// RUN: %plainclangxx -O2 %s -o %t.plain -pthread && %t.plain > %t.expected
// RUN: env HOTPATH_CONFIG=%S/Inputs/locks.toml %clangxx -O2 -g %s -o %t -pthread %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json timeout 60 %t > %t.out
// RUN: diff %t.expected %t.out
// RUN: %python %S/Inputs/check_locks.py %t.json %t.out %hotpath "lock|app::Table|rwlock-read|acquisitions=4000" "lock|app::Table|rwlock-write|acquisitions=1000" "lock|app::Ready|condition|contended>0" "fnwait>0|app::consume(int)" "fnwait>0|app::viaHelper(int)" "waiter|app::Ready|app::consume(int)" "waiter|app::Guarded|app::viaHelper(int)"
// RUN: %python -c "import json,sys; r={x['name']: x for x in json.load(open(sys.argv[1]))['functions_timing']['data']}; c=r['app::consume(int)']; assert c['wait'] > 0.5 * c['total'], c" %t.json
// RUN: %hotpath report %t.json | %FileCheck %s
//
// Fully static (-static): libc.a's condition variable, rwlock and mutex.
// RUN: env HOTPATH_CONFIG=%S/Inputs/locks.toml %clangxx -static -O2 -g %s -o %t.full -pthread %rt_static
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.full.json timeout 60 %t.full > %t.full.out
// RUN: diff %t.expected %t.full.out
// RUN: %python %S/Inputs/check_locks.py %t.full.json %t.full.out %hotpath "lock|app::Table|rwlock-read|acquisitions=4000" "lock|app::Table|rwlock-write|acquisitions=1000" "lock|app::Ready|condition|contended>0" "waiter|app::Ready|app::consume(int)"
//
// CHECK: locks - Locks (HOTPATH_LOCKS)
// CHECK-DAG: | app::Ready {{ *}}| condition |
// CHECK-DAG: | app::Table {{ *}}| rwlock-read | 4,000 |
// CHECK-DAG: | A->M (app::deposit, waits.cpp:{{[0-9]+}}) | mutex {{ *}}| 1,000 |
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <shared_mutex>
#include <thread>
#include <vector>

namespace app {
std::mutex Mu;
std::condition_variable Ready;
std::deque<int> Queue;
std::shared_mutex Table;
std::mutex Guarded;
int Values[64];
static volatile unsigned long Sink;

__attribute__((noinline)) void work(int N) {
  for (int I = 0; I < N; ++I)
    Sink = Sink + I;
}

std::atomic<int> Consumed{0};

// One item at a time: the consumer, done with the last, waits for this
// one while it is made, however the threads are scheduled.
void produce(int N) {
  for (int I = 0; I < N; ++I) {
    while (Consumed.load() < I)
      std::this_thread::yield();
    work(3000); // the consumer waits for this
    {
      std::lock_guard<std::mutex> G(Mu);
      Queue.push_back(I);
    }
    Ready.notify_one();
  }
}

long consume(int N) {
  long Sum = 0;
  for (int I = 0; I < N; ++I) {
    std::unique_lock<std::mutex> G(Mu);
    Ready.wait(G, [] { return !Queue.empty(); });
    Sum += Queue.front();
    Queue.pop_front();
    Consumed.fetch_add(1);
  }
  return Sum;
}

void read(int N) {
  for (int I = 0; I < N; ++I) {
    std::shared_lock<std::shared_mutex> G(Table);
    Sink = Sink + Values[I % 64];
    work(200);
  }
}

void write(int N) {
  for (int I = 0; I < N; ++I) {
    std::unique_lock<std::shared_mutex> G(Table);
    Values[I % 64] = I;
    work(400);
  }
}
} // namespace app

namespace app {
// A lock on the heap: named by the expression that locks it.
struct Account {
  std::mutex M;
  long Balance = 0;
};
long deposit(Account *A, int N) {
  for (int I = 0; I < N; ++I) {
    std::lock_guard<std::mutex> G(A->M);
    A->Balance += I;
  }
  return A->Balance;
}
} // namespace app

// Not measured: its waits go to the measured function that called it.
// Every 200th hold sleeps 200 us: the other helpers' threads wait for it
// however a loaded machine schedules them.
__attribute__((noinline)) void locked_helper(int I) {
  std::lock_guard<std::mutex> G(app::Guarded);
  app::work(2000);
  if (I % 200 == 0)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
}

namespace app {
void viaHelper(int N) {
  for (int I = 0; I < N; ++I)
    locked_helper(I);
}
} // namespace app

int main() {
  long Sum = 0;
  std::thread C([&] { Sum = app::consume(2000); });
  std::thread P(app::produce, 2000);
  P.join();
  C.join();
  std::vector<std::thread> T;
  for (int I = 0; I < 4; ++I)
    T.emplace_back(app::read, 1000);
  for (int I = 0; I < 2; ++I)
    T.emplace_back(app::write, 500);
  for (int I = 0; I < 3; ++I)
    T.emplace_back(app::viaHelper, 2000);
  for (auto &X : T)
    X.join();
  auto *Acc = new app::Account;
  printf("sum %ld balance %ld\n", Sum, app::deposit(Acc, 1000));
  delete Acc;
  return 0;
}
