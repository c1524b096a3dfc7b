//===- SessionApi.cpp - The session half of the hook ABI ------------------===//
//
// What instrumented programs call (abi.h, hotpath.h): main's session hooks
// and the C API. This object is what ties an instrumented program to the
// session layer in a static link: it defines the symbol every instrumented
// object references (the link check), and registers the lazy session with
// the hot path (core/SessionControl.h) as it loads.
//
//===----------------------------------------------------------------------===//
#include "core/SessionControl.h"
#include "hotpath/abi.h"
#include "hotpath/hotpath.h"
#include "session/Session.h"

// Read by every instrumented object's registration constructor: its name is
// the link error's advice when the runtime is missing (abi.h). Not
// ASan-instrumented: a second runtime copy (detected, SecondCopy.cpp) defines
// it too, which ASan would abort on as an ODR violation.
extern "C" __attribute__((visibility("default"), used, no_sanitize("address")))
const char HpLinkCheck __asm__(HOTPATH_LINK_CHECK_SYMBOL) = 0;

namespace {
__attribute__((constructor)) void registerLazySession() {
  using namespace hotpath::rt;
  setLazySessionControl(
      {sessionLazyAllowed, [] { sessionBegin(BeginKind::Lazy); }});
}
} // namespace

// The session half of the hook ABI (abi.h, hotpath.h).
#define HP_EXPORT extern "C" __attribute__((visibility("default")))
HP_EXPORT void __hotpath_main_begin(void) {
  hotpath::rt::sessionBegin(hotpath::rt::BeginKind::Main);
}
HP_EXPORT void __hotpath_main_end(void) { hotpath::rt::sessionEnd(); }
HP_EXPORT void hotpath_session_begin(void) {
  hotpath::rt::sessionBegin(hotpath::rt::BeginKind::Explicit);
}
HP_EXPORT void hotpath_session_end(void) { hotpath::rt::sessionEnd(); }
