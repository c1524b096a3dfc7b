// libFuzzer target: the JSON report reader (`hotpath report/diff/merge`
// inputs). A report that reads back must write again and read back equal.
#include "hotpath/report/ReportJson.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

using namespace hotpath::report;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  Report R;
  std::string Error;
  if (!parseReport(Text, R, Error))
    return 0;
  std::string Again = writeJson(R, false);
  Report R2;
  if (!parseReport(Again, R2, Error))
    abort(); // what we write, we must read
  if (writeJson(R2, false) != Again)
    abort(); // and the round trip is stable
  return 0;
}
