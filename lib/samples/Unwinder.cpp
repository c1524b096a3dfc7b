//===- Unwinder.cpp - Frames that code without frame pointers hid ---------===//
#include "hotpath/samples/Unwinder.h"

#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/DebugInfo/DWARF/DWARFDebugFrame.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <map>
#include <optional>

namespace hotpath::samples {

namespace {

// x86-64's DWARF register numbers.
constexpr uint32_t RegRbp = 6, RegRsp = 7, RegReturn = 16;

struct FdeRange {
  uint64_t Start, End;
  const llvm::dwarf::FDE *Fde;
};

// One object's call-frame information.
struct ObjectCfi {
  llvm::object::OwningBinary<llvm::object::ObjectFile> Bin;
  std::unique_ptr<llvm::DWARFContext> Dwarf;
  std::vector<FdeRange> Fdes; // by Start
  std::map<const llvm::dwarf::FDE *, std::optional<llvm::dwarf::UnwindTable>>
      Tables;
};

} // namespace

struct Unwinder::Impl {
  const report::CpuSamplesSection &S;
  Symbolizer &Sym;
  std::vector<std::unique_ptr<ObjectCfi>> Cfi; // by object, null: unread
  std::vector<bool> Tried;

  Impl(const report::CpuSamplesSection &S, Symbolizer &Sym)
      : S(S), Sym(Sym), Cfi(S.Objects.size()), Tried(S.Objects.size()) {}

  ObjectCfi *load(size_t I) {
    if (Tried[I])
      return Cfi[I].get();
    Tried[I] = true;
    if (!Sym.readable(I))
      return nullptr;
    auto Bin = llvm::object::ObjectFile::createObjectFile(S.Objects[I].Path);
    if (!Bin) {
      llvm::consumeError(Bin.takeError());
      return nullptr;
    }
    auto O = std::make_unique<ObjectCfi>();
    O->Bin = std::move(*Bin);
    O->Dwarf = llvm::DWARFContext::create(*O->Bin.getBinary());
    auto Frame = O->Dwarf->getEHFrame();
    if (!Frame) {
      llvm::consumeError(Frame.takeError());
      return nullptr;
    }
    for (const llvm::dwarf::FrameEntry &E : (*Frame)->entries())
      if (const auto *F = llvm::dyn_cast<llvm::dwarf::FDE>(&E))
        O->Fdes.push_back({F->getInitialLocation(),
                           F->getInitialLocation() + F->getAddressRange(), F});
    std::sort(
        O->Fdes.begin(), O->Fdes.end(),
        [](const FdeRange &A, const FdeRange &B) { return A.Start < B.Start; });
    Cfi[I] = std::move(O);
    return Cfi[I].get();
  }

  // The call-frame row in effect at `Addr`, or null.
  const llvm::dwarf::UnwindRow *rowAt(uint64_t Addr) {
    std::optional<size_t> I = Sym.objectOf(Addr);
    ObjectCfi *O = I ? load(*I) : nullptr;
    if (!O)
      return nullptr;
    uint64_t At = Addr - S.Objects[*I].Base;
    auto It = std::upper_bound(
        O->Fdes.begin(), O->Fdes.end(), At,
        [](uint64_t A, const FdeRange &R) { return A < R.Start; });
    if (It == O->Fdes.begin() || At >= std::prev(It)->End)
      return nullptr;
    const llvm::dwarf::FDE *Fde = std::prev(It)->Fde;
    auto [T, New] = O->Tables.try_emplace(Fde);
    if (New) {
      auto Table = llvm::dwarf::UnwindTable::create(Fde);
      if (Table)
        T->second = std::move(*Table);
      else
        llvm::consumeError(Table.takeError());
    }
    if (!T->second)
      return nullptr;
    const llvm::dwarf::UnwindRow *Found = nullptr;
    for (const llvm::dwarf::UnwindRow &R : *T->second)
      if (R.hasAddress() && R.getAddress() <= At)
        Found = &R;
    return Found;
  }
};

Unwinder::Unwinder(const report::CpuSamplesSection &S, Symbolizer &Sym)
    : P(std::make_unique<Impl>(S, Sym)) {}
Unwinder::~Unwinder() = default;

std::vector<uint64_t> Unwinder::frames(const report::SampledChain &C) {
  const std::vector<uint64_t> &Kernel = C.Frames;
  const report::SampledStack &St = C.Stack;
  if (Kernel.empty() || (St.Code.empty() && St.Frame.empty()))
    return Kernel;
  std::map<uint64_t, uint64_t> CodeAt(St.Code.begin(), St.Code.end());
  std::map<uint64_t, uint64_t> FrameAt(St.Frame.begin(), St.Frame.end());
  // The registers, as offsets from the stack pointer at the sample.
  uint64_t Sp = 0;
  std::optional<uint64_t> Bp;
  if (St.HasBp)
    Bp = St.BpOffset;
  bool BpRestored = false; // a frame's saved value replaced the register's
  std::vector<uint64_t> Out{Kernel[0]};
  uint64_t Pc = Kernel[0];
  auto JoinKernel = [&] {
    Out.insert(Out.end(), Kernel.begin() + 1, Kernel.end());
    return Out;
  };
  for (size_t Step = 0; Step < 256; ++Step) {
    // A return address is looked up in its call instruction.
    const llvm::dwarf::UnwindRow *Row = P->rowAt(Step ? Pc - 1 : Pc);
    if (!Row)
      break;
    const llvm::dwarf::UnwindLocation &Cfa = Row->getCFAValue();
    if (Cfa.getLocation() != llvm::dwarf::UnwindLocation::RegPlusOffset)
      break;
    if (Cfa.getRegister() == RegRbp && !BpRestored) {
      // A frame with its frame pointer, the one the kernel's walk started
      // from: its walk is sound from here.
      return Step == 0 ? Kernel : JoinKernel();
    }
    std::optional<uint64_t> Base;
    if (Cfa.getRegister() == RegRsp)
      Base = Sp;
    else if (Cfa.getRegister() == RegRbp)
      Base = Bp;
    if (!Base)
      break;
    uint64_t CfaAt = *Base + uint64_t(int64_t(Cfa.getOffset()));
    auto SavedAt = [&](uint32_t Reg) -> std::optional<uint64_t> {
      auto L = Row->getRegisterLocations().getRegisterLocation(Reg);
      if (!L || !(*L == llvm::dwarf::UnwindLocation::createAtCFAPlusOffset(
                            L->getOffset())))
        return std::nullopt;
      return CfaAt + uint64_t(int64_t(L->getOffset()));
    };
    std::optional<uint64_t> RetAt = SavedAt(RegReturn);
    auto Ret = RetAt ? CodeAt.find(*RetAt) : CodeAt.end();
    if (Ret == CodeAt.end())
      break; // not among the kept words: the unwinding ends
    if (std::optional<uint64_t> BpAt = SavedAt(RegRbp))
      if (auto Saved = FrameAt.find(*BpAt); Saved != FrameAt.end()) {
        BpRestored |= !Bp || *Bp != Saved->second;
        Bp = Saved->second;
      }
    Sp = CfaAt;
    Pc = Ret->second;
    Out.push_back(Pc);
  }
  if (Out.size() == 1)
    return Kernel; // nothing learned
  // The frame-pointer register untouched: the kernel's walk from it
  // continues above the frames unwound. Else it followed a value code used
  // for something else: what it found is not the program's.
  return BpRestored ? Out : JoinKernel();
}

} // namespace hotpath::samples
