//===- TraceWriter.h - The session's trace as Chrome trace events ---------===//
//
// At session end, the trace buffers of every thread (core/Trace.h) become
// one Chrome trace-event JSON file (HOTPATH_TRACE, %p expanded), which
// Perfetto, chrome://tracing and speedscope open: a process_name and a
// thread_name metadata event per thread, then each kept call as a complete
// event ("ph": "X") with its start and duration in microseconds to the
// nanosecond, sorted so that an enclosing call comes before what it
// encloses. Calls not kept are counted: an instant event on their thread
// where the buffer filled, a `hotpath_trace` metadata event, `otherData`,
// and one warning for the report. docs/timeline.md has the format.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_OUTPUT_TRACEWRITER_H
#define HOTPATH_RUNTIME_OUTPUT_TRACEWRITER_H

#include "base/Options.h"
#include "drain/Drain.h"

#include <string>
#include <vector>

namespace hotpath::rt {

/// Writes Traces to Opts.TracePath; "" or a warning for meta.warnings
/// (calls not kept, or the file could not be written).
std::string writeTrace(const std::vector<ThreadTrace> &Traces,
                       const Options &Opts, uint64_t StartTicks,
                       double NsPerTick);

/// The Chrome trace-event JSON of Traces (tests).
std::string traceJson(const std::vector<ThreadTrace> &Traces,
                      const Options &Opts, uint64_t StartTicks,
                      double NsPerTick, uint64_t &Dropped, uint64_t &Short);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_OUTPUT_TRACEWRITER_H
