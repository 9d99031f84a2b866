//===- ApproximateMath.cpp - cpu-approximate-math -------------------------===//
//
// Math functions on vectors become polynomial approximations (see
// Passes.td); scalar ones are left to libm.
//
//===----------------------------------------------------------------------===//
#include "trident/Conversion/Passes.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace trident {
#define GEN_PASS_DEF_CPUAPPROXIMATEMATH
#include "trident/Conversion/Passes.h.inc"
} // namespace trident

using namespace mlir;

namespace {

bool approximated(StringRef name) {
  return llvm::is_contained(
      {math::ExpOp::getOperationName(), math::ExpM1Op::getOperationName(),
       math::LogOp::getOperationName(), math::Log2Op::getOperationName(),
       math::Log1pOp::getOperationName(), math::TanhOp::getOperationName(),
       math::ErfOp::getOperationName()},
      name);
}

struct CPUApproximateMathPass
    : trident::impl::CPUApproximateMathBase<CPUApproximateMathPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<math::MathDialect>(op->getDialect()) &&
          approximated(op->getName().getStringRef()) &&
          llvm::any_of(op->getResultTypes(),
                       [](Type t) { return isa<VectorType>(t); }))
        ops.push_back(op);
    });
    if (ops.empty())
      return;
    RewritePatternSet patterns(&getContext());
    populateMathF32ExpansionPatterns(patterns, approximated);
    populateMathPolynomialApproximationPatterns(patterns, approximated);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    if (failed(applyOpPatternsGreedily(ops, std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace
