// libFuzzer target: regression policy files (lib/policy).
#include "hotpath/policy/Policy.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  hotpath::policy::Policy P;
  std::string Error;
  hotpath::policy::parsePolicy(Text, "/fuzz/policy.toml", P, Error);
  return 0;
}
