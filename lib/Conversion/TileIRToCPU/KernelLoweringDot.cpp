//===- KernelLoweringDot.cpp - tir.dot on the CPU -------------------------===//
//
// d = c, then d[m, n] += a[m, k] * b[k, n], over the buffers of a, b and d
// (row-major, so a row of b and of d is contiguous). In vectors, the
// accumulator is walked in blocks of 4 rows by 4 (AVX-512) or 2 vectors of
// lanes; a block stays in registers (loop-carried vectors) for the whole k
// loop, which per k reads a block row of b and 4 scalars of a (broadcast
// to every lane), and does 16 (or 8) fused multiply-adds.
// Where the shapes do not split so, the loops are m, k, n over scalars with
// products and sums marked `contract`.
//
//===----------------------------------------------------------------------===//
#include "KernelLowering.h"
#include "../Float8Casts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace trident::cpu {

namespace {

constexpr int64_t kRows = 4; ///< accumulator rows per register block
/// Accumulator vectors per row of a block: the block, a row of b and a
/// broadcast fit in the vector registers (32 with AVX-512, else 16).
int64_t blockCols(unsigned vectorBits) { return vectorBits >= 512 ? 4 : 2; }
constexpr int64_t kMaxCols = 4;

/// Converts a dot operand (scalar or vector) to the accumulator's element
/// type `acc`.
Value toAccType(OpBuilder &b, Location l, Value v, Type acc) {
  Type t = getElementTypeOrSelf(v.getType());
  if (t == acc)
    return v;
  Type to = acc;
  if (auto vt = dyn_cast<VectorType>(v.getType()))
    to = vt.clone(acc);
  if (std::optional<float8::Format> f8 = float8::formatOf(t)) {
    // fp8 operands: decoded to f32 (LLVM has no fp8 conversions), then on
    // to the accumulator's type.
    Type i8 = b.getI8Type();
    if (auto vt = dyn_cast<VectorType>(v.getType()))
      i8 = vt.clone(i8);
    v = float8::extBitsToF32(b, l, arith::BitcastOp::create(b, l, i8, v), *f8);
    return toAccType(b, l, v, acc);
  }
  if (isa<FloatType>(acc)) {
    if (isa<IntegerType>(t))
      return arith::SIToFPOp::create(b, l, to, v);
    if (t.getIntOrFloatBitWidth() < acc.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, l, to, v);
    return arith::TruncFOp::create(b, l, to, v);
  }
  if (t.getIntOrFloatBitWidth() < acc.getIntOrFloatBitWidth())
    return arith::ExtSIOp::create(b, l, to, v);
  return arith::TruncIOp::create(b, l, to, v);
}

/// acc + x * y, fused for floats.
Value multiplyAdd(OpBuilder &b, Location l, Value x, Value y, Value acc) {
  if (isa<FloatType>(getElementTypeOrSelf(acc.getType()))) {
    if (isa<VectorType>(acc.getType()))
      return vector::FMAOp::create(b, l, x, y, acc);
    auto contract = arith::FastMathFlagsAttr::get(
        b.getContext(), arith::FastMathFlags::contract);
    Value prod = arith::MulFOp::create(b, l, x, y, contract);
    return arith::AddFOp::create(b, l, acc, prod, contract);
  }
  return arith::AddIOp::create(b, l, acc, arith::MulIOp::create(b, l, x, y));
}

/// The shape and element types of a (possibly batched) dot.
struct DotShape {
  explicit DotShape(tir::DotOp op) {
    dType = cast<RankedTensorType>(op.getType());
    auto aType = cast<RankedTensorType>(op.getA().getType());
    acc = dType.getElementType();
    aElt = aType.getElementType();
    bElt = cast<RankedTensorType>(op.getB().getType()).getElementType();
    batched = dType.getRank() == 3;
    m = dType.getDimSize(batched ? 1 : 0);
    n = dType.getDimSize(batched ? 2 : 1);
    k = aType.getDimSize(batched ? 2 : 1);
  }
  RankedTensorType dType;
  Type acc, aElt, bElt;
  bool batched;
  int64_t m, n, k;
};

} // namespace

