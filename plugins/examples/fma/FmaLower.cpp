//===- FmaLower.cpp - fma-lower: fma.mul_add -> math.fma ------------------===//
//
// A lowering written with the dialect-conversion framework: the fma dialect
// is illegal after this pass, so a mul_add that cannot be converted is an
// error rather than something a later stage trips over.
//
//===----------------------------------------------------------------------===//
#include "Passes.h"

#include "mlir/Transforms/DialectConversion.h"

namespace fma_plugin {
#define GEN_PASS_DEF_FMALOWER
#include "Passes.h.inc"
} // namespace fma_plugin

using namespace mlir;
using namespace fma_plugin;

namespace {

struct LowerMulAdd : OpConversionPattern<MulAddOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MulAddOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<math::FmaOp>(op, adaptor.getA(), adaptor.getB(),
                                             adaptor.getC());
    return success();
  }
};

struct FmaLowerPass : fma_plugin::impl::FmaLowerBase<FmaLowerPass> {
  void runOnOperation() override {
    ConversionTarget target(getContext());
    target.addIllegalDialect<FmaDialect>();
    target.addLegalDialect<math::MathDialect>();
    RewritePatternSet patterns(&getContext());
    patterns.add<LowerMulAdd>(&getContext());
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
