//===- PrintAxisInfo.cpp - tir-print-axis-info test pass ------------------===//
//
// Reports the axis info of every integer, index and pointer result as a
// remark, for lit tests of the analysis, and that of the region arguments
// of a loop with axis hints on them (tir.region_arg_hints).
//
//===----------------------------------------------------------------------===//
#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/TileIR/Transforms/Passes.h"
#include "trident/Dialect/TileIR/IR/RegionArgHints.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"

namespace trident::tir {
#define GEN_PASS_DEF_TILEIRPRINTAXISINFO
#include "trident/Dialect/TileIR/Transforms/Passes.h.inc"
} // namespace trident::tir

using namespace mlir;

namespace {

struct PrintAxisInfoPass
    : trident::tir::impl::TileIRPrintAxisInfoBase<PrintAxisInfoPass> {
  void runOnOperation() override {
    trident::AxisInfoAnalysis analysis(getOperation());
    getOperation()->walk([&](Operation *op) {
      for (OpResult result : op->getResults()) {
        const trident::AxisInfo *info = analysis.lookup(result);
        if (!info)
          continue;
        InFlightDiagnostic remark = op->emitRemark();
        if (op->getNumResults() > 1)
          remark << "result #" << result.getResultNumber() << ": ";
        std::string text;
        llvm::raw_string_ostream os(text);
        info->print(os);
        remark << text;
      }
      // The arguments of a loop with axis hints on them (current or stale).
      if (!op->hasAttr(trident::tir::kRegionArgHintsAttrName))
        return;
      for (Region &region : op->getRegions()) {
        if (region.empty())
          continue;
        for (BlockArgument arg : region.getArguments()) {
          const trident::AxisInfo *info = analysis.lookup(arg);
          if (!info)
            continue;
          std::string text;
          llvm::raw_string_ostream os(text);
          info->print(os);
          op->emitRemark() << "region #" << region.getRegionNumber()
                           << " argument #" << arg.getArgNumber() << ": "
                           << text;
        }
      }
    });
    markAllAnalysesPreserved();
  }
};

} // namespace
