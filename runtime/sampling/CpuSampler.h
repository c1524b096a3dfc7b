//===- CpuSampler.h - CPU samples of the program's threads ------*- C++ -*-===//
//
// HOTPATH_CPU_SAMPLING=<hz>: while a session runs, the drain thread gives
// every thread of the program (those in /proc/self/task, but the runtime's
// own, named hotpath-*) a task-clock event (PerfRing.h) within
// SamplingPollMs of its start, reads every ring, and counts the samples by
// distinct call chain. The kernel writes the samples; the program's
// threads run no code of ours for them, get no signal, and hold no
// descriptor: the events live in the drain's own descriptor table. The
// tool symbolizes the chains after the run (docs/sampling.md).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SAMPLING_CPUSAMPLER_H
#define HOTPATH_RUNTIME_SAMPLING_CPUSAMPLER_H

#include "base/Snapshot.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::rt {

/// How often the drain looks for new threads while sampling (ms).
constexpr unsigned SamplingPollMs = 10;

/// At session begin, before the drain thread starts: sample at `Hz` (0:
/// off) from now on; forgets the previous session's samples.
void cpuSamplingBegin(unsigned Hz);
/// Whether this session samples (and the kernel has not refused it).
bool cpuSamplingOn();
/// On the drain thread, every SamplingPollMs: opens the events of new
/// threads, reads every ring, closes the events of threads that exited.
/// While the session is `Paused` the samples read are dropped.
void cpuSamplingSweep(bool Paused = false);
/// On the drain thread, before it ends: reads and closes every event.
void cpuSamplingStop();
/// In a fork's child: the parent's events are not the child's (their rings
/// were not copied, MADV_DONTFORK); forget them, and the samples so far.
void cpuSamplingForgetInChild();
/// The samples so far and the loaded objects; Take resets the counts.
CpuSampleSet cpuSamples(bool Take);
/// What went wrong this session, one line each: why no sample could be
/// taken (set once), how many threads had no room for a ring.
std::vector<std::string> cpuSamplingWarnings();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SAMPLING_CPUSAMPLER_H
