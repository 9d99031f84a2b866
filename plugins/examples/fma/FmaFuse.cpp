//===- FmaFuse.cpp - fma-fuse: arith.addf(arith.mulf) -> fma.mul_add ------===//
//
// A pattern on core ops (arith.addf, arith.mulf) that produces the plugin's
// op. The pattern is keyed on arith::AddFOp and looks through
// getDefiningOp<arith::MulFOp>(): both compare TypeIDs owned by the core
// library, which is why a plugin must never carry its own copy of MLIR.
//
//===----------------------------------------------------------------------===//
#include "Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace fma_plugin {
#define GEN_PASS_DEF_FMAFUSE
#include "Passes.h.inc"
} // namespace fma_plugin

using namespace mlir;
using namespace fma_plugin;

namespace {

/// addf(mulf(a, b), c) or addf(c, mulf(a, b)) -> mul_add(a, b, c), when the
/// addition is the product's only use.
struct FuseMulAdd : OpRewritePattern<arith::AddFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::AddFOp add,
                                PatternRewriter &rewriter) const override {
    for (unsigned i = 0; i < 2; ++i) {
      auto mul = add->getOperand(i).getDefiningOp<arith::MulFOp>();
      if (!mul || !mul->hasOneUse())
        continue;
      Value addend = add->getOperand(1 - i);
      rewriter.replaceOpWithNewOp<MulAddOp>(add, mul.getLhs(), mul.getRhs(),
                                            addend);
      rewriter.eraseOp(mul); // its only use is gone
      return success();
    }
    return rewriter.notifyMatchFailure(add, "no single-use arith.mulf operand");
  }
};

struct FmaFusePass : fma_plugin::impl::FmaFuseBase<FmaFusePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FuseMulAdd>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
