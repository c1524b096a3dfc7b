//===- LocksReport.cpp - The snapshot's locks as the locks section --------===//
#include "output/LocksReport.h"

#include <climits>
#include <cstdlib>
#include <link.h>
#include <unistd.h>

namespace hotpath::rt {

namespace {

struct Found {
  uint64_t Addr;
  std::string Path;
  uint64_t Offset = 0;
  bool Hit = false;
};

// The loaded object whose segments hold `Addr`, and the address in its
// virtual addresses (what a symbolizer reads the file by).
int findObject(dl_phdr_info *Info, size_t, void *Data) {
  auto *F = static_cast<Found *>(Data);
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &Ph = Info->dlpi_phdr[I];
    if (Ph.p_type != PT_LOAD)
      continue;
    uint64_t Start = Info->dlpi_addr + Ph.p_vaddr;
    if (F->Addr < Start || F->Addr >= Start + Ph.p_memsz)
      continue;
    F->Hit = true;
    F->Offset = F->Addr - Info->dlpi_addr;
    if (Info->dlpi_name && Info->dlpi_name[0]) {
      F->Path = Info->dlpi_name;
    } else { // the program itself
      char Buf[PATH_MAX];
      ssize_t N = readlink("/proc/self/exe", Buf, sizeof Buf - 1);
      F->Path = N > 0 ? std::string(Buf, size_t(N)) : "";
    }
    return 1;
  }
  return 0;
}

Found objectOf(uint64_t Addr) {
  Found F{Addr, "", 0, false};
  if (Addr)
    dl_iterate_phdr(findObject, &F);
  return F;
}

std::string nameOf(const Snapshot &S, uint32_t Id) {
  return Id && Id < S.Functions.size() ? rowName(S.Functions[Id]) : "";
}

} // namespace

void buildLocks(const Snapshot &S, report::LocksSection &Out) {
  if (!S.LocksTracked)
    return;
  Out.Present = true;
  Out.Description =
      "Locks (HOTPATH_LOCKS): the program's pthread mutexes, rwlocks, spin "
      "locks, condition variables and semaphores; wait = the time a "
      "contended acquisition or a wait took, hold time from one "
      "acquisition in " +
      std::to_string(S.LockHoldPeriod) +
      (S.LockHoldPeriod > 1 ? " (extrapolated)" : "");
  Out.HoldPeriod = S.LockHoldPeriod;
  for (const LockOut &L : S.Locks) {
    report::LockRow R;
    R.Kind = lockKindName(L.Kind);
    R.Address = L.Addr;
    if (Found F = objectOf(L.Addr); F.Hit) {
      R.Object = F.Path;
      R.Offset = F.Offset;
    }
    R.FirstFunction = nameOf(S, L.FirstFn);
    if (Found F = objectOf(L.FirstSite); F.Hit) {
      R.SiteObject = F.Path;
      R.SiteOffset = F.Offset;
    }
    R.Acquisitions = L.Acquisitions;
    R.Contended = L.Contended;
    R.WaitNs = L.WaitNs;
    R.WaitP95Ns = L.WaitP95Ns;
    R.WaitMaxNs = L.WaitMaxNs;
    R.HoldNs = L.HoldNs;
    R.HoldMaxNs = L.HoldMaxNs;
    R.HoldsTimed = L.HoldsTimed;
    for (const auto &[Fn, Ns] : L.Waiters)
      if (std::string N = nameOf(S, Fn); !N.empty())
        R.Waiters.push_back({N, Ns});
    Out.Data.push_back(std::move(R));
  }
}

} // namespace hotpath::rt
