//===- MapElementwiseToLLVM.cpp - tir.map_elementwise per thread ----------===//
//
// Each thread runs the region on the elements it holds, `pack` consecutive
// registers per run (the operands and results share one layout, so
// register r of every one is the same element): the region's body is
// cloned once per pack with its arguments bound to those registers, and
// the values its terminator returns become the results' registers. The
// scalar ops cloned (arith, math, scf) are converted by the conversion
// that runs this pattern. A thread holding a number of registers that
// `pack` does not divide runs its last pack on copies of its last element
// and keeps only the values of the elements it holds.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

struct MapElementwisePattern : OpConversionPattern<tir::MapElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tir::MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t pack = op.getPack();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(),
                                                resultTypes)))
      return failure();
    // Registers per thread (1 for scalars: every thread runs it once).
    int64_t regs = 1;
    if (auto vec = dyn_cast<VectorType>(resultTypes.front()))
      regs = vec.getNumElements();
    for (Value v : adaptor.getArgs()) {
      int64_t n = 1;
      if (auto vec = dyn_cast<VectorType>(v.getType()))
        n = vec.getNumElements();
      if (n != regs)
        return op.emitOpError()
               << "operands and results must hold the same registers per "
                  "thread (one layout), got "
               << n << " and " << regs;
    }
    auto element = [&](Value v, int64_t r) -> Value {
      if (isa<VectorType>(v.getType()))
        return vector::ExtractOp::create(rewriter, loc, v, r);
      return v;
    };

    Block &body = op.getBody().front();
    unsigned numArgs = adaptor.getArgs().size();
    SmallVector<SmallVector<Value>> results(op.getNumResults());
    for (int64_t base = 0; base < regs; base += pack) {
      IRMapping map;
      for (unsigned i = 0; i < numArgs; ++i)
        for (int64_t k = 0; k < pack; ++k)
          map.map(body.getArgument(i * pack + k),
                  element(adaptor.getArgs()[i],
                          std::min<int64_t>(base + k, regs - 1)));
      for (Operation &inner : body.without_terminator())
        rewriter.clone(inner, map);
      Operation *ret = body.getTerminator();
      for (unsigned j = 0; j < op.getNumResults(); ++j)
        for (int64_t k = 0; k < pack && base + k < regs; ++k)
          results[j].push_back(
              map.lookupOrDefault(ret->getOperand(j * pack + k)));
    }
    SmallVector<Value> replacements;
    for (auto [t, values] : llvm::zip(resultTypes, results)) {
      if (auto vec = dyn_cast<VectorType>(t))
        replacements.push_back(
            vector::FromElementsOp::create(rewriter, loc, vec, values));
      else
        replacements.push_back(values.front());
    }
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

} // namespace

void populateMapElementwisePatterns(TypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    LoweringContext &) {
  patterns.add<MapElementwisePattern>(converter, patterns.getContext());
}

} // namespace trident::gir_to_llvm
