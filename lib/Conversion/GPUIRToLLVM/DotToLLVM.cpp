//===- DotToLLVM.cpp - tir.dot on CUDA cores (the fallback) ---------------===//
//
// The portable lowering of `tir.dot` (2-D or batched 3-D; float operands
// into a float accumulator, integer operands into an integer one): both
// operands go to shared memory, then each thread runs a K loop of
// multiply-adds (fused for floats, in the accumulator's type) for the
// accumulator elements its layout gives it. It is correct for any
// layouts and slow; tensor-core lowerings (mma.sync, wgmma) replace it on
// the layouts they need.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

struct DotPattern : LoweringPattern<tir::DotOp> {
  using LoweringPattern::LoweringPattern;

  /// Writes every register of `tile` to `buffer` at its row-major index.
  void stage(OpBuilder &b, Location loc, Value buffer, Value tile,
             const LayoutMap &map, ArrayRef<Value> thread) const {
    for (int64_t r = 0; r < map.numRegisters(); ++r)
      storeShared(b, loc, buffer,
                  rowMajorIndex(b, loc, thread, map.registerCoords(r),
                                map.getShape()),
                  vector::ExtractOp::create(b, loc, tile, r));
  }

  LogicalResult
  matchAndRewrite(tir::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getType());
    bool batched = aType.getRank() == 3;
    Type aElem = aType.getElementType(), bElem = bType.getElementType();
    Type accElem = cType.getElementType();
    bool isFloat = isa<FloatType>(accElem);
    auto fits = [&](Type t) {
      return isFloat ? isa<FloatType>(t)
                     : isa<IntegerType>(t) && t.getIntOrFloatBitWidth() <=
                                                  accElem.getIntOrFloatBitWidth();
    };
    if (!accElem.isIntOrFloat() || !fits(aElem) || !fits(bElem))
      return op.emitOpError("the CUDA-core dot supports float operands with "
                            "a float accumulator or integer ones with a "
                            "wider integer accumulator, got ")
             << aElem << " * " << bElem << " -> " << accElem;
    FailureOr<LayoutMap> aMap = mapOf(aType, lc, op);
    FailureOr<LayoutMap> bMap = mapOf(bType, lc, op);
    FailureOr<LayoutMap> cMap = mapOf(cType, lc, op);
    if (failed(aMap) || failed(bMap) || failed(cMap))
      return failure();
    unsigned d0 = batched ? 1 : 0;
    int64_t batch = batched ? aType.getDimSize(0) : 1;
    int64_t m = aType.getDimSize(d0), k = aType.getDimSize(d0 + 1);
    int64_t n = bType.getDimSize(d0 + 1);

    // Scratch (fmaDotScratch): the first request puts a barrier before
    // the stores.
    SmallVector<ScratchRequest> scratch = fmaDotScratch(op);
    Value aBuf = lc.scratchBuffer(rewriter, op, scratch[0].bytes);
    Value bBuf = lc.scratchBuffer(rewriter, op, scratch[1].bytes);
    auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
    stage(rewriter, loc, aBuf, adaptor.getA(), *aMap,
          aMap->threadCoords(rewriter, loc, lane, warp));
    stage(rewriter, loc, bBuf, adaptor.getB(), *bMap,
          bMap->threadCoords(rewriter, loc, lane, warp));
    barrier(rewriter, loc);

    // Where each accumulator register sits: (batch * M + row) * K into A,
    // batch * K * N + column into B.
    SmallVector<Value> cThread = cMap->threadCoords(rewriter, loc, lane, warp);
    SmallVector<Value> aRowBase, bCol;
    for (int64_t r = 0; r < cMap->numRegisters(); ++r) {
      SmallVector<int64_t> c = cMap->registerCoords(r);
      auto coord = [&](unsigned d) -> Value {
        return arith::XOrIOp::create(rewriter, loc, cThread[d],
                                     i32Const(rewriter, loc, c[d]));
      };
      Value row = coord(d0);
      Value col = coord(d0 + 1);
      if (batched) {
        Value bi = coord(0);
        row = arith::AddIOp::create(
            rewriter, loc,
            arith::MulIOp::create(rewriter, loc, bi, i32Const(rewriter, loc, m)),
            row);
        col = arith::AddIOp::create(
            rewriter, loc,
            arith::MulIOp::create(rewriter, loc, bi,
                                  i32Const(rewriter, loc, k * n)),
            col);
      }
      aRowBase.push_back(
          arith::MulIOp::create(rewriter, loc, row, i32Const(rewriter, loc, k)));
      bCol.push_back(col);
    }

    Value lo = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value hi = arith::ConstantIndexOp::create(rewriter, loc, k);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto loop = scf::ForOp::create(
        rewriter, loc, lo, hi, one, ValueRange{adaptor.getC()},
        [&](OpBuilder &b, Location loc, Value iv, ValueRange args) {
          Value kk = arith::IndexCastOp::create(b, loc, b.getI32Type(), iv);
          Value kRow = arith::MulIOp::create(b, loc, kk, i32Const(b, loc, n));
          Value acc = args[0];
          auto toAcc = [&](Value v) -> Value {
            Type t = v.getType();
            if (t == accElem)
              return v;
            if (!isFloat)
              return arith::ExtSIOp::create(b, loc, accElem, v);
            if (t.getIntOrFloatBitWidth() < accElem.getIntOrFloatBitWidth())
              return arith::ExtFOp::create(b, loc, accElem, v);
            if (t.getIntOrFloatBitWidth() > accElem.getIntOrFloatBitWidth())
              return arith::TruncFOp::create(b, loc, accElem, v);
            // Same width, other format (bf16 -> f16): through f32.
            return arith::TruncFOp::create(
                b, loc, accElem,
                arith::ExtFOp::create(b, loc, b.getF32Type(), v));
          };
          SmallVector<Value> sums;
          for (int64_t r = 0; r < cMap->numRegisters(); ++r) {
            Value av = loadShared(
                b, loc, aBuf, arith::AddIOp::create(b, loc, aRowBase[r], kk),
                aElem);
            Value bv = loadShared(
                b, loc, bBuf, arith::AddIOp::create(b, loc, kRow, bCol[r]),
                bElem);
            av = toAcc(av);
            bv = toAcc(bv);
            Value old = vector::ExtractOp::create(b, loc, acc, r);
            if (isFloat)
              sums.push_back(math::FmaOp::create(b, loc, accElem, av, bv, old));
            else
              sums.push_back(arith::AddIOp::create(
                  b, loc, old, arith::MulIOp::create(b, loc, av, bv)));
          }
          acc = vector::FromElementsOp::create(
              b, loc, cast<VectorType>(acc.getType()), sums);
          scf::YieldOp::create(b, loc, acc);
        });
    rewriter.replaceOp(op, loop.getResult(0));
    return success();
  }
};

} // namespace

void populateDotPatterns(TypeConverter &converter, RewritePatternSet &patterns,
                         LoweringContext &ctx) {
  patterns.add<DotPattern>(converter, patterns.getContext(), ctx);
}

SmallVector<ScratchRequest> fmaDotScratch(tir::DotOp op) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  bool batched = aType.getRank() == 3;
  unsigned d0 = batched ? 1 : 0;
  int64_t batch = batched ? aType.getDimSize(0) : 1;
  int64_t m = aType.getDimSize(d0), k = aType.getDimSize(d0 + 1);
  int64_t n = bType.getDimSize(d0 + 1);
  return {{batch * m * k * sharedBytes(aType.getElementType())},
          {batch * k * n * sharedBytes(bType.getElementType())}};
}

} // namespace trident::gir_to_llvm
