//===- Attribution.cpp - Samples joined to the measured functions ---------===//
#include "hotpath/samples/Attribution.h"
#include "hotpath/samples/Unwinder.h"

#include "llvm/Demangle/Demangle.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace hotpath::samples {

std::string measuredSymbolOf(const std::string &Linkage) {
  for (const char *Suffix : {".hotpath_hooked.", ".hotpath."}) {
    size_t At = Linkage.rfind(Suffix);
    if (At == std::string::npos || At == 0)
      continue;
    size_t Digits = At + std::string(Suffix).size();
    if (Digits < Linkage.size() &&
        Linkage.find_first_not_of("0123456789", Digits) == std::string::npos)
      return Linkage.substr(0, At);
  }
  return Linkage;
}

namespace {

// Where a thread's chain ends when the walk reached its start.
bool isThreadStart(const std::string &Symbol) {
  static const std::set<std::string> Starts = {"_start",
                                               "__libc_start_main",
                                               "__libc_start_call_main",
                                               "start_thread",
                                               "clone",
                                               "clone3",
                                               "__clone3",
                                               "__clone"};
  return Starts.count(Symbol) != 0;
}

// A chain that ends in a library frame called by another object's code: a
// library without frame pointers (libstdc++'s std::thread trampoline,
// stripped and unnamed) started the thread's code there, and the walk could
// go no further. A chain ending inside a library's own calls (malloc's
// internals) lost the program's frames above them instead.
bool endsInLibraryStart(const std::vector<const SourceFrame *> &Outer) {
  return Outer.size() == 2 && !Outer[0]->Object.empty() &&
         !Outer[1]->Object.empty() && Outer[0]->Object != Outer[1]->Object &&
         !Outer[1]->Symbol.empty();
}

std::string baseName(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

SampledFrame frameOf(const SourceFrame &F) {
  SampledFrame Out;
  if (!F.Symbol.empty())
    Out.Name = llvm::demangle(measuredSymbolOf(F.Symbol));
  else {
    char Buf[32];
    snprintf(Buf, sizeof Buf, "+0x%llx", (unsigned long long)F.Offset);
    Out.Name =
        (F.Object.empty() ? std::string("[unknown]") : baseName(F.Object)) +
        Buf;
  }
  Out.File = F.File;
  Out.Line = F.Line;
  Out.Inlined = F.Inlined;
  return Out;
}

// hotpath's own functions, by name: the hooks (`__hotpath_enter`), the
// instructions the pass adds to a function (named `__hotpath_gate` in the
// debug info, an inlined frame: pass/MeasuringLocations.h), the runtime
// (`hotpath::rt::`).
bool isHookSymbol(const std::string &Symbol) {
  return Symbol.rfind("__hotpath_", 0) == 0 ||
         Symbol.rfind("_ZN7hotpath2rt", 0) == 0;
}

// hotpath's own code: those, and all of the shared runtime's file (its
// stand-ins for the C library's functions too).
bool isRuntimeFrame(const SourceFrame &F) {
  if (isHookSymbol(F.Symbol))
    return true;
  std::string Base = baseName(F.Object);
  return Base.rfind("libhotpath_rt", 0) == 0;
}

// A frame of the chain after symbolization, innermost first.
struct Flat {
  const SourceFrame *F;
  int Measured; // index in S.Measured, or -1
};

enum class SampleKind { Program, Measuring, StandIn };

// The runtime's code a sample is in, from Frames[I] (hotpath's own) out to
// where the runtime was entered: through a hook or a gate, measuring a
// call; through a stand-in for a C library function, tracking locks or
// allocations.
SampleKind entered(const std::vector<Flat> &Frames, size_t I, size_t End) {
  while (I + 1 < End && isRuntimeFrame(*Frames[I + 1].F))
    ++I;
  return isHookSymbol(Frames[I].F->Symbol) ? SampleKind::Measuring
                                           : SampleKind::StandIn;
}

// Whether a sample below the innermost measured function is the cost of
// measuring, not the program's work: its instruction is hotpath's own, or a
// hook called out to the code it is in (a system call of the runtime's).
// The runtime's stand-ins for the C library's functions (its malloc, its
// pthread_mutex_lock) forward to them, and what those do the plain build
// does too: a call out of one is the program's (a sample in malloc's
// sysmalloc is not measuring because the runtime's operator new called it).
SampleKind kindOf(const std::vector<Flat> &Frames, size_t Innermost) {
  size_t End = std::min(Innermost, Frames.size());
  // The sampled instruction: its frame and those it is inlined into.
  size_t I = 0;
  for (; I < End; ++I) {
    if (isRuntimeFrame(*Frames[I].F))
      return entered(Frames, I, End);
    if (!Frames[I].F->Inlined)
      break;
  }
  // Each call site out: the innermost frame of the code that made the call.
  for (++I; I < End; ++I) {
    if (isHookSymbol(Frames[I].F->Symbol))
      return entered(Frames, I, End);
    while (I < End && Frames[I].F->Inlined)
      ++I;
  }
  return SampleKind::Program;
}

} // namespace

SampleProfile attributeSamples(const report::CpuSamplesSection &S,
                               Symbolizer &Sym) {
  SampleProfile P;
  // Symbol -> measured functions (static functions of two files may share
  // one: told apart by file).
  std::unordered_multimap<std::string, int> BySymbol;
  for (size_t I = 0; I < S.Measured.size(); ++I)
    BySymbol.emplace(S.Measured[I].Symbol, int(I));
  auto measuredIndex = [&](const SourceFrame &F) {
    if (F.Symbol.empty())
      return -1;
    auto [Lo, Hi] = BySymbol.equal_range(measuredSymbolOf(F.Symbol));
    int Found = -1;
    for (auto It = Lo; It != Hi; ++It) {
      if (Found < 0)
        Found = It->second;
      if (!F.File.empty() && S.Measured[size_t(It->second)].File == F.File)
        return It->second;
    }
    return Found;
  };

  Unwinder Unwind(S, Sym);
  for (const report::SampledChain &C : S.Chains) {
    std::vector<uint64_t> Addrs = Unwind.frames(C);
    std::vector<Flat> Frames;
    for (size_t I = 0; I < Addrs.size(); ++I)
      for (const SourceFrame &F : Sym.frames(Addrs[I], I > 0))
        Frames.push_back({&F, measuredIndex(F)});
    P.Samples += C.Count;
    P.CpuNs += C.CpuNs;
    AttributedChain A;
    A.Count = C.Count;
    A.CpuNs = C.CpuNs;
    A.Complete =
        !Frames.empty() &&
        (isThreadStart(Frames.back().F->Symbol) ||
         (Frames.size() > 1 &&
          endsInLibraryStart({Frames.back().F, Frames[Frames.size() - 2].F})));
    A.Leaf = frameOf(*Frames.front().F);
    if (!A.Complete)
      P.BrokenSamples += C.Count;
    size_t Innermost = Frames.size();
    for (size_t I = 0; I < Frames.size(); ++I)
      if (Frames[I].Measured >= 0) {
        Innermost = I;
        break;
      }
    if (SampleKind K = kindOf(Frames, Innermost); K != SampleKind::Program) {
      P.MeasuringSamples += C.Count;
      P.MeasuringNs += C.CpuNs;
      if (K == SampleKind::StandIn) {
        P.StandInSamples += C.Count;
        P.StandInNs += C.CpuNs;
      }
      continue;
    }
    if (Innermost == Frames.size()) {
      P.OutsideSamples += C.Count;
      for (size_t I = Frames.size(); I-- > 0;)
        A.Below.push_back(frameOf(*Frames[I].F));
      P.Chains.push_back(std::move(A));
      continue;
    }
    // The measured path, outermost first; a function's wrapper and marker
    // (one call) are one frame.
    std::set<int> Seen;
    for (size_t I = Frames.size(); I-- > Innermost;) {
      int M = Frames[I].Measured;
      if (M < 0)
        continue;
      const std::string &Name = S.Measured[size_t(M)].Name;
      if (A.Path.empty() || A.Path.back() != Name)
        A.Path.push_back(Name);
      if (Seen.insert(M).second) {
        FunctionCpu &F = P.ByFunction[Name];
        F.TotalNs += C.CpuNs;
        F.TotalSamples += C.Count;
      }
    }
    FunctionCpu &Self = P.ByFunction[A.Path.back()];
    Self.SelfNs += C.CpuNs;
    Self.SelfSamples += C.Count;
    A.Own = frameOf(*Frames[Innermost].F);
    A.Own.Name = A.Path.back();
    for (size_t I = Innermost; I-- > 0;)
      A.Below.push_back(frameOf(*Frames[I].F));
    P.Chains.push_back(std::move(A));
  }
  P.Warnings = Sym.warnings();
  return P;
}

std::vector<std::string> profileNotes(const SampleProfile &P) {
  std::vector<std::string> Out;
  if (!P.Samples)
    return Out;
  auto Pct = [&](uint64_t N) {
    if (N * 2000 < P.Samples)
      return std::string("<0.1%");
    char Buf[32];
    std::snprintf(Buf, sizeof Buf, "%.1f%%",
                  100.0 * double(N) / double(P.Samples));
    return std::string(Buf);
  };
  if (P.MeasuringSamples)
    Out.push_back(
        "cpu samples in hotpath's own code: " + Pct(P.MeasuringSamples) +
        " (the cost of measuring: left out of the functions' CPU)");
  if (P.OutsideSamples)
    Out.push_back(
        "cpu samples outside measured functions: " + Pct(P.OutsideSamples) +
        " (in no measured function's call: before the first, "
        "between calls, in other threads' code)");
  // A few broken chains are normal (a sample in a function's first
  // instructions); many mean code without frame pointers.
  if (P.BrokenSamples * 20 > P.Samples)
    Out.push_back(
        "cpu samples whose call chain stops early: " + Pct(P.BrokenSamples) +
        " (code without frame pointers: compile with "
        "-fno-omit-frame-pointer; such samples count in the "
        "innermost measured function the chain still shows)");
  for (const std::string &W : P.Warnings)
    Out.push_back("warning: " + W);
  return Out;
}

void addCpuToRows(report::Report &R, const SampleProfile &P) {
  if (!P.Samples)
    return; // no column of zeros that would call every call blocked
  for (report::FunctionRow &Row : R.Timing.Data) {
    auto It = P.ByFunction.find(Row.Name);
    if (It == P.ByFunction.end()) {
      Row.CpuNs = 0;
      Row.CpuSelfNs = 0;
      continue;
    }
    Row.CpuNs = It->second.TotalNs;
    Row.CpuSelfNs = It->second.SelfNs;
  }
  // The default mode times only the long functions: every row's share is
  // then of the program's CPU (the cost of measuring out of it, as it is
  // out of each function's); `hotpath report` orders the rows by it.
  if (!R.M.Mode || *R.M.Mode != "default")
    return;
  uint64_t Program = P.CpuNs > P.MeasuringNs ? P.CpuNs - P.MeasuringNs : 0;
  for (report::FunctionRow &Row : R.Timing.Data)
    Row.PercentTotal =
        Program ? 100.0 * double(Row.CpuNs.value_or(0)) / double(Program) : 0;
}

} // namespace hotpath::samples
