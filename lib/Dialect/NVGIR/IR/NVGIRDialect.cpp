//===- NVGIRDialect.cpp - NVIDIA GPU IR dialect ---------------------------===//
#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace trident::nvgir;

#include "trident/Dialect/NVGIR/IR/NVGIRDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/NVGIR/IR/NVGIRTypes.cpp.inc"

void NVGIRDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "trident/Dialect/NVGIR/IR/NVGIRTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "trident/Dialect/NVGIR/IR/NVGIROps.cpp.inc"
      >();
}

LogicalResult MBarriersType::verify(function_ref<InFlightDiagnostic()> emitError,
                                    unsigned count) {
  if (count == 0)
    return emitError() << "an mbarrier array holds at least one barrier";
  return success();
}
