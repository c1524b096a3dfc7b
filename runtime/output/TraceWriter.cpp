//===- TraceWriter.cpp - The session's trace as Chrome trace events -------===//
#include "output/TraceWriter.h"
#include "base/Snapshot.h"
#include "core/Registry.h"
#include "core/Trace.h"
#include "hotpath/report/Units.h"
#include "hotpath/report/Version.h"
#include "hotpath/support/AtomicFile.h"
#include "output/ReportWriter.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unistd.h>

namespace hotpath::rt {

namespace {

// One kept call, in ns from the session's start.
struct Span {
  uint64_t StartNs, EndNs;
  uint32_t Id, Depth;
};

std::string quoted(const std::string &S) {
  return nlohmann::json(S).dump(-1, ' ', false,
                                nlohmann::json::error_handler_t::replace);
}

std::string processName() {
  char Exe[4096];
  ssize_t N = ::readlink("/proc/self/exe", Exe, sizeof Exe - 1);
  if (N <= 0)
    return "process";
  std::string P(Exe, size_t(N));
  return P.substr(P.rfind('/') + 1);
}

} // namespace

std::string traceJson(const std::vector<ThreadTrace> &Traces,
                      const Options &Opts, uint64_t StartTicks,
                      double NsPerTick, uint64_t &Dropped, uint64_t &Short) {
  Dropped = Short = 0;
  uint32_t N = functionCount();
  std::vector<std::string> Names(N + 1);
  for (uint32_t I = 1; I <= N; ++I)
    Names[I] = quoted(functionRecord(I).Name);
  // Both ends through the same monotone map: nesting in ticks stays
  // nesting in ns.
  auto ToNs = [&](uint64_t Ticks) -> uint64_t {
    if (Ticks <= StartTicks)
      return 0;
    return uint64_t(std::llround(double(Ticks - StartTicks) * NsPerTick));
  };
  std::string Pid = std::to_string(::getpid());
  std::string Out = "{\"traceEvents\":[\n";
  Out += "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":" + Pid +
         ",\"tid\":" + Pid + ",\"args\":{\"name\":" + quoted(processName()) +
         "}}";
  for (const ThreadTrace &Tr : Traces) {
    const TraceBuffer &B = *Tr.Buf;
    std::string Tid = std::to_string(Tr.Tid);
    std::string Head = ",\"pid\":" + Pid + ",\"tid\":" + Tid;
    Out += ",\n{\"name\":\"thread_name\",\"ph\":\"M\"" + Head +
           ",\"args\":{\"name\":" +
           quoted(Tr.Name.empty() ? "thread " + Tid : Tr.Name) + "}}";
    std::vector<Span> Spans;
    uint64_t Kept = traceKept(B);
    Spans.reserve(Kept);
    for (uint64_t I = 0; I < Kept; ++I) {
      const TraceEvent &E = traceEvent(B, I);
      if (E.Id == 0 || (E.Id > N && !(E.Id & TraceWaitId)))
        continue;
      Spans.push_back({ToNs(E.Start), ToNs(E.Start + E.Ticks), E.Id, E.Depth});
    }
    // Enclosing calls first: by start, then the longer, then the shallower.
    std::sort(Spans.begin(), Spans.end(), [](const Span &A, const Span &B) {
      if (A.StartNs != B.StartNs)
        return A.StartNs < B.StartNs;
      if (A.EndNs != B.EndNs)
        return A.EndNs > B.EndNs;
      return A.Depth < B.Depth;
    });
    for (const Span &S : Spans) {
      if (S.Id & TraceWaitId) // a lock wait: its kind; the report names it
        Out += ",\n{\"name\":\"wait: " +
               std::string(lockKindName(S.Id & ~TraceWaitId)) +
               "\",\"cat\":\"hotpath,wait\",\"ph\":\"X\",\"ts\":";
      else
        Out += ",\n{\"name\":" + Names[S.Id] +
               ",\"cat\":\"hotpath\",\"ph\":\"X\",\"ts\":";
      Out += report::formatMicrosExact(S.StartNs);
      Out += ",\"dur\":";
      Out += report::formatMicrosExact(S.EndNs - S.StartNs);
      Out += Head + "}";
    }
    if (B.Dropped) {
      uint64_t At =
          B.Ring ? (Spans.empty() ? 0 : Spans.front().StartNs) : ToNs(B.FullAt);
      Out += ",\n{\"name\":" +
             quoted("hotpath: " + std::to_string(B.Dropped) +
                    (B.Ring ? " earlier calls not kept (ring of "
                            : " later calls not kept (buffer of ") +
                    std::to_string(B.Cap) + ")") +
             ",\"ph\":\"i\",\"s\":\"t\",\"ts\":";
      Out += report::formatMicrosExact(At);
      Out += Head + "}";
    }
    Dropped += B.Dropped;
    Short += B.Short;
  }
  std::string Mode = Opts.TraceRing ? "last" : "first";
  std::string Info = "{\"mode\":\"" + Mode + "\",\"events_per_thread\":" +
                     std::to_string(Opts.TraceEvents) +
                     ",\"min_ns\":" + std::to_string(Opts.TraceMinNs) +
                     ",\"dropped\":" + std::to_string(Dropped) +
                     ",\"short\":" + std::to_string(Short) + "}";
  Out += ",\n{\"name\":\"hotpath_trace\",\"ph\":\"M\",\"pid\":" + Pid +
         ",\"tid\":" + Pid + ",\"args\":" + Info + "}";
  Out += "\n],\"displayTimeUnit\":\"ns\",\"otherData\":{\"hotpath_version\":" +
         quoted(report::hotpathVersion()) + ",\"trace\":" + Info + "}}\n";
  return Out;
}

std::string writeTrace(const std::vector<ThreadTrace> &Traces,
                       const Options &Opts, uint64_t StartTicks,
                       double NsPerTick) {
  uint64_t Dropped = 0, Short = 0;
  std::string Path = expandOutputPath(Opts.TracePath), Error;
  try {
    std::string Text =
        traceJson(Traces, Opts, StartTicks, NsPerTick, Dropped, Short);
    if (!writeOutputFile(Path, Text, Error))
      return "cannot write the trace to " + Path + ": " + Error;
  } catch (const std::exception &E) {
    return std::string("cannot write the trace: ") + E.what();
  }
  if (!Dropped)
    return "";
  return "trace: " + std::to_string(Dropped) + " calls not kept in " + Path +
         " (HOTPATH_TRACE_EVENTS=" + std::to_string(Opts.TraceEvents) +
         " per thread, HOTPATH_TRACE_MODE=" +
         (Opts.TraceRing ? "last" : "first") + ")";
}

} // namespace hotpath::rt
