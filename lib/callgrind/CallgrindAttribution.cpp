//===- CallgrindAttribution.cpp - Markers' inclusive counts ---------------===//
#include "hotpath/callgrind/CallgrindAttribution.h"
#include "hotpath/callgrind/CallgrindNames.h"

#include <unordered_map>

namespace hotpath::callgrind {

namespace {

// "f(int) [clone .hotpath.7]'2" -> "f(int)"; "f.hotpath.7" -> "f".
std::string wrapperOfMarker(const std::string &Marker) {
  size_t At = Marker.rfind(".hotpath.");
  size_t Clone = Marker.rfind(" [clone ", At);
  if (Clone != std::string::npos && Clone + 8 == At)
    return Marker.substr(0, Clone);
  return Marker.substr(0, At);
}

// Drops Callgrind's recursion level and ThinLTO's promotion suffix.
std::string baseName(std::string N) {
  size_t Q = N.rfind('\'');
  if (Q != std::string::npos && Q + 1 < N.size() &&
      N.find_first_not_of("0123456789", Q + 1) == std::string::npos)
    N.resize(Q);
  size_t L = N.rfind(" [clone .llvm.");
  if (L != std::string::npos && N.back() == ']')
    N.resize(L);
  L = N.rfind(".llvm.");
  if (L != std::string::npos && L > 0 &&
      N.find_first_not_of("0123456789", L + 6) == std::string::npos)
    N.resize(L);
  return N;
}

uint64_t at(const Cost &C, int I) {
  return I >= 0 && size_t(I) < C.size() ? C[size_t(I)] : 0;
}

// Remaps a part's cost vector onto the events of the first part.
Cost remap(const Cost &C, const std::vector<std::string> &From,
           const std::vector<std::string> &To) {
  Cost Out(To.size(), 0);
  for (size_t I = 0; I < From.size() && I < C.size(); ++I)
    for (size_t J = 0; J < To.size(); ++J)
      if (From[I] == To[J])
        Out[J] = C[I];
  return Out;
}

void attributePart(const Part &P, Attribution &A) {
  int Ir = P.eventIndex("Ir");
  // Wrappers, by name: a marker's name without its clone suffix.
  std::unordered_map<std::string, uint64_t> WrapperOf; // base name -> N
  auto noteMarker = [&](const std::string &Name) {
    uint64_t N;
    if (!markerHash(Name, N))
      return;
    auto [It, New] = WrapperOf.emplace(baseName(wrapperOfMarker(Name)), N);
    if (!New && It->second != N)
      A.IdenticalCodeFolding = true; // two markers, one wrapper name
  };
  for (const FunctionCost &F : P.Functions) {
    noteMarker(F.Key.Name);
    for (const CallEdge &E : F.Calls)
      noteMarker(E.Callee.Name);
  }
  for (const FunctionCost &F : P.Functions) {
    uint64_t N;
    bool Hook = isHookFunction(F.Key.Name);
    uint64_t Caller = 0;
    bool Marker = markerHash(F.Key.Name, N);
    if (Marker) {
      Caller = N;
      A.Markers[N].SelfIr += at(F.Self, Ir);
    }
    uint64_t T;
    if (!Hook && !Marker && thunkHash(F.Key.Name, T)) {
      // The hooked thunk: its own instructions are the wrapper's.
      A.Markers[T].WrapperIr += at(F.Self, Ir);
    } else if (!Hook && !Marker) {
      auto W = WrapperOf.find(baseName(F.Key.Name));
      if (W != WrapperOf.end()) // a wrapper that is a function of its own
        A.Markers[W->second].WrapperIr += at(F.Self, Ir);
    }
    for (const CallEdge &E : F.Calls) {
      if (!Hook && isHookFunction(E.Callee.Name))
        A.HookIr += at(E.Inclusive, Ir);
      if (thunkHash(E.Callee.Name, T)) {
        // The callee's wrapper inlined here, its gate with it (so not a
        // wrapper call), calling its hooked thunk.
        if (Marker) {
          EdgeCounts &Ed = A.Edges[{Caller, T}];
          Ed.Calls += E.Calls;
          Ed.Ir += at(E.Inclusive, Ir);
        }
        continue;
      }
      if (!markerHash(E.Callee.Name, N)) {
        // A call of a wrapper that was not inlined there: its fast-path
        // gate runs in the wrapper, not in this caller.
        if (!isHookFunction(E.Callee.Name)) {
          auto W = WrapperOf.find(baseName(E.Callee.Name));
          if (W != WrapperOf.end()) {
            A.Markers[W->second].WrapperCalls += E.Calls;
            if (Marker) { // a measured caller, through the callee's wrapper
              EdgeCounts &Ed = A.Edges[{Caller, W->second}];
              Ed.Calls += E.Calls;
              Ed.Ir += at(E.Inclusive, Ir);
            }
          }
        }
        continue;
      }
      if (Marker) { // the callee's wrapper inlined into this caller
        EdgeCounts &Ed = A.Edges[{Caller, N}];
        Ed.Calls += E.Calls;
        Ed.Ir += at(E.Inclusive, Ir);
      }
      MarkerCounts &M = A.Markers[N];
      M.Calls += E.Calls;
      M.Raw += at(E.Inclusive, Ir);
      addCost(M.Inclusive, remap(E.Inclusive, P.Events, A.Events));
    }
  }
}

} // namespace

Attribution attribute(const std::vector<Part> &Parts) {
  Attribution A;
  if (!Parts.empty())
    A.Events = Parts.front().Events;
  for (const Part &P : Parts) {
    addCost(A.Totals, remap(P.total(), P.Events, A.Events));
    attributePart(P, A);
  }
  return A;
}

uint64_t estimatedCycles(const Cost &C, const std::vector<std::string> &E) {
  auto get = [&](const char *Name) -> uint64_t {
    for (size_t I = 0; I < E.size() && I < C.size(); ++I)
      if (E[I] == Name)
        return C[I];
    return 0;
  };
  return get("Ir") + 10 * (get("I1mr") + get("D1mr") + get("D1mw")) +
         100 * (get("ILmr") + get("DLmr") + get("DLmw"));
}

} // namespace hotpath::callgrind
