//===- TestLayout.cpp - A plugin op that requires layouts -----------------===//
//
// libTestLayoutPlugin.so: dialect `testlayout` with one op whose
// accumulator must be in the wgmma layout (LayoutConstrainedOpInterface),
// for the layout passes' tests.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/GPUIR/Transforms/LayoutAssignment.h"
#include "trident/Plugin/PluginABI.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <iterator>

#include "LayoutDialect.h.inc"
#define GET_OP_CLASSES
#include "LayoutOps.h.inc"

using namespace mlir;
using namespace test_layout;

#include "LayoutDialect.cpp.inc"
#define GET_OP_CLASSES
#include "LayoutOps.cpp.inc"

void TestLayoutDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "LayoutOps.cpp.inc"
      >();
}

void AccumulateOp::getRequiredLayouts(unsigned numWarps, unsigned,
                                      unsigned computeCapability,
                                      SmallVectorImpl<Attribute> &operands,
                                      SmallVectorImpl<Attribute> &results) {
  auto type = cast<RankedTensorType>(getAcc().getType());
  if (type.getRank() != 2 || computeCapability < 90)
    return;
  Attribute layout = trident::gir::wgmmaAccumulatorLayout(
      getContext(), type.getDimSize(0), type.getDimSize(1), numWarps);
  operands[0] = layout;
  results[0] = layout;
}

namespace {
const TridentDialectInfo kDialects[] = {
    {"testlayout",
     [](DialectRegistry &registry) { registry.insert<TestLayoutDialect>(); }},
};

TridentPluginInfo makeInfo() {
  TridentPluginInfo info = {};
  info.apiVersion = TRIDENT_PLUGIN_API_VERSION;
  info.structSize = sizeof(TridentPluginInfo);
  info.coreBuildId = TRIDENT_BUILD_ID;
  info.name = "test-layout";
  info.version = "1.0.0";
  info.description = "Test: an op that requires the wgmma layout";
  info.dialects = kDialects;
  info.numDialects = std::size(kDialects);
  return info;
}
} // namespace

TRIDENT_PLUGIN_EXPORT const TridentPluginInfo *tridentGetPluginInfo() {
  static const TridentPluginInfo info = makeInfo();
  return &info;
}
