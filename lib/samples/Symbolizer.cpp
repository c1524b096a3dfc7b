//===- Symbolizer.cpp - Sampled addresses to functions and lines ----------===//
#include "hotpath/samples/Symbolizer.h"
#include "hotpath/support/FileRead.h"

#include "llvm/DebugInfo/Symbolize/Symbolize.h"
#include "llvm/Object/BuildID.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace hotpath::samples {

namespace {

std::string hex(llvm::ArrayRef<uint8_t> Bytes) {
  static const char Digits[] = "0123456789abcdef";
  std::string S;
  for (uint8_t B : Bytes) {
    S += Digits[B >> 4];
    S += Digits[B & 15];
  }
  return S;
}

} // namespace

struct Symbolizer::Impl {
  const report::CpuSamplesSection &S;
  llvm::symbolize::LLVMSymbolizer Llvm;
  // Per object (index in S.Objects): readable, or why not.
  std::vector<int> State; // 0 unchecked, 1 readable, -1 not
  std::vector<std::string> Warnings;
  std::unordered_map<uint64_t, std::vector<SourceFrame>> Cache[2];

  static llvm::symbolize::LLVMSymbolizer::Options options() {
    llvm::symbolize::LLVMSymbolizer::Options O;
    O.Demangle = false; // linkage names: they match the measured symbols
    O.PrintFunctions = llvm::symbolize::FunctionNameKind::LinkageName;
    O.RelativeAddresses = false;
    return O;
  }

  explicit Impl(const report::CpuSamplesSection &S)
      : S(S), Llvm(options()), State(S.Objects.size(), 0) {}

  bool readable(size_t I) {
    if (State[I])
      return State[I] > 0;
    const report::SampledObject &O = S.Objects[I];
    State[I] = -1;
    // A report names its objects: one that names a FIFO or a device would
    // block the symbolizer's open or have it read without end.
    std::string Why;
    if (!support::checkRegularFile(O.Path, support::MaxObjectFileBytes, Why)) {
      Warnings.push_back(O.Path + ": " + Why + ": its samples are not named");
      return false;
    }
    auto Bin = llvm::object::ObjectFile::createObjectFile(O.Path);
    if (!Bin) {
      Warnings.push_back(O.Path + ": " + llvm::toString(Bin.takeError()) +
                         ": its samples are not named");
      return false;
    }
    std::string Id = hex(llvm::object::getBuildID(Bin->getBinary()));
    if (!O.BuildId.empty() && Id != O.BuildId) {
      Warnings.push_back(O.Path + " was rebuilt since the run (build id " + Id +
                         ", the run's " + O.BuildId +
                         "): its samples are not named");
      return false;
    }
    State[I] = 1;
    return true;
  }

  std::optional<size_t> objectOf(uint64_t Addr) const {
    for (size_t I = 0; I < S.Objects.size(); ++I)
      for (const auto &[Start, End] : S.Objects[I].Text)
        if (Addr >= Start && Addr < End)
          return I;
    return std::nullopt;
  }

  std::vector<SourceFrame> lookUp(uint64_t Addr, bool Return) {
    uint64_t At = Return && Addr ? Addr - 1 : Addr;
    std::optional<size_t> I = objectOf(At);
    if (!I) {
      SourceFrame None;
      None.Offset = At;
      return {None};
    }
    const report::SampledObject &O = S.Objects[*I];
    SourceFrame Unknown;
    Unknown.Object = O.Path;
    Unknown.Offset = At - O.Base;
    if (!readable(*I))
      return {Unknown};
    auto Info = Llvm.symbolizeInlinedCode(
        O.Path, {At - O.Base, llvm::object::SectionedAddress::UndefSection});
    if (!Info) {
      llvm::consumeError(Info.takeError());
      return {Unknown};
    }
    std::vector<SourceFrame> Out;
    for (uint32_t K = 0; K < Info->getNumberOfFrames(); ++K) {
      const llvm::DILineInfo &L = Info->getFrame(K);
      SourceFrame F = Unknown;
      if (L.FunctionName != llvm::DILineInfo::BadString)
        F.Symbol = L.FunctionName;
      if (L.FileName != llvm::DILineInfo::BadString)
        F.File = L.FileName;
      F.Line = L.Line;
      F.Inlined = K + 1 < Info->getNumberOfFrames();
      Out.push_back(std::move(F));
    }
    if (Out.empty())
      Out.push_back(Unknown);
    return Out;
  }
};

Symbolizer::Symbolizer(const report::CpuSamplesSection &S)
    : P(std::make_unique<Impl>(S)) {}
Symbolizer::~Symbolizer() = default;

const std::vector<SourceFrame> &Symbolizer::frames(uint64_t Addr, bool Return) {
  auto &C = P->Cache[Return ? 1 : 0];
  auto It = C.find(Addr);
  if (It == C.end())
    It = C.emplace(Addr, P->lookUp(Addr, Return)).first;
  return It->second;
}

std::optional<size_t> Symbolizer::objectOf(uint64_t Addr) const {
  return P->objectOf(Addr);
}

bool Symbolizer::readable(size_t I) {
  return I < P->S.Objects.size() && P->readable(I);
}

std::vector<std::string> Symbolizer::warnings() const { return P->Warnings; }

} // namespace hotpath::samples
