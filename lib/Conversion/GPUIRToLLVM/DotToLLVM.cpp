//===- DotToLLVM.cpp - tir.dot on CUDA cores (the fallback) ---------------===//
//
// The portable lowering of `tir.dot` (2-D, float operands): both operands go
// to shared memory, then each thread runs a K loop of fused multiply-adds
// for the accumulator elements its layout gives it. It is correct for any
// layouts and slow; tensor-core lowerings (mma.sync, wgmma) replace it on
// the layouts they need.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

struct DotPattern : OpConversionPattern<tir::DotOp> {
  DotPattern(TypeConverter &tc, MLIRContext *ctx, LoweringContext &lc)
      : OpConversionPattern(tc, ctx), lc(lc) {}

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
    if (aType.getRank() != 2)
      return op.emitOpError("batched dots are not supported by the CUDA-core "
                            "lowering yet");
    Type aElem = aType.getElementType(), bElem = bType.getElementType();
    Type accElem = cType.getElementType();
    if (!isa<FloatType>(aElem) || !isa<FloatType>(bElem) || !accElem.isF32())
      return op.emitOpError("the CUDA-core dot supports float operands with "
                            "an f32 accumulator, got ")
             << aElem << " * " << bElem << " -> " << accElem;
    FailureOr<LayoutMap> aMap = mapOf(aType, lc, op);
    FailureOr<LayoutMap> bMap = mapOf(bType, lc, op);
    FailureOr<LayoutMap> cMap = mapOf(cType, lc, op);
    if (failed(aMap) || failed(bMap) || failed(cMap))
      return failure();
    int64_t m = aType.getDimSize(0), k = aType.getDimSize(1);
    int64_t n = bType.getDimSize(1);

    // Scratch: the first request puts a barrier before the stores.
    Value aBuf = lc.scratchBuffer(rewriter, op, m * k * sharedBytes(aElem));
    Value bBuf = lc.scratchBuffer(rewriter, op, k * n * sharedBytes(bElem));
    auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
    stage(rewriter, loc, aBuf, adaptor.getA(), *aMap,
          aMap->threadCoords(rewriter, loc, lane, warp));
    stage(rewriter, loc, bBuf, adaptor.getB(), *bMap,
          bMap->threadCoords(rewriter, loc, lane, warp));
    barrier(rewriter, loc);

    // Where each accumulator register sits: row * K into A, column into B.
    SmallVector<Value> cThread = cMap->threadCoords(rewriter, loc, lane, warp);
    SmallVector<Value> aRowBase, bCol;
    for (int64_t r = 0; r < cMap->numRegisters(); ++r) {
      SmallVector<int64_t> c = cMap->registerCoords(r);
      Value row = arith::XOrIOp::create(rewriter, loc, cThread[0],
                                        i32Const(rewriter, loc, c[0]));
      aRowBase.push_back(
          arith::MulIOp::create(rewriter, loc, row, i32Const(rewriter, loc, k)));
      bCol.push_back(arith::XOrIOp::create(rewriter, loc, cThread[1],
                                           i32Const(rewriter, loc, c[1])));
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
          Type f32 = b.getF32Type();
          SmallVector<Value> sums;
          for (int64_t r = 0; r < cMap->numRegisters(); ++r) {
            Value av = loadShared(
                b, loc, aBuf, arith::AddIOp::create(b, loc, aRowBase[r], kk),
                aElem);
            Value bv = loadShared(
                b, loc, bBuf, arith::AddIOp::create(b, loc, kRow, bCol[r]),
                bElem);
            if (!aElem.isF32())
              av = arith::ExtFOp::create(b, loc, f32, av);
            if (!bElem.isF32())
              bv = arith::ExtFOp::create(b, loc, f32, bv);
            Value old = vector::ExtractOp::create(b, loc, acc, r);
            sums.push_back(math::FmaOp::create(b, loc, f32, av, bv, old));
          }
          acc = vector::FromElementsOp::create(
              b, loc, cast<VectorType>(acc.getType()), sums);
          scf::YieldOp::create(b, loc, acc);
        });
    rewriter.replaceOp(op, loop.getResult(0));
    return success();
  }
  LoweringContext &lc;
};

} // namespace

void populateDotPatterns(TypeConverter &converter, RewritePatternSet &patterns,
                         LoweringContext &ctx) {
  patterns.add<DotPattern>(converter, patterns.getContext(), ctx);
}

} // namespace trident::gir_to_llvm
