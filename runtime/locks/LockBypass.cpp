//===- LockBypass.cpp - Lock calls straight to glibc when untracked -------===//
//
// Reads each loaded object's dynamic section as the loader left it (its
// pointers relocated in place, which glibc does on x86-64; an unrelocated
// one, below the load address, is offset here), walks DT_JMPREL and
// rewrites the JUMP_SLOT entries of the interposed names. Written by hand:
// no Debian library patches a process's own PLT slots.
//
//===----------------------------------------------------------------------===//
#include "locks/LockBypass.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <unistd.h>

namespace hotpath::rt {

namespace {

struct Target {
  const char *Name, *Version; // the version the interposer calls on to
  void *Real = nullptr;       // glibc's function
  void *Interposer = nullptr; // what the loader binds the name to
};

// What LockHooks.cpp interposes.
Target Targets[] = {
    {"pthread_mutex_lock", nullptr},
    {"pthread_mutex_trylock", nullptr},
    {"pthread_mutex_unlock", nullptr},
    {"pthread_mutex_timedlock", nullptr},
    {"pthread_mutex_clocklock", nullptr},
    {"pthread_rwlock_rdlock", nullptr},
    {"pthread_rwlock_wrlock", nullptr},
    {"pthread_rwlock_unlock", nullptr},
    {"pthread_rwlock_timedrdlock", nullptr},
    {"pthread_rwlock_timedwrlock", nullptr},
    {"pthread_rwlock_clockrdlock", nullptr},
    {"pthread_rwlock_clockwrlock", nullptr},
    {"pthread_cond_wait", "GLIBC_2.3.2"},
    {"pthread_cond_timedwait", "GLIBC_2.3.2"},
    {"pthread_cond_clockwait", nullptr},
    {"pthread_spin_lock", nullptr},
    {"pthread_spin_unlock", nullptr},
    {"sem_wait", nullptr},
    {"sem_timedwait", nullptr},
    {"sem_clockwait", nullptr},
};

struct Walk {
  uintptr_t SelfBase; // this runtime's object (the .so, or the program)
  size_t Changed = 0;
};

// The object that defines the code at P (its load address), 0 if none.
uintptr_t objectOf(const void *P) {
  Dl_info I;
  return P && dladdr(P, &I) ? uintptr_t(I.dli_fbase) : 0;
}

// The protection of the page holding Addr, from /proc/self/maps (PROT_*
// bits), or -1 when it cannot be read. Read by hand with a small buffer:
// the runtime allocates nothing here.
int pageProtection(uintptr_t Addr) {
  int Fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return -1;
  char Buf[4096];
  size_t Have = 0;
  int Found = -1;
  while (Found < 0) {
    ssize_t N = read(Fd, Buf + Have, sizeof Buf - Have);
    if (N <= 0)
      break;
    Have += size_t(N);
    size_t Start = 0;
    for (size_t I = 0; I < Have && Found < 0; ++I) {
      if (Buf[I] != '\n')
        continue;
      // "start-end rwxp ..."
      char *P = Buf + Start, *End = nullptr;
      uintptr_t Lo = strtoull(P, &End, 16);
      uintptr_t Hi = *End == '-' ? strtoull(End + 1, &End, 16) : 0;
      if (Addr >= Lo && Addr < Hi && End + 4 < Buf + I)
        Found = (End[1] == 'r' ? PROT_READ : 0) |
                (End[2] == 'w' ? PROT_WRITE : 0) |
                (End[3] == 'x' ? PROT_EXEC : 0);
      Start = I + 1;
    }
    memmove(Buf, Buf + Start, Have - Start);
    Have -= Start;
    if (Have == sizeof Buf) // a line longer than the buffer: give up
      break;
  }
  close(Fd);
  return Found;
}

// Stores V in the GOT slot at Slot. A page that is not writable (the
// read-only part of the GOT, -z relro -z now) is made writable for the
// store and given back the protection it had: a page the program made
// writable itself stays so.
bool store(uintptr_t Slot, void *V, uintptr_t RelroLo, uintptr_t RelroHi) {
  long Page = sysconf(_SC_PAGESIZE);
  void *P = reinterpret_cast<void *>(Slot & ~uintptr_t(Page - 1));
  int Was = Slot >= RelroLo && Slot < RelroHi ? pageProtection(Slot)
                                              : PROT_READ | PROT_WRITE;
  if (Was < 0)
    return false;
  bool Lift = !(Was & PROT_WRITE);
  if (Lift && mprotect(P, size_t(Page), Was | PROT_WRITE) != 0)
    return false;
  // One aligned 8-byte store: a thread calling through the slot meanwhile
  // takes the interposer (which forwards) or glibc, never half of each.
  __atomic_store_n(reinterpret_cast<void **>(Slot), V, __ATOMIC_RELAXED);
  if (Lift)
    mprotect(P, size_t(Page), Was);
  return true;
}

// Whether V is the lazy PLT stub of the K-th JUMP_SLOT relocation, what the
// loader leaves in a slot it has not bound yet: `push $K` (after an
// endbr64 in an IBT PLT), in an executable segment of the object.
bool isLazyStub(const dl_phdr_info *Info, uintptr_t V, size_t K) {
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &Ph = Info->dlpi_phdr[I];
    uintptr_t Lo = Info->dlpi_addr + Ph.p_vaddr, Hi = Lo + Ph.p_memsz;
    if (Ph.p_type != PT_LOAD || !(Ph.p_flags & PF_X) || V < Lo || V + 9 > Hi)
      continue;
    const auto *C = reinterpret_cast<const unsigned char *>(V);
    if (C[0] == 0xf3 && C[1] == 0x0f && C[2] == 0x1e && C[3] == 0xfa) {
      if (V + 9 > Hi)
        return false;
      C += 4;
    }
    uint32_t Index;
    std::memcpy(&Index, C + 1, sizeof Index);
    return C[0] == 0x68 && Index == K;
  }
  return false;
}

int visit(dl_phdr_info *Info, size_t, void *Data) {
  Walk &W = *static_cast<Walk *>(Data);
  uintptr_t Base = Info->dlpi_addr;
  const ElfW(Dyn) *Dyn = nullptr;
  uintptr_t RelroLo = 0, RelroHi = 0;
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &Ph = Info->dlpi_phdr[I];
    if (Ph.p_type == PT_DYNAMIC)
      Dyn = reinterpret_cast<const ElfW(Dyn) *>(Base + Ph.p_vaddr);
    if (Ph.p_type == PT_GNU_RELRO) {
      RelroLo = Base + Ph.p_vaddr;
      RelroHi = RelroLo + Ph.p_memsz;
    }
  }
  if (!Dyn)
    return 0;
  uintptr_t JmpRel = 0, SymTab = 0, StrTab = 0;
  size_t PltRelSz = 0;
  int64_t PltRel = 0;
  for (const ElfW(Dyn) *D = Dyn; D->d_tag != DT_NULL; ++D)
    switch (D->d_tag) {
    case DT_JMPREL:
      JmpRel = D->d_un.d_ptr;
      break;
    case DT_PLTRELSZ:
      PltRelSz = D->d_un.d_val;
      break;
    case DT_PLTREL:
      PltRel = int64_t(D->d_un.d_val);
      break;
    case DT_SYMTAB:
      SymTab = D->d_un.d_ptr;
      break;
    case DT_STRTAB:
      StrTab = D->d_un.d_ptr;
      break;
    default:
      break;
    }
  if (!JmpRel || !SymTab || !StrTab || PltRel != DT_RELA)
    return 0;
  auto Abs = [&](uintptr_t P) { return P < Base ? P + Base : P; };
  const auto *Rela = reinterpret_cast<const ElfW(Rela) *>(Abs(JmpRel));
  const auto *Syms = reinterpret_cast<const ElfW(Sym) *>(Abs(SymTab));
  const char *Strs = reinterpret_cast<const char *>(Abs(StrTab));
  for (size_t K = 0; K < PltRelSz / sizeof(ElfW(Rela)); ++K) {
    if (ELF64_R_TYPE(Rela[K].r_info) != R_X86_64_JUMP_SLOT)
      continue;
    const char *Name = Strs + Syms[ELF64_R_SYM(Rela[K].r_info)].st_name;
    if (Name[0] != 'p' && Name[0] != 's')
      continue;
    for (Target &T : Targets)
      if (T.Real && std::strcmp(Name, T.Name) == 0) {
        // Still what the loader put there: bound to the interposer, or
        // not bound yet (its lazy stub; it would be). Anything else, a
        // program's own hook above all, is left alone.
        uintptr_t Slot = Base + Rela[K].r_offset;
        uintptr_t V = *reinterpret_cast<const uintptr_t *>(Slot);
        if ((V == uintptr_t(T.Interposer) || isLazyStub(Info, V, K)) &&
            store(Slot, T.Real, RelroLo, RelroHi))
          ++W.Changed;
        break;
      }
  }
  return 0;
}

} // namespace

size_t bypassLockInterposers() {
  static bool Done = false;
  if (Done)
    return 0;
  Done = true;
  Walk W;
  W.SelfBase = objectOf(reinterpret_cast<const void *>(&bypassLockInterposers));
  size_t Usable = 0;
  for (Target &T : Targets) {
    // Only where the loader resolves the name to this runtime's interposer.
    T.Interposer = dlsym(RTLD_DEFAULT, T.Name);
    if (objectOf(T.Interposer) != W.SelfBase)
      continue;
    void *Real = T.Version ? dlvsym(RTLD_NEXT, T.Name, T.Version) : nullptr;
    if (!Real)
      Real = dlsym(RTLD_NEXT, T.Name);
    if (Real && objectOf(Real) != W.SelfBase) {
      T.Real = Real;
      ++Usable;
    }
  }
  if (Usable && W.SelfBase)
    dl_iterate_phdr(visit, &W);
  return W.Changed;
}

} // namespace hotpath::rt
