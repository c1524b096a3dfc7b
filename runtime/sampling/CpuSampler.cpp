//===- CpuSampler.cpp - CPU samples of every measured thread --------------===//
#include "sampling/CpuSampler.h"
#include "base/InternalThread.h"
#include "hotpath/support/MutexGuard.h"
#include "sampling/LoadedObjects.h"
#include "sampling/PerfRing.h"
#include "sampling/StackWords.h"
#include "sampling/UnloadedObjects.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <string>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace hotpath::rt {

namespace {

struct Ring {
  uint64_t Tid;
  PerfRing R;
};

struct Counts {
  uint64_t Count = 0, PeriodNs = 0;
};

// Everything below is the drain thread's, but the counts, which the
// session's end and snapshots read from other threads: under Mu.
pthread_mutex_t Mu = PTHREAD_MUTEX_INITIALIZER;
unsigned Hz = 0;
bool Refused = false; // the kernel refused an event: no more tries
bool Kernel = true;   // kernel time sampled; false once refused
std::string Warning;
std::vector<Ring> *Rings;        // by Tid, ascending
std::vector<uint64_t> *Unmapped; // threads whose ring found no locked memory
std::vector<uint64_t> *Ours;     // the runtime's threads seen, ascending
uint64_t UnmappedEver = 0;       // how many such threads this session
CodeMap *Code;                   // for keepStackWords
std::unordered_map<std::string, Counts> *Stacks; // by chainKey()
// One sample's kept words, reused: nothing allocated per sample (a fork
// while the drain holds a sample's would leave it to no one in the child).
SampledStackWords *Words;
std::string *Key;
uint64_t Samples = 0, Lost = 0, Threads = 0, Truncated = 0;
// Unloads (UnloadedObjects.h): the objects as of the last sweep that saw a
// change, glibc's counts then, and the objects that went, moved.
std::vector<LoadedObject> *SeenObjects, *Unloaded;
ObjectChanges Seen;
bool SeenValid = false;

void ensureTables() {
  if (!Rings) {
    Rings = new std::vector<Ring>();
    Unmapped = new std::vector<uint64_t>();
    Ours = new std::vector<uint64_t>();
    Code = new CodeMap();
    Words = new SampledStackWords();
    Key = new std::string();
    Stacks = new std::unordered_map<std::string, Counts>();
    SeenObjects = new std::vector<LoadedObject>();
    Unloaded = new std::vector<LoadedObject>();
  }
}

bool Counting = true; // false while the session is paused
// The drain's first sweep makes the tables; its first two (the one when
// it starts and the one a poll later) read where the code is, so that
// libraries a program loads as it starts are in the map as before.
unsigned CodeLooks = 0;

// A chain and its stack words as one string: the depth, the addresses,
// then the words (decoded by cpuSamples()).
template <typename T> void put(std::string &K, const T &V) {
  K.append(reinterpret_cast<const char *>(&V), sizeof V);
}
template <typename T> T get(const std::string &K, size_t &At) {
  T V;
  std::memcpy(&V, K.data() + At, sizeof V);
  At += sizeof V;
  return V;
}

void chainKey(const uint64_t *Chain, uint32_t Depth, const SampledStackWords &W,
              std::string &K) {
  K.clear();
  put(K, Depth);
  K.append(reinterpret_cast<const char *>(Chain), Depth * sizeof(uint64_t));
  put(K, uint32_t(W.HasBp ? W.BpOffset : UINT32_MAX));
  put(K, uint32_t(W.Code.size()));
  for (const auto &P : W.Code) { // field by field: no padding bytes
    put(K, P.first);
    put(K, P.second);
  }
  put(K, uint32_t(W.Frame.size()));
  for (const auto &P : W.Frame) {
    put(K, P.first);
    put(K, P.second);
  }
}

SampledStack fromKey(const std::string &K) {
  SampledStack S;
  size_t At = 0;
  S.Frames.resize(get<uint32_t>(K, At));
  for (uint64_t &F : S.Frames)
    F = get<uint64_t>(K, At);
  uint32_t Bp = get<uint32_t>(K, At);
  S.Words.HasBp = Bp != UINT32_MAX;
  S.Words.BpOffset = S.Words.HasBp ? Bp : 0;
  S.Words.Code.resize(get<uint32_t>(K, At));
  for (auto &P : S.Words.Code) {
    P.first = get<uint32_t>(K, At);
    P.second = get<uint64_t>(K, At);
  }
  S.Words.Frame.resize(get<uint32_t>(K, At));
  for (auto &P : S.Words.Frame) {
    P.first = get<uint32_t>(K, At);
    P.second = get<uint32_t>(K, At);
  }
  return S;
}

void onSample(const PerfSample &S, void *) {
  if (!Counting)
    return;
  uint32_t Depth = S.Depth < 135 ? S.Depth : 135;
  keepStackWords(*Code, S.Chain, Depth, S.Sp, S.Bp, S.Stack, S.StackSize,
                 *Words);
  chainKey(S.Chain, Depth, *Words, *Key);
  Counts &C = (*Stacks)[*Key];
  ++C.Count;
  C.PeriodNs += S.PeriodNs;
  ++Samples;
  Truncated += S.AtDepthLimit;
}

// Reads R's ring into the counts (under Mu).
void readRing(PerfRing &R) { Lost += readPerfRing(R, onSample, nullptr); }

// After the rings are read: an object unloaded since the last look takes
// the samples in its code with it, out of the way of the next object
// mapped at its address (UnloadedObjects.h).
void noticeUnloads() {
  ObjectChanges Now = objectChanges();
  if (SeenValid && Now == Seen)
    return;
  std::vector<LoadedObject> Objects = loadedObjects();
  if (SeenValid && Now.Subs != Seen.Subs)
    for (const LoadedObject &O : objectsGone(*SeenObjects, Objects)) {
      uint64_t Delta = unloadedDelta(uint32_t(Unloaded->size()));
      std::vector<std::pair<SampledStack, Counts>> Moved;
      for (auto It = Stacks->begin(); It != Stacks->end();) {
        SampledStack S = fromKey(It->first);
        if (!moveIntoUnloaded(S.Frames, S.Words, O, Delta)) {
          ++It;
          continue;
        }
        Moved.push_back({std::move(S), It->second});
        It = Stacks->erase(It);
      }
      for (auto &[S, C] : Moved) {
        chainKey(S.Frames.data(), uint32_t(S.Frames.size()), S.Words, *Key);
        Counts &Into = (*Stacks)[*Key];
        Into.Count += C.Count;
        Into.PeriodNs += C.PeriodNs;
      }
      Unloaded->push_back(movedObject(O, Delta));
    }
  *SeenObjects = std::move(Objects);
  Seen = Now;
  SeenValid = true;
}

std::string refusal(int Err) {
  return "HOTPATH_CPU_SAMPLING: the kernel refused a perf event (" +
         std::string(strerror(Err)) +
         (Err == EACCES || Err == EPERM
              ? "; /proc/sys/kernel/perf_event_paranoid above 2, a "
                "container or seccomp"
              : "") +
         "): no CPU samples (docs/sampling.md)";
}

std::string unmappedWarning(uint64_t N) {
  return "HOTPATH_CPU_SAMPLING: " + std::to_string(N) +
         (N == 1 ? " thread" : " threads") +
         " not sampled: no locked memory left for their rings (ulimit -l, "
         "/proc/sys/kernel/perf_event_mlock_kb; docs/sampling.md)";
}

bool knownThread(uint64_t Tid, const std::vector<Ring> &Known) {
  return std::any_of(Known.begin(), Known.end(),
                     [&](const Ring &R) { return R.Tid == Tid; }) ||
         std::find(Unmapped->begin(), Unmapped->end(), Tid) != Unmapped->end();
}

// The program's threads now, ascending; the runtime's own (named
// hotpath-*, and the calling drain thread) left out: their tids are kept
// in Ours, so that a sweep reads no thread's name but a new one's (an
// open, read and close a thread and sweep, 100 times a second).
// Read on the drain thread, whose descriptor table is its own.
std::vector<uint64_t> programThreads(const std::vector<Ring> &Known) {
  std::vector<uint64_t> Out, OursNow;
  DIR *D = opendir("/proc/self/task");
  if (!D)
    return Out;
  uint64_t Self = uint64_t(syscall(SYS_gettid));
  while (dirent *E = readdir(D)) {
    uint64_t Tid = strtoull(E->d_name, nullptr, 10);
    if (!Tid || Tid == Self)
      continue;
    if (std::binary_search(Ours->begin(), Ours->end(), Tid)) {
      OursNow.push_back(Tid);
      continue;
    }
    if (!knownThread(Tid, Known)) { // a new thread: is it ours?
      char Path[64], Name[32] = {};
      snprintf(Path, sizeof Path, "/proc/self/task/%llu/comm",
               (unsigned long long)Tid);
      int Fd = open(Path, O_RDONLY | O_CLOEXEC);
      if (Fd >= 0) {
        ssize_t N = read(Fd, Name, sizeof Name - 1);
        close(Fd);
        if (N > 0 && std::strncmp(Name, "hotpath-", 8) == 0) {
          OursNow.push_back(Tid);
          continue;
        }
      }
    }
    Out.push_back(Tid);
  }
  closedir(D);
  std::sort(Out.begin(), Out.end());
  std::sort(OursNow.begin(), OursNow.end());
  *Ours = std::move(OursNow); // those that exited forgotten
  return Out;
}

} // namespace

