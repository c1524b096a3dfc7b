//===- Diagnostics.cpp - What an empty report says ------------------------===//
#include "session/Diagnostics.h"
#include "core/Registry.h"

namespace hotpath::rt {

std::string nothingRanWarning(const Snapshot &S) {
  for (const FunctionTiming &T : S.Timing)
    if (T.Calls)
      return "";
  uint32_t N = functionCount();
  std::string Why =
      N == 0
          ? "no function of this program is instrumented (no hotpath.toml "
            "or HOTPATH_CONFIG for its sources, or no rule in it selects a "
            "function)"
          : "no measured function ran in this session (" + std::to_string(N) +
                " function" + (N == 1 ? " is" : "s are") + " instrumented)";
  return Why + "; HOTPATH_VERBOSE=1 at compile time shows what the plugin "
               "selects and why";
}

} // namespace hotpath::rt
