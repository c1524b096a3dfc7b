// libFuzzer target: hotpath.toml as the pass reads it (pass/Config.h).
// Any input must give a Config or one diagnostic, never a crash.
#include "Config.h"

#include "llvm/Support/Error.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto C = hotpath::parseConfig(Text, "/fuzz/hotpath.toml");
  if (!C)
    llvm::consumeError(C.takeError());
  return 0;
}
