//===- FmaDialect.cpp - The fma example dialect ---------------------------===//
#include "FmaDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace fma_plugin;

#include "FmaDialect.cpp.inc"

void FmaDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "FmaOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "FmaOps.cpp.inc"