void cpuSamplingBegin(unsigned NewHz) {
  support::MutexGuard G(Mu);
  Hz = NewHz;
  Refused = false;
  Kernel = true;
  Warning.clear();
  Samples = Lost = Threads = Truncated = 0;
  UnmappedEver = 0;
  if (Unmapped)
    Unmapped->clear();
  // Nothing allocated here, on the program's thread: the tables are the
  // drain thread's (its own malloc arena), so that the program's heap, and
  // a program that hashes by address, are as without sampling.
  if (Stacks)
    Stacks->clear();
  if (Unloaded)
    Unloaded->clear();
  SeenValid = false;
  CodeLooks = 2;
}

bool cpuSamplingOn() {
  support::MutexGuard G(Mu);
  return Hz && !Refused;
}

void cpuSamplingSweep(bool Paused) {
  support::MutexGuard G(Mu);
  if (!Hz)
    return;
  if (CodeLooks) {
    --CodeLooks;
    ensureTables();
    Code->assign(codeRanges(loadedObjects()));
  }
  Counting = !Paused;
  // Events whose thread exited (the kernel hangs them up): their last
  // samples, then closed here, in the drain's table.
  std::vector<pollfd> Fds;
  for (const Ring &E : *Rings)
    Fds.push_back({E.R.Fd, POLLIN, 0});
  if (!Fds.empty())
    poll(Fds.data(), Fds.size(), 0);
  size_t Kept = 0;
  for (size_t I = 0; I < Rings->size(); ++I) {
    Ring &E = (*Rings)[I];
    readRing(E.R);
    if (Fds[I].revents & (POLLHUP | POLLERR | POLLNVAL)) {
      closePerfRing(E.R);
      continue;
    }
    (*Rings)[Kept++] = E;
  }
  Rings->resize(Kept);
  noticeUnloads();
  if (Refused)
    return;
  bool New = false;
  // A runtime thread not yet named looks like the program's: wait a little
  // for it to name itself (the session starts its signal thread as the
  // drain's first sweep runs, and a program of 14 ms was over before the
  // next one: no events, and no warning where the kernel refuses them),
  // else look again at the next sweep.
  uint64_t Gen = internalThreadGeneration();
  for (int Tries = 0; (Gen & 1) && Tries < 200; ++Tries) {
    timespec Pause = {0, 100000}; // 0.1 ms, 20 ms at most (a busy machine)
    nanosleep(&Pause, nullptr);
    Gen = internalThreadGeneration();
  }
  if (Gen & 1)
    return;
  std::vector<uint64_t> Now = programThreads(*Rings);
  if (internalThreadGeneration() != Gen)
    return;
  // A thread without a ring is tried once; forgotten when it exits.
  Unmapped->erase(std::remove_if(Unmapped->begin(), Unmapped->end(),
                                 [&](uint64_t Tid) {
                                   return !std::binary_search(Now.begin(),
                                                              Now.end(), Tid);
                                 }),
                  Unmapped->end());
  for (uint64_t Tid : Now) {
    if (knownThread(Tid, *Rings))
      continue;
    Ring E{Tid, PerfRing()};
    PerfRingError Err = openPerfRing(E.R, Tid, Hz, Kernel);
    if (Kernel && !Err.Mapping && (Err.Errno == EACCES || Err.Errno == EPERM)) {
      Kernel = false; // user mode only, from now on
      Err = openPerfRing(E.R, Tid, Hz, false);
    }
    if (Err.Errno == ESRCH)
      continue;        // it exited in between
    if (Err.Mapping) { // this thread unsampled; the others as they were
      Unmapped->push_back(Tid);
      ++UnmappedEver;
      continue;
    }
    if (Err) {
      Refused = true;
      Warning = refusal(Err.Errno);
      return;
    }
    Rings->push_back(E);
    ++Threads;
    New = true;
  }
  if (New) // a new thread may come with a library dlopen'ed for it
    Code->assign(codeRanges(loadedObjects()));
}

