//===- LoadedObjects.cpp - The program's mapped ELF objects ---------------===//
#include "sampling/LoadedObjects.h"

#include <climits>
#include <cstring>
#include <elf.h>
#include <link.h>
#include <unistd.h>

namespace hotpath::rt {

namespace {

std::string buildIdOf(const dl_phdr_info *Info) {
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &P = Info->dlpi_phdr[I];
    if (P.p_type != PT_NOTE)
      continue;
    const char *Note =
        reinterpret_cast<const char *>(Info->dlpi_addr + P.p_vaddr);
    size_t Off = 0;
    while (Off + sizeof(ElfW(Nhdr)) <= P.p_memsz) {
      ElfW(Nhdr) H;
      std::memcpy(&H, Note + Off, sizeof H);
      size_t Name = Off + sizeof H;
      size_t Desc = Name + ((H.n_namesz + 3) & ~size_t(3));
      size_t Next = Desc + ((H.n_descsz + 3) & ~size_t(3));
      if (Next > P.p_memsz)
        break;
      if (H.n_type == NT_GNU_BUILD_ID && H.n_namesz == 4 &&
          std::memcmp(Note + Name, "GNU", 4) == 0) {
        static const char Hex[] = "0123456789abcdef";
        std::string S;
        for (size_t J = 0; J < H.n_descsz; ++J) {
          unsigned char C = Note[Desc + J];
          S += Hex[C >> 4];
          S += Hex[C & 15];
        }
        return S;
      }
      Off = Next;
    }
  }
  return "";
}

std::string programPath() {
  char Buf[PATH_MAX];
  ssize_t N = readlink("/proc/self/exe", Buf, sizeof Buf - 1);
  return N > 0 ? std::string(Buf, size_t(N)) : std::string();
}

struct Collect {
  std::vector<LoadedObject> *Out;
  bool MainOnly;
};

int collectObject(dl_phdr_info *Info, size_t, void *Data) {
  auto *C = static_cast<Collect *>(Data);
  bool Main = C->Out->empty(); // the first object is the program
  LoadedObject O;
  O.Path = Main ? programPath()
                : std::string(Info->dlpi_name ? Info->dlpi_name : "");
  O.BuildId = buildIdOf(Info);
  O.Base = Info->dlpi_addr;
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &P = Info->dlpi_phdr[I];
    if (P.p_type == PT_LOAD && (P.p_flags & PF_X) && (P.p_flags & PF_R))
      O.Text.push_back({Info->dlpi_addr + P.p_vaddr,
                        Info->dlpi_addr + P.p_vaddr + P.p_memsz});
  }
  // The vDSO has no file; an object named by a relative path is resolved
  // by the tool against nothing: both left out, as objects of no code.
  if (Main || (!O.Path.empty() && O.Path[0] == '/'))
    C->Out->push_back(std::move(O));
  return C->MainOnly ? 1 : 0;
}

} // namespace

std::vector<LoadedObject> loadedObjects() {
  std::vector<LoadedObject> Out;
  Collect C{&Out, false};
  dl_iterate_phdr(collectObject, &C);
  return Out;
}

std::optional<std::string> mainBuildId() {
  std::vector<LoadedObject> Out;
  Collect C{&Out, true};
  dl_iterate_phdr(collectObject, &C);
  if (Out.empty() || Out[0].BuildId.empty())
    return std::nullopt;
  return Out[0].BuildId;
}

} // namespace hotpath::rt
