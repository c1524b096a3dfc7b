// libFuzzer target: the Callgrind format reader and what the runtime does
// with a parsed dump (inclusive costs, marker attribution).
#include "hotpath/callgrind/CallgrindAttribution.h"
#include "hotpath/callgrind/CallgrindProfile.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace hotpath::callgrind;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  Profile P;
  std::string Error;
  // A failed parse still leaves what was read: use it too.
  parseProfile(Text, P, Error);
  for (const Part &Pt : P.Parts) {
    (void)Pt.total();
    (void)Pt.inclusiveLikeAnnotate();
  }
  Attribution A = attribute(P.Parts);
  (void)estimatedCycles(A.Totals, A.Events);
  return 0;
}
