// local-gate-hidden.test: the fast-path state as this unit's references
// resolve it (the executable's, whether exported or not).
#include "hotpath/abi.h"

int probe_armed(void) { return __hotpath_fast.epoch == __hotpath_epoch; }