bool KernelLowering::dotVectorized(tir::DotOp op, Value a, Value bb, Value d) {
  DotShape shape(op);
  RankedTensorType dType = shape.dType;
  Type acc = shape.acc, aElt = shape.aElt, bElt = shape.bElt;
  bool batched = shape.batched;
  int64_t m = shape.m, n = shape.n, k = shape.k;
  unsigned lanes = lanesFor(dType.getShape());
  if (lanes < 2 || !hasVectorForm(acc) || !hasVectorForm(aElt) ||
      !hasVectorForm(bElt))
    return false;
  int64_t rows = m % kRows == 0 ? kRows : 1;
  int64_t cols = blockCols(vectorBits);
  while (cols > 1 && n % (cols * lanes) != 0)
    cols /= 2;
  VectorType accType = vectorOf(acc, lanes), bType = vectorOf(bElt, lanes);

  OpBuilder::InsertionGuard guard(b);
  Location l = curLoc;
  Value zero = indexConst(0), one = indexConst(1);
  auto loop = [&](int64_t size, int64_t step) {
    auto f = scf::ForOp::create(b, l, zero, indexConst(size), indexConst(step));
    b.setInsertionPoint(f.getBody()->getTerminator());
    return f.getInductionVar();
  };
  SmallVector<Value> batch;
  if (batched)
    batch.push_back(loop(dType.getDimSize(0), 1));
  Value i0 = loop(m, rows);
  Value j0 = loop(n, cols * lanes);
  auto at = [&](Value base, int64_t offset) -> Value {
    if (offset == 0)
      return base;
    return arith::AddIOp::create(b, l, base, indexConst(offset));
  };
  auto idx = [&](Value i, Value j) {
    SmallVector<Value> v(batch);
    v.push_back(i);
    v.push_back(j);
    return v;
  };
  // The block's accumulators, row-major: row r, vector c at r * cols + c.
  SmallVector<Value> blockIdx[kRows * kMaxCols];
  SmallVector<Value> inits;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      blockIdx[r * cols + c] = idx(at(i0, r), at(j0, c * lanes));
      inits.push_back(vector::LoadOp::create(b, l, accType, d,
                                             blockIdx[r * cols + c]));
    }
  auto kLoop = scf::ForOp::create(
      b, l, zero, indexConst(k), one, inits,
      [&](OpBuilder &nb, Location nl, Value kk, ValueRange accs) {
        OpBuilder::InsertionGuard inner(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        SmallVector<Value> bRow;
        for (int64_t c = 0; c < cols; ++c)
          bRow.push_back(toAccType(
              b, nl,
              vector::LoadOp::create(b, nl, bType, bb,
                                     idx(kk, at(j0, c * lanes))),
              acc));
        SmallVector<Value> next;
        for (int64_t r = 0; r < rows; ++r) {
          Value x = toAccType(
              b, nl, memref::LoadOp::create(b, nl, a, idx(at(i0, r), kk)), acc);
          Value xs = vector::BroadcastOp::create(b, nl, accType, x);
          for (int64_t c = 0; c < cols; ++c)
            next.push_back(multiplyAdd(b, nl, xs, bRow[c], accs[r * cols + c]));
        }
        scf::YieldOp::create(b, nl, next);
      });
  for (int64_t i = 0; i < rows * cols; ++i)
    vector::StoreOp::create(b, l, kLoop.getResult(i), d, blockIdx[i]);
  return true;
}

LogicalResult KernelLowering::lowerDot(tir::DotOp op) {
  auto [dType, acc, aElt, bElt, batched, m, n, k] = DotShape(op);

  // An accumulator carried by a loop, read by nothing else and yielded
  // back, is updated in place.
  Value d;
  if (auto arg = dyn_cast<BlockArgument>(op.getC()))
    if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
      if (arg.hasOneUse() && op.getResult().hasOneUse() &&
          loop.getTiedLoopYieldedValue(arg) &&
          loop.getTiedLoopYieldedValue(arg)->get() == op.getResult())
        d = buffers.lookup(arg);
  if (!d) {
    d = allocBuffer(dType);
    materializeInto(op.getC(), d);
  }
  Value a = bufferOf(op.getA());
  Value bb = bufferOf(op.getB());
  buffers[op.getResult()] = d;
  if (dotVectorized(op, a, bb, d))
    return success();

  OpBuilder::InsertionGuard guard(b);
  Value zero = indexConst(0), one = indexConst(1);
  auto loop = [&](int64_t size) {
    auto l = scf::ForOp::create(b, curLoc, zero, indexConst(size), one);
    b.setInsertionPoint(l.getBody()->getTerminator());
    return l.getInductionVar();
  };
  SmallVector<Value> batch;
  if (batched)
    batch.push_back(loop(dType.getDimSize(0)));
  Value im = loop(m);
  Value ik = loop(k);
  auto idx = [&](Value i, Value j) {
    SmallVector<Value> v(batch);
    v.push_back(i);
    v.push_back(j);
    return v;
  };
  Value av = toAccType(b, curLoc, loadElement(a, idx(im, ik), aElt), acc);
  Value in = loop(n);
  Value bv = toAccType(b, curLoc, loadElement(bb, idx(ik, in), bElt), acc);
  Value dv = loadElement(d, idx(im, in), acc);
  storeElement(d, idx(im, in), multiplyAdd(b, curLoc, av, bv, dv));
  return success();
}

} // namespace trident::cpu
