//===- PrintAxisInfo.cpp - tir-print-axis-info test pass ------------------===//
//
// Reports the axis info of every integer, index and pointer result as a
// remark, for lit tests of the analysis.
//
//===----------------------------------------------------------------------===//
#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/TileIR/Transforms/Passes.h"

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
    });
    markAllAnalysesPreserved();
  }
};

} // namespace
