//===- MmaV2DotToLLVM.cpp - tir.dot on Ampere's warp MMA (mma.sync) -------===//
//
// A `tir.dot` whose accumulator has the #gir.mma_v2 layout (bf16 or f16
// operands, or fp8 ones widened to f16 in registers; f32 accumulator)
// runs on sm_80's
// `mma.sync.aligned.m16n8k16.row.col.f32.{bf16,f16}.{bf16,f16}.f32`:
//
//   barrier (scratchBuffer: the previous scratch user is done)
//   every thread stores its registers of A (M x K) and B (K x N) into
//     padded row-major scratch tiles, in vectors where its layout holds
//     runs of consecutive elements along a row
//   bar.sync
//   per K step of 16: each warp loads the A fragments of its m16 tiles
//     (ldmatrix.x4) and the B fragments of its n8 tiles (ldmatrix.x4.trans,
//     two tiles at a time; .x2 for a last single tile), then issues one
//     mma.sync per (m16, n8) tile into the accumulator registers.
//
// The index arithmetic and the fragment maps are in MmaV2Fragments.h.
// Dots this pattern does not take (K not a multiple of 16, a tile that the
// warps' grid does not divide) fall back to the CUDA-core lowering, which
// reads any accumulator layout.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"
#include "MmaV2Fragments.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

/// The widest run (in elements, a power of two up to `maxElems`) of
/// consecutive registers of `map` that are consecutive along dimension 1
/// in every thread, starting at a multiple of the run: the vector width
/// of a store of the tile into a row-major buffer.
int64_t storeVectorWidth(const LayoutMap &map, int64_t maxElems) {
  int64_t vec = maxElems;
  // Thread bits that move dimension 1 by less than the run would break it.
  for (bool lanes : {true, false})
    for (auto [bit, step] : map.threadBitSteps(1, lanes))
      while (vec > 1 && step % vec != 0)
        vec /= 2;
  for (; vec > 1; vec /= 2) {
    if (map.numRegisters() % vec != 0)
      continue;
    bool ok = true;
    for (int64_t r = 0; ok && r < map.numRegisters(); r += vec) {
      SmallVector<int64_t> first = map.registerCoords(r);
      if (first[1] % vec != 0)
        ok = false;
      for (int64_t i = 1; ok && i < vec; ++i) {
        SmallVector<int64_t> c = map.registerCoords(r + i);
        ok = c[0] == first[0] && c[1] == first[1] + i;
      }
    }
    if (ok)
      return vec;
  }
  return 1;
}

/// The mma.sync part of a dot whose operands are staged in shared memory
/// (rows padded by kRowPad): ldmatrix fragments and m16n8k16 MMAs.
class MmaV2Emitter {
public:
  /// The warp grid and the tiles each warp repeats over.
  struct Tiles {
    int64_t wm, wn, repM, repN;
    int64_t aStride, bStride; // elements per staged row
  };

  MmaV2Emitter(OpBuilder &b, Location loc, Value lane, bool isF16)
      : b(b), loc(loc), lane(lane), isF16(isF16) {}

  /// The lane's byte offsets of its ldmatrix row addresses in the warp's
  /// first tiles (A: m16 x k16; B: a k16 x (n8, n8) pair, and a last single
  /// n8 tile whose .x2 uses lanes 0..15 only); tile indices add constants.
  void laneOffsets(Value warp, const Tiles &t) {
    // Warp w sits at warp row w / wn, warp column w % wn.
    Value warpM = arith::DivUIOp::create(b, loc, warp, c(t.wn));
    Value warpN = arith::RemUIOp::create(b, loc, warp, c(t.wn));
    aLane = add(mul(add(mul(warpM, 16), laneSum(mma_v2::kALaneSteps, 0)),
                    t.aStride * kElemBytes),
                mul(laneSum(mma_v2::kALaneSteps, 1), kElemBytes));
    Value bLaneK = laneSum(mma_v2::kBLaneSteps, 0);
    Value bWarpCol = mul(warpN, 8 * kElemBytes);
    bLane = add(add(mul(bLaneK, t.bStride * kElemBytes), bWarpCol),
                mul(laneSum(mma_v2::kBLaneSteps, 1), 8 * t.wn * kElemBytes));
    bLaneSingle = add(mul(bLaneK, t.bStride * kElemBytes), bWarpCol);
  }

