//===- LeafCaller.cpp - The caller a frame-pointer walk skips -------------===//
#include "sampling/LeafCaller.h"
#include "sampling/LoadedObjects.h"

#include <cstring>
#include <sys/uio.h>
#include <unistd.h>

namespace hotpath::rt {

bool followsCall(const std::vector<LoadedObject> &Objects, uint64_t Addr) {
#if defined(__x86_64__)
  for (const LoadedObject &O : Objects)
    for (const auto &[Start, End] : O.Text) {
      if (Addr < Start + 7 || Addr > End)
        continue;
      // The 7 bytes before Addr, through the kernel: an object unloaded
      // since the list was taken gives EFAULT, not a crash.
      unsigned char B[7];
      iovec Local{B, sizeof B};
      iovec Remote{reinterpret_cast<void *>(Addr - 7), sizeof B};
      if (process_vm_readv(getpid(), &Local, 1, &Remote, 1, 0) !=
          ssize_t(sizeof B))
        return false;
      // call rel32: E8 xx xx xx xx
      if (B[2] == 0xE8)
        return true;
      // call *%reg: FF D0+r, with a REX prefix 41 FF D0+r
      if (B[5] == 0xFF && (B[6] & 0xF8) == 0xD0)
        return true;
      // call *disp32(%rip) and call *disp32(%reg): FF 15 / FF 90+r disp32
      if (B[1] == 0xFF && (B[2] == 0x15 || (B[2] & 0xF8) == 0x90))
        return true;
      // call *disp8(%reg): FF 50+r disp8
      if (B[4] == 0xFF && (B[5] & 0xF8) == 0x50)
        return true;
      // call *(%reg): FF 10+r
      if (B[5] == 0xFF && (B[6] & 0xF8) == 0x10)
        return true;
      return false;
    }
#else
  (void)Objects;
  (void)Addr;
#endif
  return false;
}

uint32_t restoreLeafCaller(const std::vector<LoadedObject> &Objects,
                           uint64_t *Chain, uint32_t Depth, uint64_t StackTop) {
  if (!StackTop || Depth == 0 || (Depth > 1 && Chain[1] == StackTop))
    return Depth;
  if (!followsCall(Objects, StackTop))
    return Depth;
  std::memmove(Chain + 2, Chain + 1, (Depth - 1) * sizeof(uint64_t));
  Chain[1] = StackTop;
  return Depth + 1;
}

} // namespace hotpath::rt
