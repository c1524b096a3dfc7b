//===- SecondCopy.cpp - Two runtimes in one process -----------------------===//
#include "session/SecondCopy.h"
#include "hotpath/abi.h"

#include <dlfcn.h>

// A symbol only this runtime defines: a second copy of the runtime in the
// process finds a different address for it through the global scope. Two
// definitions are the point, so ASan must not call them an ODR violation.
extern "C" __attribute__((visibility("default"), no_sanitize("address")))
const char __hotpath_runtime_instance = 1;
// Hidden aliases: their addresses are this copy's, never an interposed one.
extern "C" __attribute__((visibility("hidden"))) const char HpInstanceLocal
    __attribute__((alias("__hotpath_runtime_instance")));
extern "C" void HpEnterLocal(hotpath_fn_desc *);

namespace hotpath::rt {

std::string secondCopyWarning() {
  void *Marker = dlsym(RTLD_DEFAULT, "__hotpath_runtime_instance");
  void *Enter = dlsym(RTLD_DEFAULT, "__hotpath_enter");
  if ((Marker && Marker != &HpInstanceLocal) ||
      (Enter && Enter != reinterpret_cast<void *>(&HpEnterLocal)))
    return "two copies of the hotpath runtime are loaded in this process; "
           "each measures only the code bound to it. Link every measured "
           "object against the shared libhotpath_rt.";
  return "";
}

} // namespace hotpath::rt
