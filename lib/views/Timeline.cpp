//===- Timeline.cpp - Traces of individual calls, in and out --------------===//
#include "hotpath/views/Timeline.h"
#include "hotpath/report/Units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

namespace hotpath::views {

namespace {

using Json = nlohmann::json;
using OJson = nlohmann::ordered_json;

// µs (a number, fractional) to integer ns, rounded.
// Microseconds to ns, at most 2^62 ns (146 years), so that a start plus
// a duration never overflows; larger values are refused, not clamped (two
// clamped times would close a frame before opening it).
constexpr double MaxNs = 4611686018427387904.0;
bool nsOf(const Json &V, uint64_t &Out) {
  if (!V.is_number())
    return false;
  double Ns = V.get<double>() * 1000.0;
  if (!(Ns >= 0) || Ns > MaxNs)
    return false;
  Out = uint64_t(std::llround(Ns));
  return true;
}

uint64_t idOf(const Json &V) {
  if (V.is_number_unsigned())
    return V.get<uint64_t>();
  if (V.is_number_integer())
    return uint64_t(V.get<int64_t>());
  if (V.is_string())
    return std::strtoull(V.get<std::string>().c_str(), nullptr, 10);
  return 0;
}

void sortCalls(std::vector<TraceCall> &C) {
  std::sort(C.begin(), C.end(), [](const TraceCall &A, const TraceCall &B) {
    if (A.StartNs != B.StartNs)
      return A.StartNs < B.StartNs;
    if (A.DurNs != B.DurNs)
      return A.DurNs > B.DurNs;
    return A.Name < B.Name;
  });
}

std::string quoted(const std::string &S) {
  return Json(S).dump(-1, ' ', false, Json::error_handler_t::replace);
}

// Chrome JSON with ts/dur printed to the nanosecond.
std::string chromeOf(const Trace &T, const std::string &Extra) {
  std::string Pid = std::to_string(T.Pid);
  std::string Out = "{\"traceEvents\":[\n{\"name\":\"process_name\","
                    "\"ph\":\"M\",\"pid\":" +
                    Pid + ",\"tid\":" + Pid +
                    ",\"args\":{\"name\":" + quoted(T.ProcessName) + "}}";
  for (const TraceThread &Th : T.Threads) {
    std::string Head = ",\"pid\":" + Pid + ",\"tid\":" + std::to_string(Th.Tid);
    Out += ",\n{\"name\":\"thread_name\",\"ph\":\"M\"" + Head +
           ",\"args\":{\"name\":" + quoted(Th.Name) + "}}";
    for (const TraceCall &C : Th.Calls)
      Out += ",\n{\"name\":" + quoted(C.Name) +
             ",\"cat\":\"hotpath\",\"ph\":\"X\",\"ts\":" +
             report::formatMicrosExact(C.StartNs) +
             ",\"dur\":" + report::formatMicrosExact(C.DurNs) + Head + "}";
  }
  if (!T.Info.empty())
    Out += ",\n{\"name\":\"hotpath_trace\",\"ph\":\"M\",\"pid\":" + Pid +
           ",\"tid\":" + Pid + ",\"args\":" + T.Info + "}";
  return Out + "\n],\"displayTimeUnit\":\"ns\"" + Extra + "}\n";
}

} // namespace

bool isTraceJson(const std::string &Text) {
  Json J = Json::parse(Text, nullptr, false);
  return J.is_object() && J.contains("traceEvents");
}

bool readTrace(const std::string &Text, Trace &Out, std::string &Error) {
  // Bounded nesting: what is read is written again (the metadata's args),
  // and writing a JSON value recurses once per level; 200,000 levels would
  // overflow the stack.
  constexpr int MaxDepth = 256;
  bool TooDeep = false;
  Json J = Json::parse(
      Text,
      [&](int Depth, Json::parse_event_t, Json &) {
        TooDeep |= Depth > MaxDepth;
        return !TooDeep;
      },
      false);
  if (TooDeep) {
    Error = "JSON nested deeper than " + std::to_string(MaxDepth) +
            " levels: not a trace hotpath writes or reads";
    return false;
  }
  const Json *Events = nullptr;
  if (J.is_object() && J.contains("traceEvents"))
    Events = &J["traceEvents"];
  else if (J.is_array())
    Events = &J;
  if (!Events || !Events->is_array()) {
    Error = "not Chrome trace-event JSON (no traceEvents array)";
    return false;
  }
  std::map<uint64_t, size_t> ThreadOf;
  auto threadOf = [&](uint64_t Tid) -> TraceThread & {
    auto It = ThreadOf.find(Tid);
    if (It == ThreadOf.end()) {
      It = ThreadOf.emplace(Tid, Out.Threads.size()).first;
      Out.Threads.push_back({Tid, "thread " + std::to_string(Tid), {}});
    }
    return Out.Threads[It->second];
  };
  // B/E pairs: a stack per thread.
  std::map<uint64_t, std::vector<TraceCall>> Open;
  size_t I = 0;
  for (const Json &E : *Events) {
    std::string Where = "traceEvents[" + std::to_string(I++) + "]";
    if (!E.is_object() || !E.contains("ph") || !E["ph"].is_string()) {
      Error = Where + ": not an event (no \"ph\")";
      return false;
    }
    std::string Ph = E["ph"].get<std::string>();
    std::string Name = E.contains("name") && E["name"].is_string()
                           ? E["name"].get<std::string>()
                           : "";
    uint64_t Tid = E.contains("tid") ? idOf(E["tid"]) : 0;
    if (E.contains("pid") && !Out.Pid)
      Out.Pid = idOf(E["pid"]);
    if (Ph == "M") {
      const Json *Args = E.contains("args") ? &E["args"] : nullptr;
      std::string Value = Args && Args->is_object() && Args->contains("name") &&
                                  (*Args)["name"].is_string()
                              ? (*Args)["name"].get<std::string>()
                              : "";
      if (Name == "hotpath_trace" && Args && Args->is_object())
        Out.Info = Args->dump();
      else if (Name == "thread_name" && !Value.empty())
        threadOf(Tid).Name = Value;
      else if (Name == "process_name" && !Value.empty())
        Out.ProcessName = Value;
      continue;
    }
    if (Ph == "i" || Ph == "I") {
      Out.Notes.push_back(Name);
      continue;
    }
    if (Ph != "X" && Ph != "B" && Ph != "E")
      continue; // counters, flows, async: not calls
    uint64_t Ts = 0, Dur = 0;
    if (!E.contains("ts") || !nsOf(E["ts"], Ts)) {
      Error = Where + ": \"ts\" is not a number of microseconds in [0, "
                      "4.6e15]";
      return false;
    }
    if (Ph == "X") {
      if (!E.contains("dur") || !nsOf(E["dur"], Dur)) {
        Error = Where + ": a complete event without a \"dur\" in "
                        "microseconds in [0, 4.6e15]";
        return false;
      }
      threadOf(Tid).Calls.push_back({Name, Ts, Dur});
    } else if (Ph == "B") {
      threadOf(Tid);
      Open[Tid].push_back({Name, Ts, 0});
    } else {
      std::vector<TraceCall> &S = Open[Tid];
      if (S.empty() || Ts < S.back().StartNs) {
        Error = Where + ": an end event without its begin";
        return false;
      }
      TraceCall C = S.back();
      S.pop_back();
      C.DurNs = Ts - C.StartNs;
      threadOf(Tid).Calls.push_back(std::move(C));
    }
  }
  for (TraceThread &Th : Out.Threads)
    sortCalls(Th.Calls);
  if (Out.ProcessName.empty())
    Out.ProcessName = "process " + std::to_string(Out.Pid);
  return true;
}

std::string traceChromeJson(const Trace &T) {
  return chromeOf(
      T, T.Info.empty() ? "" : ",\"otherData\":{\"trace\":" + T.Info + "}");
}

std::string traceSpeedscopeJson(const Trace &T, const std::string &Name) {
  OJson Frames = OJson::array(), Profiles = OJson::array();
  std::map<std::string, size_t> FrameOf;
  auto frame = [&](const std::string &N) {
    auto It = FrameOf.find(N);
    if (It == FrameOf.end()) {
      It = FrameOf.emplace(N, Frames.size()).first;
      Frames.push_back({{"name", N}});
    }
    return It->second;
  };
  for (const TraceThread &Th : T.Threads) {
    OJson Events = OJson::array();
    // Open and close in order; a call that would outlast the one around
    // it (rounding) is cut at its end, as speedscope requires.
    std::vector<std::pair<size_t, uint64_t>> Stack; // frame, end
    uint64_t Start = Th.Calls.empty() ? 0 : Th.Calls.front().StartNs,
             End = Start;
    auto closeUntil = [&](uint64_t At) {
      while (!Stack.empty() && Stack.back().second <= At) {
        Events.push_back({{"type", "C"},
                          {"frame", Stack.back().first},
                          {"at", Stack.back().second}});
        Stack.pop_back();
      }
    };
    for (const TraceCall &C : Th.Calls) {
      closeUntil(C.StartNs);
      uint64_t E = C.StartNs + C.DurNs;
      if (!Stack.empty())
        E = std::min(E, Stack.back().second);
      size_t F = frame(C.Name);
      Events.push_back({{"type", "O"}, {"frame", F}, {"at", C.StartNs}});
      Stack.push_back({F, E});
      End = std::max(End, E);
    }
    closeUntil(UINT64_MAX);
    Profiles.push_back({{"type", "evented"},
                        {"name", Th.Name},
                        {"unit", "nanoseconds"},
                        {"startValue", Start},
                        {"endValue", End},
                        {"events", std::move(Events)}});
  }
  OJson J = {{"$schema", "https://www.speedscope.app/file-format-schema.json"},
             {"shared", {{"frames", std::move(Frames)}}},
             {"profiles", std::move(Profiles)},
             {"name", Name},
             {"activeProfileIndex", 0},
             {"exporter", "hotpath"}};
  return J.dump(-1, ' ', false, OJson::error_handler_t::replace) + "\n";
}

std::string callTreeChromeJson(const report::Report &R) {
  Trace T;
  T.Pid = uint64_t(R.M.Pid > 0 ? R.M.Pid : 1);
  T.ProcessName = R.M.Executable ? *R.M.Executable : "hotpath report";
  TraceThread Th{1,
                 "call tree (each path as long as its time on the stack; "
                 "not a timeline)",
                 {}};
  // Children side by side inside their parent, from its start.
  const std::vector<report::TreeNode> &N = R.Tree.Nodes;
  std::vector<uint64_t> Start(N.size()), Next(N.size());
  uint64_t TopNext = 0;
  for (size_t I = 0; I < N.size(); ++I) {
    uint64_t &Cursor = N[I].Parent < 0 ? TopNext : Next[size_t(N[I].Parent)];
    Start[I] = Cursor;
    Next[I] = Cursor;
    Cursor += N[I].Total;
    Th.Calls.push_back({N[I].Name, Start[I], N[I].Total});
  }
  sortCalls(Th.Calls);
  T.Threads.push_back(std::move(Th));
  return chromeOf(T, ",\"otherData\":{\"hotpath\":\"call tree of a report, "
                     "laid out by time on the stack\"}");
}

} // namespace hotpath::views
