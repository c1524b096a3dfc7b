//===- CpuSamples.cpp - The cpu_samples section ---------------------------===//
#include "hotpath/report/CpuSamples.h"
#include "hotpath/report/JsonFields.h"
#include "hotpath/report/JsonText.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>

namespace hotpath::report {

using json::Json;

namespace {

template <typename A, typename B>
void writePairs(JsonText &W, const std::vector<std::pair<A, B>> &Ps) {
  W.beginArray();
  for (const auto &[First, Second] : Ps) {
    W.beginArray();
    W.value(First);
    W.value(Second);
    W.endArray();
  }
  W.endArray();
}

} // namespace

void writeCpuSamples(JsonText &W, const CpuSamplesSection &S) {
  W.beginObject();
  W.member("description", S.Description);
  W.member("frequency_hz", S.FrequencyHz);
  W.member("samples", S.Samples);
  W.member("cpu_ns", S.CpuNs);
  W.member("lost", S.Lost);
  W.member("threads", S.Threads);
  W.member("truncated", S.Truncated);
  W.member("kernel", S.Kernel);
  W.objects("objects", S.Objects, [&](const SampledObject &O) {
    W.member("path", O.Path);
    W.member("build_id", O.BuildId);
    W.member("base", O.Base);
    W.key("text");
    writePairs(W, O.Text);
  });
  W.objects("measured", S.Measured, [&](const MeasuredSymbol &M) {
    W.member("name", M.Name);
    W.member("symbol", M.Symbol);
    W.member("file", M.File);
    W.member("line", M.Line);
    W.member("hash", M.Hash);
  });
  W.objects("chains", S.Chains, [&](const SampledChain &C) {
    W.member("count", C.Count);
    W.member("cpu_ns", C.CpuNs);
    W.member("frames", C.Frames);
    if (!C.Stack.empty()) {
      W.key("stack");
      W.beginObject();
      if (C.Stack.HasBp)
        W.member("bp", C.Stack.BpOffset);
      W.key("code");
      writePairs(W, C.Stack.Code);
      W.key("frame");
      writePairs(W, C.Stack.Frame);
      W.endObject();
    }
  });
  W.endObject();
}

void mergeCpuSamples(CpuSamplesSection &Into, const CpuSamplesSection &From) {
  if (!From.Present)
    return;
  if (!Into.Present) {
    Into = From;
    return;
  }
  // From's object -> the offset that moves its addresses into Into's run.
  std::vector<std::optional<int64_t>> Shift(From.Objects.size());
  for (size_t I = 0; I < From.Objects.size(); ++I)
    for (const SampledObject &O : Into.Objects)
      if (O.Path == From.Objects[I].Path &&
          O.BuildId == From.Objects[I].BuildId)
        Shift[I] = int64_t(O.Base - From.Objects[I].Base);
  using Key = std::pair<std::vector<uint64_t>, SampledStack>;
  std::map<Key, size_t> Index;
  for (size_t I = 0; I < Into.Chains.size(); ++I)
    Index[{Into.Chains[I].Frames, Into.Chains[I].Stack}] = I;
  auto Move = [&](uint64_t &A) {
    std::optional<int64_t> By;
    for (size_t I = 0; I < From.Objects.size() && !By; ++I)
      for (const auto &[Start, End] : From.Objects[I].Text)
        if (A >= Start && A < End)
          By = Shift[I];
    if (By)
      A = uint64_t(int64_t(A) + *By);
    return By.has_value();
  };
  for (const SampledChain &C : From.Chains) {
    SampledChain Moved = C;
    bool Ok = true;
    for (uint64_t &A : Moved.Frames)
      Ok = Ok && Move(A);
    for (auto &W : Moved.Stack.Code)
      Ok = Ok && Move(W.second);
    if (!Ok) {
      Into.Lost += C.Count;
      continue;
    }
    Into.Samples += C.Count;
    Into.CpuNs += C.CpuNs;
    Key K{Moved.Frames, Moved.Stack};
    if (auto It = Index.find(K); It != Index.end()) {
      Into.Chains[It->second].Count += C.Count;
      Into.Chains[It->second].CpuNs += C.CpuNs;
    } else {
      Index[K] = Into.Chains.size();
      Into.Chains.push_back(std::move(Moved));
    }
  }
  Into.Lost += From.Lost;
  Into.Threads += From.Threads;
  Into.Truncated += From.Truncated;
  for (const MeasuredSymbol &M : From.Measured)
    if (std::none_of(Into.Measured.begin(), Into.Measured.end(),
                     [&](const MeasuredSymbol &X) {
                       return X.Symbol == M.Symbol && X.Name == M.Name;
                     }))
      Into.Measured.push_back(M);
  std::sort(Into.Chains.begin(), Into.Chains.end(),
            [](const SampledChain &A, const SampledChain &B) {
              if (A.Count != B.Count)
                return A.Count > B.Count;
              return A.Frames != B.Frames ? A.Frames < B.Frames
                                          : A.Stack < B.Stack;
            });
}

namespace {

// [[offset, value], ...]: offsets within the copied stack.
template <typename V>
void readPairs(const Json &J, const std::string &P, const char *Key,
               std::vector<std::pair<uint32_t, V>> &Out) {
  const Json &A = json::arrayAt(J, P, Key);
  for (size_t K = 0; K < A.size(); ++K) {
    std::string At = P + "." + Key + "[" + std::to_string(K) + "]";
    if (!A[K].is_array() || A[K].size() != 2)
      json::expected(At, "[offset, value]");
    uint64_t Off = json::unsignedOf(A[K][0], At + "[0]");
    uint64_t Val = json::unsignedOf(A[K][1], At + "[1]");
    if (Off > UINT32_MAX || Val > std::numeric_limits<V>::max())
      json::expected(At, "offsets within the copied stack");
    Out.push_back({uint32_t(Off), V(Val)});
  }
}

void readStack(const Json &J, const std::string &P, SampledStack &S) {
  json::needObject(J, P);
  if (J.contains("bp")) {
    uint64_t Bp = json::unsignedAt(J, P, "bp");
    if (Bp > UINT32_MAX)
      json::expected(P + ".bp", "an offset within the copied stack");
    S.HasBp = true;
    S.BpOffset = uint32_t(Bp);
  }
  readPairs(J, P, "code", S.Code);
  readPairs(J, P, "frame", S.Frame);
}

} // namespace

void cpuSamplesFromJson(const Json &J, CpuSamplesSection &S) {
  const std::string P = "cpu_samples";
  json::needObject(J, P);
  S = CpuSamplesSection();
  S.Present = true;
  S.Description = json::stringAt(J, P, "description");
  S.FrequencyHz = json::unsignedAt(J, P, "frequency_hz");
  S.Samples = json::unsignedAt(J, P, "samples");
  S.CpuNs = json::unsignedAt(J, P, "cpu_ns");
  S.Lost = json::unsignedAt(J, P, "lost");
  S.Threads = json::unsignedAt(J, P, "threads");
  S.Truncated = json::unsignedAt(J, P, "truncated");
  if (auto K = J.find("kernel"); K != J.end()) {
    if (!K->is_boolean())
      json::expected(P + ".kernel", "a boolean");
    S.Kernel = K->get<bool>();
  }
  json::forEachObject(
      J, P, "objects", [&](const Json &OJ, const std::string &OP) {
        SampledObject O;
        O.Path = json::stringAt(OJ, OP, "path");
        O.BuildId = json::stringAt(OJ, OP, "build_id");
        O.Base = json::unsignedAt(OJ, OP, "base");
        const Json &Text = json::arrayAt(OJ, OP, "text");
        for (size_t K = 0; K < Text.size(); ++K) {
          std::string TP = OP + ".text[" + std::to_string(K) + "]";
          if (!Text[K].is_array() || Text[K].size() != 2)
            json::expected(TP, "a pair [start, end]");
          uint64_t Start = json::unsignedOf(Text[K][0], TP + "[0]");
          uint64_t End = json::unsignedOf(Text[K][1], TP + "[1]");
          if (End < Start)
            json::expected(TP, "start <= end");
          O.Text.push_back({Start, End});
        }
        S.Objects.push_back(std::move(O));
      });
  json::forEachObject(J, P, "measured",
                      [&](const Json &MJ, const std::string &MP) {
                        MeasuredSymbol M;
                        M.Name = json::stringAt(MJ, MP, "name");
                        M.Symbol = json::stringAt(MJ, MP, "symbol");
                        M.File = json::stringAt(MJ, MP, "file");
                        uint64_t Line = json::unsignedAt(MJ, MP, "line");
                        if (Line > UINT32_MAX)
                          json::expected(MP + ".line", "a line number");
                        M.Line = uint32_t(Line);
                        M.Hash = json::unsignedAt(MJ, MP, "hash");
                        S.Measured.push_back(std::move(M));
                      });
  json::forEachObject(
      J, P, "chains", [&](const Json &CJ, const std::string &CP) {
        SampledChain C;
        C.Count = json::unsignedAt(CJ, CP, "count");
        C.CpuNs = json::unsignedAt(CJ, CP, "cpu_ns");
        const Json &Frames = json::arrayAt(CJ, CP, "frames");
        if (Frames.empty())
          json::expected(CP + ".frames", "at least one address");
        for (size_t K = 0; K < Frames.size(); ++K)
          C.Frames.push_back(json::unsignedOf(
              Frames[K], CP + ".frames[" + std::to_string(K) + "]"));
        if (CJ.contains("stack"))
          readStack(CJ["stack"], CP + ".stack", C.Stack);
        S.Chains.push_back(std::move(C));
      });
}

} // namespace hotpath::report