  /// The A and B fragments of K step `ks` (16 elements of K).
  void loadFragments(Value aBuf, Value bBuf, int64_t ks, const Tiles &t,
                     SmallVector<SmallVector<Value>> &aFrag,
                     SmallVector<SmallVector<Value>> &bFrag) {
    for (int64_t rm = 0; rm < t.repM; ++rm)
      aFrag.push_back(ldmatrix(
          ptrAt(aBuf, aLane,
                mma_v2::tileRow(rm, 0, t.wm) * t.aStride * kElemBytes +
                    ks * 16 * kElemBytes),
          4, /*trans=*/false));
    for (int64_t rn = 0; rn < t.repN; rn += 2) {
      int64_t off = ks * 16 * t.bStride * kElemBytes +
                    mma_v2::tileCol(rn, 0, t.wn) * kElemBytes;
      if (rn + 1 < t.repN) {
        SmallVector<Value> regs =
            ldmatrix(ptrAt(bBuf, bLane, off), 4, /*trans=*/true);
        bFrag.push_back({regs[0], regs[1]});
        bFrag.push_back({regs[2], regs[3]});
      } else {
        bFrag.push_back(
            ldmatrix(ptrAt(bBuf, bLaneSingle, off), 2, /*trans=*/true));
      }
    }
  }

  /// acc += A * B over one K step, one mma.sync per (rm, rn) tile.
  void multiply(ArrayRef<SmallVector<Value>> aFrag,
                ArrayRef<SmallVector<Value>> bFrag, const Tiles &t,
                SmallVector<Value> &acc) {
    MLIRContext *ctx = b.getContext();
    Type f32 = b.getF32Type();
    Type resultType =
        LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(4, f32));
    NVVM::MMATypes ptxType = isF16 ? NVVM::MMATypes::f16 : NVVM::MMATypes::bf16;
    for (int64_t rm = 0; rm < t.repM; ++rm)
      for (int64_t rn = 0; rn < t.repN; ++rn) {
        SmallVector<Value> a, bv, cv;
        for (Value reg : aFrag[rm])
          a.push_back(operand(reg));
        for (Value reg : bFrag[rn])
          bv.push_back(operand(reg));
        for (int64_t i = 0; i < 4; ++i)
          cv.push_back(acc[mma_v2::accRegister(rm, rn, i, t.repN)]);
        Value d = NVVM::MmaOp::create(
            b, loc, resultType, a, bv, cv, ArrayRef<int64_t>{16, 8, 16},
            std::nullopt, std::nullopt,
            std::array<NVVM::MMATypes, 2>{ptxType, ptxType},
            std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                           NVVM::MMALayout::col});
        for (int64_t i = 0; i < 4; ++i)
          acc[mma_v2::accRegister(rm, rn, i, t.repN)] =
              LLVM::ExtractValueOp::create(b, loc, d, i);
      }
  }

private:
  static constexpr int64_t kElemBytes = 2;

  Value c(int64_t v) { return i32Const(b, loc, v); }
  Value add(Value x, Value y) {
    return arith::AddIOp::create(b, loc, x, y).getResult();
  }
  Value mul(Value x, int64_t y) {
    return arith::MulIOp::create(b, loc, x, c(y)).getResult();
  }
  /// The lane's part of its ldmatrix row address: the sum of the steps of
  /// its set bits.
  Value laneSum(const int64_t (&steps)[5][2], unsigned which) {
    Value sum = c(0);
    for (int bit = 0; bit < 5; ++bit) {
      if (steps[bit][which] == 0)
        continue;
      Value set = arith::AndIOp::create(
          b, loc, arith::ShRUIOp::create(b, loc, lane, c(bit)), c(1));
      sum = add(sum, mul(set, steps[bit][which]));
    }
    return sum;
  }
  Value ptrAt(Value base, Value laneOff, int64_t constOff) {
    return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                               ValueRange{add(laneOff, c(constOff))})
        .getResult();
  }
  SmallVector<Value> ldmatrix(Value ptr, unsigned num, bool trans) {
    MLIRContext *ctx = b.getContext();
    Type type = LLVM::LLVMStructType::getLiteral(
        ctx, SmallVector<Type>(num, b.getI32Type()));
    Value res = NVVM::LdMatrixOp::create(
        b, loc, type, ptr, num,
        trans ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
        NVVM::LdStMatrixEltType::B16);
    SmallVector<Value> regs;
    for (unsigned i = 0; i < num; ++i)
      regs.push_back(LLVM::ExtractValueOp::create(b, loc, res, i));
    return regs;
  }
  /// mma.sync takes bf16 pairs as i32 and f16 pairs as vector<2xf16>.
  Value operand(Value reg) {
    if (!isF16)
      return reg;
    return LLVM::BitcastOp::create(
        b, loc, VectorType::get({2}, b.getF16Type()), reg);
  }

  OpBuilder &b;
  Location loc;
  Value lane;
  bool isF16;
  Value aLane, bLane, bLaneSingle;
};

