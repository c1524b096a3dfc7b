// A multi-threaded pipeline: a reader thread produces log lines, a pool of
// workers parses and scores them, and the main thread aggregates the
// results. The stages talk through bounded blocking queues (std::mutex and
// std::condition_variable), the classic shape of a server's work loop.
//
//   pipeline [lines] [workers]      (default 20000 and 3)
//
// The lines come from a fixed-seed generator and the aggregate does not
// depend on which worker handled which line, so every run prints the same
// output. hotpath.toml beside this file selects the functions to measure.
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <queue>
#include <string>
#include <thread>
#include <vector>

namespace pipeline {

/// A bounded multi-producer, multi-consumer queue. close() wakes everyone;
/// pop() then drains what is left and returns nullopt.
template <typename T> class BlockingQueue {
public:
  explicit BlockingQueue(std::size_t Capacity) : Capacity(Capacity) {}

  void push(T Item) {
    std::unique_lock<std::mutex> Lock(M);
    NotFull.wait(Lock, [&] { return Items.size() < Capacity; });
    Items.push(std::move(Item));
    NotEmpty.notify_one();
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> Lock(M);
    NotEmpty.wait(Lock, [&] { return !Items.empty() || Closed; });
    if (Items.empty())
      return std::nullopt;
    T Item = std::move(Items.front());
    Items.pop();
    NotFull.notify_one();
    return Item;
  }

  void close() {
    std::lock_guard<std::mutex> Lock(M);
    Closed = true;
    NotEmpty.notify_all();
  }

private:
  std::mutex M;
  std::condition_variable NotEmpty, NotFull;
  std::queue<T> Items;
  std::size_t Capacity;
  bool Closed = false;
};

struct Record {
  std::string Service;
  unsigned Status = 0;
  unsigned LatencyUs = 0;
};

struct Stats {
  unsigned Requests = 0;
  unsigned Errors = 0;
  std::uint64_t LatencyUs = 0;
  std::uint64_t Digest = 0; // order-independent checksum of the lines
};

/// "<service> <status> <latency>us <payload>" lines, deterministic.
std::string makeLine(std::uint64_t &Rng) {
  static const char *const Services[] = {"auth", "search", "cart", "billing",
                                         "images"};
  auto Next = [&Rng](unsigned Bound) {
    Rng = Rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<unsigned>((Rng >> 33) % Bound);
  };
  static const unsigned Statuses[] = {200, 200, 200, 200, 200,
                                      200, 201, 304, 404, 500};
  std::string Line = Services[Next(5)];
  Line += ' ';
  Line += std::to_string(Statuses[Next(10)]);
  Line += ' ';
  Line += std::to_string(50 + Next(2000) * (1 + Next(3)));
  Line += "us ";
  for (unsigned I = 0, N = 16 + Next(48); I < N; ++I)
    Line += static_cast<char>('a' + Next(26));
  return Line;
}

std::optional<Record> parseLine(const std::string &Line) {
  Record R;
  std::size_t A = Line.find(' ');
  std::size_t B = Line.find(' ', A + 1);
  if (A == std::string::npos || B == std::string::npos)
    return std::nullopt;
  R.Service = Line.substr(0, A);
  R.Status = std::strtoul(Line.c_str() + A + 1, nullptr, 10);
  R.LatencyUs = std::strtoul(Line.c_str() + B + 1, nullptr, 10);
  return R;
}

/// FNV-1a over the line: a stand-in for real per-record work.
std::uint64_t fingerprint(const std::string &Line) {
  std::uint64_t H = 1469598103934665603ULL;
  for (unsigned Round = 0; Round < 4; ++Round)
    for (unsigned char C : Line)
      H = (H ^ C) * 1099511628211ULL;
  return H;
}

struct Result {
  Record Rec;
  std::uint64_t Fingerprint;
};

void reader(unsigned Lines, BlockingQueue<std::string> &Out) {
  std::uint64_t Rng = 7;
  for (unsigned I = 0; I < Lines; ++I)
    Out.push(makeLine(Rng));
  Out.close();
}

void worker(BlockingQueue<std::string> &In, BlockingQueue<Result> &Out) {
  while (std::optional<std::string> Line = In.pop())
    if (std::optional<Record> R = parseLine(*Line))
      Out.push({std::move(*R), fingerprint(*Line)});
}

void aggregate(BlockingQueue<Result> &In, std::map<std::string, Stats> &By) {
  while (std::optional<Result> R = In.pop()) {
    Stats &S = By[R->Rec.Service];
    ++S.Requests;
    S.Errors += R->Rec.Status >= 500;
    S.LatencyUs += R->Rec.LatencyUs;
    S.Digest += R->Fingerprint; // a sum: any order gives the same digest
  }
}

} // namespace pipeline

int main(int argc, char **argv) {
  using namespace pipeline;
  unsigned Lines = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 20000;
  unsigned Workers = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 3;
  if (Workers == 0)
    Workers = 1;

  BlockingQueue<std::string> Raw(256);
  BlockingQueue<Result> Parsed(256);
  std::thread Reader(reader, Lines, std::ref(Raw));
  std::vector<std::thread> Pool;
  for (unsigned I = 0; I < Workers; ++I)
    Pool.emplace_back(worker, std::ref(Raw), std::ref(Parsed));
  // The last worker to finish closes the results queue.
  std::thread Closer([&] {
    Reader.join();
    for (std::thread &T : Pool)
      T.join();
    Parsed.close();
  });

  std::map<std::string, Stats> By;
  aggregate(Parsed, By);
  Closer.join();

  std::printf("%-8s %8s %7s %12s %18s\n", "service", "requests", "errors",
              "avg latency", "digest");
  for (const auto &[Name, S] : By)
    std::printf("%-8s %8u %7u %10lluus %18llx\n", Name.c_str(), S.Requests,
                S.Errors,
                static_cast<unsigned long long>(S.LatencyUs / S.Requests),
                static_cast<unsigned long long>(S.Digest));
  return 0;
}
