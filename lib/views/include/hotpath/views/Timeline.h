//===- Timeline.h - Traces of individual calls, in and out ------*- C++ -*-===//
//
// `hotpath export TRACE.json --format chrome|speedscope` reads a trace that
// the runtime wrote (HOTPATH_TRACE: Chrome trace-event JSON, complete
// events) and writes it again: chrome checks and normalises it (sorted,
// enclosing calls first, one thread_name per thread), speedscope turns
// each thread into an "evented" profile of open and close events.
// `hotpath export REPORT.json --format chrome` lays the report's call tree
// out as one synthetic thread (each path as long as its time on the
// stack, its callees side by side inside it): a flame chart for trace
// viewers, not a timeline, and labelled so.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_VIEWS_TIMELINE_H
#define HOTPATH_VIEWS_TIMELINE_H

#include "hotpath/report/Report.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::views {

struct TraceCall {
  std::string Name;
  uint64_t StartNs = 0, DurNs = 0;
};

struct TraceThread {
  uint64_t Tid = 0;
  std::string Name;
  std::vector<TraceCall> Calls; // sorted: by start, the longer first
};

struct Trace {
  uint64_t Pid = 0;
  std::string ProcessName;
  std::vector<TraceThread> Threads;
  std::vector<std::string> Notes; // instant events: calls not kept
  std::string Info; // hotpath's own summary (hotpath_trace), JSON, or ""
};

/// Whether Text looks like a trace (an object with "traceEvents").
bool isTraceJson(const std::string &Text);
/// Reads Chrome trace-event JSON (X events, and B/E pairs); false with a
/// one-line Error on anything else.
bool readTrace(const std::string &Text, Trace &Out, std::string &Error);

std::string traceChromeJson(const Trace &T);
std::string traceSpeedscopeJson(const Trace &T, const std::string &Name);
/// The call tree of R as Chrome trace events (see above).
std::string callTreeChromeJson(const report::Report &R);

} // namespace hotpath::views

#endif // HOTPATH_VIEWS_TIMELINE_H