void cpuSamplingStop() {
  support::MutexGuard G(Mu);
  if (!Rings)
    return;
  for (Ring &E : *Rings) {
    readRing(E.R);
    closePerfRing(E.R);
  }
  Rings->clear();
}

void cpuSamplingForgetInChild() {
  pthread_mutex_init(&Mu, nullptr);
  if (!Rings)
    return;
  for (Ring &E : *Rings)
    forgetPerfRing(E.R);
  Rings->clear();
  Unmapped->clear();
  Ours->clear();
  Stacks->clear();
  Unloaded->clear();
  SeenValid = false;
  Samples = Lost = Threads = Truncated = UnmappedEver = 0;
}

CpuSampleSet cpuSamples(bool Take) {
  support::MutexGuard G(Mu);
  CpuSampleSet Out;
  Out.Hz = Hz;
  if (!Hz || !Stacks)
    return Out;
  noticeUnloads(); // an unload since the last sweep
  Out.Samples = Samples;
  Out.Lost = Lost;
  Out.Threads = Threads;
  Out.Truncated = Truncated;
  Out.Kernel = Kernel;
  Out.Stacks.reserve(Stacks->size());
  for (const auto &[Key, C] : *Stacks) {
    SampledStack S = fromKey(Key);
    S.Count = C.Count;
    S.PeriodNs = C.PeriodNs;
    Out.Stacks.push_back(std::move(S));
  }
  Out.Objects = loadedObjects();
  Out.Objects.insert(Out.Objects.end(), Unloaded->begin(), Unloaded->end());
  if (Take) {
    Unloaded->clear();
    Stacks->clear();
    Samples = Lost = Threads = Truncated = 0;
  }
  return Out;
}

std::vector<std::string> cpuSamplingWarnings() {
  support::MutexGuard G(Mu);
  std::vector<std::string> Out;
  if (!Warning.empty())
    Out.push_back(Warning);
  if (UnmappedEver)
    Out.push_back(unmappedWarning(UnmappedEver));
  return Out;
}

} // namespace hotpath::rt
