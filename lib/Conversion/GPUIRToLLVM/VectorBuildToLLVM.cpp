//===- VectorBuildToLLVM.cpp - vector.from_elements as a shuffle tree -----===//
//
// A thread's share of a tile is one vector, and the lowering builds many of
// them from their elements (a load's registers, a layout conversion's, a
// reduction's). Upstream lowers vector.from_elements to a chain of one
// insertelement per element: each link is a whole vector, so LLVM's passes
// over the chain (the scalarizer, instcombine) copy the vector at every
// link, time quadratic in elements per thread. Here short vectors keep that
// chain; longer ones are a balanced tree of shufflevectors concatenating
// halves down to short chains.
//
//===----------------------------------------------------------------------===//
#include "VectorBuild.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace trident::gir_to_llvm {
namespace {

/// Vectors up to this many elements are an insertelement chain (as
/// upstream's, the code of tiles of common sizes unchanged; the tree made
/// the bf16 matmul on sm_80 spill), longer ones a tree of such chains:
/// copies in all linear in elements per thread.
constexpr int64_t kChainElements = 128;

struct FromElementsTree : ConvertOpToLLVMPattern<vector::FromElementsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(vector::FromElementsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    VectorType type = op.getType();
    if (type.getRank() != 1 || type.isScalable() ||
        type.getNumElements() <= kChainElements)
      return failure();
    Type element = getTypeConverter()->convertType(type.getElementType());
    if (!element)
      return failure();
    rewriter.replaceOp(op, build(rewriter, op.getLoc(), element,
                                 adaptor.getElements()));
    return success();
  }

private:
  /// The vector of `elements`: a chain when short, else the concatenation
  /// of the vectors of its two halves (the first the longer).
  Value build(OpBuilder &b, Location loc, Type element,
              ValueRange elements) const {
    int64_t n = elements.size();
    auto type = VectorType::get({n}, element);
    if (n <= kChainElements) {
      Value v = LLVM::PoisonOp::create(b, loc, type);
      for (auto [i, e] : llvm::enumerate(elements))
        v = LLVM::InsertElementOp::create(
            b, loc, v, e,
            LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                     b.getI32IntegerAttr(i)));
      return v;
    }
    int64_t first = (n + 1) / 2;
    Value lo = build(b, loc, element, elements.take_front(first));
    Value hi = build(b, loc, element, elements.drop_front(first));
    int64_t second = n - first;
    if (second < first) {
      // shufflevector takes two vectors of one type: widen the shorter.
      SmallVector<int32_t> widen;
      for (int64_t i = 0; i < first; ++i)
        widen.push_back(i < second ? int32_t(i) : -1);
      hi = LLVM::ShuffleVectorOp::create(b, loc, hi, hi, widen);
    }
    SmallVector<int32_t> concat;
    for (int64_t i = 0; i < first; ++i)
      concat.push_back(int32_t(i));
    for (int64_t i = 0; i < second; ++i)
      concat.push_back(int32_t(first + i));
    return LLVM::ShuffleVectorOp::create(b, loc, lo, hi, concat);
  }
};

} // namespace

void populateVectorBuildPatterns(LLVMTypeConverter &converter,
                                 RewritePatternSet &patterns) {
  // Before upstream's lowering of vector.from_elements.
  patterns.add<FromElementsTree>(converter, /*benefit=*/2);
}

} // namespace trident::gir_to_llvm