/// The 16-bit type the operands of `op` go through mma.sync in: bf16 or
/// f16 as they are, f16 for fp8 (e4m3, e5m2; both operands fp8); none for
/// other types, a non-f32 accumulator or a rank other than 2.
std::optional<Type> mmaV2ElementType(tir::DotOp op) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto cType = cast<RankedTensorType>(op.getType());
  if (!cType.getElementType().isF32() || aType.getRank() != 2)
    return std::nullopt;
  Type a = aType.getElementType(), b = bType.getElementType();
  auto fp8 = [](Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); };
  if (fp8(a) && fp8(b))
    return Type(Float16Type::get(op.getContext()));
  if ((a.isBF16() || a.isF16()) && b == a)
    return a;
  return std::nullopt;
}

struct MmaV2DotPattern : LoweringPattern<tir::DotOp> {
  MmaV2DotPattern(TypeConverter &tc, MLIRContext *ctx, LoweringContext &lc)
      : LoweringPattern(tc, ctx, lc, /*benefit=*/2) {}

  /// Writes every register of `tile` (laid out by `map`) into the
  /// row-major `buffer` whose rows are `stride` elements apart.
  void stage(OpBuilder &b, Location loc, Value buffer, Value tile,
             const LayoutMap &map, ArrayRef<Value> thread, int64_t stride,
             Type elem) const {
    int64_t elemBytes = elem.getIntOrFloatBitWidth() / 8;
    int64_t vec = storeVectorWidth(map, 16 / elemBytes);
    Value rowBytes = i32Const(b, loc, stride * elemBytes);
    for (int64_t r = 0; r < map.numRegisters(); r += vec) {
      SmallVector<int64_t> coords = map.registerCoords(r);
      Value row = arith::XOrIOp::create(b, loc, thread[0],
                                        i32Const(b, loc, coords[0]));
      Value col = arith::XOrIOp::create(b, loc, thread[1],
                                        i32Const(b, loc, coords[1]));
      Value byte = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, row, rowBytes),
          arith::MulIOp::create(b, loc, col, i32Const(b, loc, elemBytes)));
      Value ptr = LLVM::GEPOp::create(b, loc, buffer.getType(), b.getI8Type(),
                                      buffer, ValueRange{byte});
      Value value;
      if (vec == 1)
        value = vector::ExtractOp::create(b, loc, tile, r);
      else {
        SmallVector<int32_t> lanes;
        for (int64_t i = 0; i < vec; ++i)
          lanes.push_back(int32_t(r + i));
        value = LLVM::ShuffleVectorOp::create(b, loc, tile, tile, lanes);
      }
      LLVM::StoreOp::create(b, loc, value, ptr, vec * elemBytes);
    }
  }

  LogicalResult
  matchAndRewrite(tir::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto cType = cast<RankedTensorType>(op.getType());
    auto encoding =
        dyn_cast_or_null<gir::MmaV2EncodingAttr>(cType.getEncoding());
    if (!encoding)
      return failure();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    std::optional<Type> mmaElem = mmaV2ElementType(op);
    if (!mmaElem)
      return rewriter.notifyMatchFailure(op, "no mma.sync for these types");
    Type elem = *mmaElem;
    int64_t m = aType.getDimSize(0), k = aType.getDimSize(1);
    int64_t n = bType.getDimSize(1);
    int64_t wm = encoding.getWarpsPerCTA()[0], wn = encoding.getWarpsPerCTA()[1];
    if (k % 16 != 0 || m % (16 * wm) != 0 || n % (8 * wn) != 0 ||
        wm * wn != int64_t(gir::getNumWarps(op)) || lc.threadsPerWarp != 32)
      return rewriter.notifyMatchFailure(
          op, "the tile does not split into m16n8k16 tiles over the warps");
    FailureOr<LayoutMap> aMap = mapOf(aType, lc, op);
    FailureOr<LayoutMap> bMap = mapOf(bType, lc, op);
    if (failed(aMap) || failed(bMap))
      return failure();

    Location loc = op.getLoc();
    int64_t aStride = k + mma_v2::kRowPad, bStride = n + mma_v2::kRowPad;
    SmallVector<ScratchRequest> scratch = mmaV2DotScratch(op);
    Value aBuf = lc.scratchBuffer(rewriter, op, scratch[0].bytes);
    Value bBuf = lc.scratchBuffer(rewriter, op, scratch[1].bytes);
    auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
    // fp8 operands are widened to f16 (exactly) in registers: e5m2 is the
    // high byte of an f16 (one shift per element); e4m3 goes through the
    // module's other fp8 casts (integer arithmetic, expanded later).
    auto widen = [&](Value tile) -> Value {
      auto type = cast<VectorType>(tile.getType());
      if (type.getElementType() == elem)
        return tile;
      auto wide = VectorType::get(type.getShape(), elem);
      if (!isa<Float8E5M2Type>(type.getElementType()))
        return arith::ExtFOp::create(rewriter, loc, wide, tile);
      auto bytes = VectorType::get(type.getShape(), rewriter.getI8Type());
      auto halves = VectorType::get(type.getShape(), rewriter.getI16Type());
      Value v = arith::BitcastOp::create(rewriter, loc, bytes, tile);
      v = arith::ExtUIOp::create(rewriter, loc, halves, v);
      v = arith::ShLIOp::create(
          rewriter, loc, v,
          arith::ConstantOp::create(
              rewriter, loc, DenseElementsAttr::get(
                                 halves, rewriter.getI16IntegerAttr(8)
                                             .getValue())));
      return arith::BitcastOp::create(rewriter, loc, wide, v);
    };
    stage(rewriter, loc, aBuf, widen(adaptor.getA()), *aMap,
          aMap->threadCoords(rewriter, loc, lane, warp), aStride, elem);
    stage(rewriter, loc, bBuf, widen(adaptor.getB()), *bMap,
          bMap->threadCoords(rewriter, loc, lane, warp), bStride, elem);
    barrier(rewriter, loc);

    MmaV2Emitter e(rewriter, loc, lane, elem.isF16());
    MmaV2Emitter::Tiles t{wm, wn, m / (16 * wm), n / (8 * wn), aStride,
                          bStride};
    e.laneOffsets(warp, t);
    SmallVector<Value> acc;
    for (int64_t r = 0; r < t.repM * t.repN * 4; ++r)
      acc.push_back(vector::ExtractOp::create(rewriter, loc, adaptor.getC(), r));
    for (int64_t ks = 0; ks < k / 16; ++ks) {
      SmallVector<SmallVector<Value>> aFrag, bFrag;
      e.loadFragments(aBuf, bBuf, ks, t, aFrag, bFrag);
      e.multiply(aFrag, bFrag, t, acc);
    }
    rewriter.replaceOp(
        op, vector::FromElementsOp::create(
                rewriter, loc, cast<VectorType>(adaptor.getC().getType()), acc)
                .getResult());
    return success();
  }
};

} // namespace

void populateMmaV2DotPatterns(TypeConverter &converter,
                              RewritePatternSet &patterns,
                              LoweringContext &ctx) {
  patterns.add<MmaV2DotPattern>(converter, patterns.getContext(), ctx);
}

SmallVector<ScratchRequest> mmaV2DotScratch(tir::DotOp op) {
  auto cType = cast<RankedTensorType>(op.getType());
  auto encoding = dyn_cast_or_null<gir::MmaV2EncodingAttr>(cType.getEncoding());
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  if (!encoding || !mmaV2ElementType(op))
    return {};
  int64_t m = aType.getDimSize(0), k = aType.getDimSize(1);
  int64_t n = bType.getDimSize(1);
  // Row-major tiles padded per row (ldmatrix phases in distinct banks).
  int64_t aStride = k + mma_v2::kRowPad, bStride = n + mma_v2::kRowPad;
  return {{m * aStride * 2}, {k * bStride * 2}};
}

} // namespace trident::gir_to_llvm
