//===- CpuAttribution.cpp - CPU samples by measured function, at exit ----===//
//
// Reads the ELF symbol tables itself (a few sections by pread, as Meta.cpp
// reads .comment): the runtime links no symbolizer.
//
//===----------------------------------------------------------------------===//
#include "output/CpuAttribution.h"

#include <algorithm>
#include <cstring>
#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_map>

namespace hotpath::rt {

namespace {

struct Range {
  uint64_t Lo, Hi;
  uint32_t Id;
  bool operator<(const Range &O) const { return Lo < O.Lo; }
};

// A symbol table's sections are read whole: refuse what no real one is.
constexpr uint64_t MaxTableBytes = uint64_t(1) << 30;

// The markers of the measured functions (by hash) in the object at Path,
// loaded at Base, appended to Out.
void markersOf(const LoadedObject &O,
               const std::unordered_map<uint64_t, uint32_t> &IdOfHash,
               std::vector<Range> &Out) {
  int Fd = ::open(O.Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return;
  struct stat St;
  auto ReadAt = [&](void *Buf, size_t Len, uint64_t Off) {
    return ::pread(Fd, Buf, Len, off_t(Off)) == ssize_t(Len);
  };
  Elf64_Ehdr E;
  if (::fstat(Fd, &St) == 0 && S_ISREG(St.st_mode) && ReadAt(&E, sizeof E, 0) &&
      std::memcmp(E.e_ident, ELFMAG, SELFMAG) == 0 &&
      E.e_ident[EI_CLASS] == ELFCLASS64 &&
      E.e_shentsize == sizeof(Elf64_Shdr) && E.e_shnum > 0 &&
      E.e_shnum < 65000) {
    std::vector<Elf64_Shdr> Sh(E.e_shnum);
    if (ReadAt(Sh.data(), Sh.size() * sizeof(Elf64_Shdr), E.e_shoff)) {
      for (const Elf64_Shdr &T : Sh) {
        if (T.sh_type != SHT_SYMTAB || T.sh_link >= Sh.size() ||
            T.sh_entsize != sizeof(Elf64_Sym) || T.sh_size > MaxTableBytes)
          continue;
        const Elf64_Shdr &StrSh = Sh[T.sh_link];
        if (StrSh.sh_size > MaxTableBytes)
          continue;
        std::vector<Elf64_Sym> Syms(T.sh_size / sizeof(Elf64_Sym));
        std::string Names(StrSh.sh_size, '\0');
        if (!ReadAt(Syms.data(), Syms.size() * sizeof(Elf64_Sym),
                    T.sh_offset) ||
            !ReadAt(Names.data(), Names.size(), StrSh.sh_offset) ||
            Names.empty() || Names.back() != '\0')
          continue;
        for (const Elf64_Sym &Y : Syms) {
          uint64_t Hash;
          if (ELF64_ST_TYPE(Y.st_info) != STT_FUNC || !Y.st_size ||
              Y.st_name >= Names.size() ||
              !markerHash(Names.c_str() + Y.st_name, Hash))
            continue;
          auto It = IdOfHash.find(Hash);
          if (It != IdOfHash.end())
            Out.push_back({O.Base + Y.st_value, O.Base + Y.st_value + Y.st_size,
                           It->second});
        }
      }
    }
  }
  ::close(Fd);
}

uint32_t idAt(const std::vector<Range> &R, uint64_t Addr) {
  auto It = std::upper_bound(R.begin(), R.end(), Range{Addr, 0, 0});
  if (It == R.begin())
    return 0;
  --It;
  return Addr < It->Hi ? It->Id : 0;
}

} // namespace

bool markerHash(const char *Name, uint64_t &Hash) {
  const char *P = std::strrchr(Name, '.');
  if (!P || P == Name || !P[1])
    return false;
  // The part before the last dot ends in ".hotpath" or ".hotpath_hooked".
  std::string Head(Name, size_t(P - Name));
  auto EndsWith = [&](const char *S) {
    size_t N = std::strlen(S);
    return Head.size() > N && Head.compare(Head.size() - N, N, S) == 0;
  };
  if (!EndsWith(".hotpath") && !EndsWith(".hotpath_hooked"))
    return false;
  uint64_t H = 0;
  for (const char *D = P + 1; *D; ++D) {
    uint64_t Digit = uint64_t(*D - '0');
    if (*D < '0' || *D > '9' || H > (UINT64_MAX - Digit) / 10)
      return false;
    H = H * 10 + Digit;
  }
  Hash = H;
  return true;
}

CpuByFunction attributeCpu(const Snapshot &S) {
  CpuByFunction Out;
  if (S.Cpu.Stacks.empty())
    return Out;
  std::unordered_map<uint64_t, uint32_t> IdOfHash;
  for (size_t I = 1; I < S.Functions.size(); ++I)
    if (I < S.Timing.size() && S.Timing[I].Calls)
      IdOfHash[S.Functions[I].Hash] = uint32_t(I);
  // Only the objects a sample fell in.
  std::vector<Range> Markers;
  for (const LoadedObject &O : S.Cpu.Objects) {
    bool Hit = false;
    for (const SampledStack &St : S.Cpu.Stacks) {
      for (uint64_t A : St.Frames)
        for (const auto &[Lo, Hi] : O.Text)
          Hit |= A >= Lo && A < Hi;
      if (Hit)
        break;
    }
    if (Hit)
      markersOf(O, IdOfHash, Markers);
  }
  if (Markers.empty())
    return Out;
  std::sort(Markers.begin(), Markers.end());
  // The shared runtime's code: a sample there is the cost of measuring,
  // left out of every function's CPU and of the program's.
  std::vector<std::pair<uint64_t, uint64_t>> Runtime;
  for (const LoadedObject &O : S.Cpu.Objects) {
    size_t Slash = O.Path.rfind('/');
    if (O.Path.compare(Slash == std::string::npos ? 0 : Slash + 1, 13,
                       "libhotpath_rt") == 0)
      Runtime.insert(Runtime.end(), O.Text.begin(), O.Text.end());
  }
  auto InRuntime = [&](uint64_t A) {
    for (const auto &[Lo, Hi] : Runtime)
      if (A >= Lo && A < Hi)
        return true;
    return false;
  };
  Out.Attributed = true;
  Out.Cpu.assign(S.Functions.size(), 0);
  Out.Self.assign(S.Functions.size(), 0);
  std::vector<uint32_t> Seen;
  for (const SampledStack &St : S.Cpu.Stacks) {
    if (!St.Frames.empty() && InRuntime(St.Frames[0]))
      continue;
    Out.ProgramNs += St.PeriodNs;
    Seen.clear();
    for (size_t K = 0; K < St.Frames.size(); ++K) {
      // A caller's frame is a return address: the call is the byte before.
      uint64_t A = K ? St.Frames[K] - 1 : St.Frames[K];
      uint32_t Id = idAt(Markers, A);
      if (!Id || Id >= Out.Cpu.size())
        continue;
      if (Seen.empty())
        Out.Self[Id] += St.PeriodNs;
      if (std::find(Seen.begin(), Seen.end(), Id) == Seen.end()) {
        Seen.push_back(Id);
        Out.Cpu[Id] += St.PeriodNs;
      }
    }
  }
  return Out;
}

} // namespace hotpath::rt
