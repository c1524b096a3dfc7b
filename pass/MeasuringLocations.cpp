//===- MeasuringLocations.cpp - Debug locations of hotpath's code ---------===//
#include "MeasuringLocations.h"

#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace hotpath {

DebugLoc MeasuringLocations::hookLoc(const Function &F) {
  // The function's scope line (ThreadSanitizer's ensureDebugInfo uses
  // line 0; a line of the function reads better in annotations).
  DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return DebugLoc();
  unsigned Line = SP->getScopeLine() ? SP->getScopeLine() : SP->getLine();
  return DILocation::get(F.getContext(), Line, 0, SP);
}

DebugLoc MeasuringLocations::measuringLoc(const Function &F) {
  DebugLoc Hook = hookLoc(F);
  DISubprogram *SP = F.getSubprogram();
  if (!Hook || !SP->getUnit())
    return Hook;
  DISubprogram *&Gate = Gates[{SP->getUnit(), SP->getFile()}];
  if (!Gate) {
    // A definition with no code of its own, as an inline function every
    // call of which was inlined: DWARF gets its abstract entry and an
    // inlined-subroutine entry per place its instructions are.
    DIBuilder DIB(*const_cast<Module *>(F.getParent()),
                  /*AllowUnresolved=*/false, SP->getUnit());
    DISubroutineType *Ty =
        DIB.createSubroutineType(DIB.getOrCreateTypeArray({}));
    Gate = DIB.createFunction(
        SP->getFile(), MeasuringFunctionName, MeasuringFunctionName,
        SP->getFile(), Hook.getLine(), Ty, Hook.getLine(),
        DINode::FlagArtificial,
        DISubprogram::SPFlagDefinition | DISubprogram::SPFlagLocalToUnit);
    DIB.finalizeSubprogram(Gate);
  }
  return DILocation::get(F.getContext(), Hook.getLine(), 0, Gate, Hook.get());
}

} // namespace hotpath
