//===- StagingAccess.cpp - Addressing a staged tile's accesses ------------===//
#include "StagingAccess.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace trident::gir_to_llvm {

SmallVector<int64_t> threadMask(const LayoutMap &map) {
  SmallVector<int64_t> mask(map.rank(), 0);
  for (int64_t l = 1; l < map.numLanes(); l <<= 1) {
    SmallVector<int64_t> c = map.laneCoords(l);
    for (unsigned d = 0; d < map.rank(); ++d)
      mask[d] |= c[d];
  }
  for (unsigned d = 0; d < map.rank(); ++d)
    for (auto [bit, step] : map.threadBitSteps(d, /*lanes=*/false))
      mask[d] |= step;
  return mask;
}

SmallVector<int64_t> registerMask(const LayoutMap &map, int64_t from) {
  SmallVector<int64_t> mask(map.rank(), 0);
  for (int64_t r = int64_t(1) << from; r < map.numRegisters(); r <<= 1) {
    SmallVector<int64_t> c = map.registerCoords(r);
    for (unsigned d = 0; d < map.rank(); ++d)
      mask[d] |= c[d];
  }
  return mask;
}

SideAddress::SideAddress(OpBuilder &b, Location loc, const StagingPlan &plan,
                         Value buffer, int64_t elemBytes,
                         SmallVector<Value> thread,
                         ArrayRef<int64_t> threadBits,
                         ArrayRef<int64_t> accessBits)
    : plan(plan), buffer(buffer), thread(std::move(thread)) {
  for (unsigned d = 0; d < threadBits.size(); ++d)
    if (threadBits[d] & accessBits[d])
      return;
  Value bytes = arith::MulIOp::create(
      b, loc, plan.offsetOf(b, loc, this->thread), i32Const(b, loc, elemBytes));
  threadPtr = LLVM::GEPOp::create(b, loc, buffer.getType(), b.getI8Type(),
                                  buffer, ValueRange{bytes});
}

std::pair<Value, Value> SideAddress::at(OpBuilder &b, Location loc,
                                        ArrayRef<int64_t> c) const {
  if (threadPtr)
    return {threadPtr, i32Const(b, loc, plan.offsetOf(c))};
  SmallVector<Value> coords;
  for (unsigned d = 0; d < c.size(); ++d)
    coords.push_back(c[d] == 0 ? thread[d]
                               : arith::XOrIOp::create(b, loc, thread[d],
                                                       i32Const(b, loc, c[d])));
  return {buffer, plan.offsetOf(b, loc, coords)};
}

namespace {

/// The run-time part of the coordinates of the block row (column) whose
/// address the calling lane gives stmatrix (matrixLaneCoords).
SmallVector<Value> matrixThreadCoords(OpBuilder &b, Location loc,
                                      const LayoutMap &map,
                                      const MatrixFragment &frag,
                                      bool transposed, Value lane, Value warp) {
  SmallVector<Value> c = map.threadCoords(b, loc, i32Const(b, loc, 0), warp);
  auto bit = [&](int64_t i) {
    return arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, lane, i32Const(b, loc, i)),
        i32Const(b, loc, 1));
  };
  unsigned along = transposed ? frag.cols : frag.rows;
  c[along] = arith::XOrIOp::create(
      b, loc, c[along],
      arith::AndIOp::create(b, loc, lane, i32Const(b, loc, 7)));
  for (int64_t i = 0; i < 2 && (int64_t(2) << i) < map.numRegisters(); ++i) {
    SmallVector<int64_t> r = map.registerCoords(int64_t(1) << (1 + i));
    Value on = bit(3 + i);
    for (unsigned d = 0; d < c.size(); ++d)
      if (r[d] != 0)
        c[d] = arith::XOrIOp::create(
            b, loc, c[d],
            arith::MulIOp::create(b, loc, on, i32Const(b, loc, r[d])));
  }
  return c;
}

/// The stmatrix lanes' bits (matrixLaneCoords) plus the warps'.
SmallVector<int64_t> matrixThreadMask(const LayoutMap &map,
                                      const MatrixFragment &frag,
                                      bool transposed, int64_t matrices) {
  SmallVector<int64_t> mask(map.rank(), 0);
  for (unsigned d = 0; d < map.rank(); ++d)
    for (auto [bit, step] : map.threadBitSteps(d, /*lanes=*/false))
      mask[d] |= step;
  for (int64_t l = 1; l < 8 * matrices; l <<= 1) {
    SmallVector<int64_t> c = matrixLaneCoords(map, frag, transposed, l);
    for (unsigned d = 0; d < map.rank(); ++d)
      mask[d] |= c[d];
  }
  return mask;
}

} // namespace

void writeMatrices(OpBuilder &b, Location loc, const StagingPlan &plan,
                   const LayoutMap &src, const MatrixFragment &frag,
                   Value buffer, Value vec, Value lane, Value warp) {
  int64_t perInstr = 2 * plan.matrices;
  SideAddress addr(
      b, loc, plan, buffer, 2,
      matrixThreadCoords(b, loc, src, frag, plan.transposed, lane, warp),
      matrixThreadMask(src, frag, plan.transposed, plan.matrices),
      registerMask(src, llvm::Log2_64(perInstr)));
  Type element = cast<VectorType>(vec.getType()).getElementType();
  auto pairType = VectorType::get({2}, element);
  for (int64_t r = 0; r < src.numRegisters(); r += perInstr) {
    SmallVector<Value> words;
    for (int64_t i = r; i < r + perInstr; i += 2) {
      Value pair = vector::FromElementsOp::create(
          b, loc, pairType,
          ValueRange{vector::ExtractOp::create(b, loc, vec, i),
                     vector::ExtractOp::create(b, loc, vec, i + 1)});
      words.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(), pair));
    }
    // The offset goes into the instruction's address ([reg+imm]), which
    // NVPTX does not fold into its stmatrix intrinsic (each instruction's
    // address would be a register of its own, hoisted out of every loop).
    auto [base, index] = addr.at(b, loc, src.registerCoords(r));
    int64_t offset = 0;
    if (auto c = getConstantIntValue(index);
        c && base == addr.threadPointer()) {
      offset = *c * 2;
    } else {
      base = LLVM::GEPOp::create(b, loc, base.getType(), b.getI16Type(), base,
                                 ValueRange{index});
    }
    std::string text = "stmatrix.sync.aligned.m8n8.x" +
                       std::to_string(plan.matrices) +
                       (plan.transposed ? ".trans" : "") + ".shared.b16 [$0";
    if (offset)
      text += "+" + std::to_string(offset);
    text += "], {";
    std::string constraints = "l";
    SmallVector<Value> operands{
        LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), base)};
    for (auto [i, word] : llvm::enumerate(words)) {
      text += (i ? ", $" : "$") + std::to_string(i + 1);
      constraints += ",r";
      operands.push_back(word);
    }
    text += "};";
    LLVM::InlineAsmOp::create(b, loc, TypeRange{}, operands, text, constraints,
                              /*has_side_effects=*/true,
                              /*is_align_stack=*/false,
                              LLVM::tailcallkind::TailCallKind::None,
                              LLVM::AsmDialectAttr(), ArrayAttr());
  }
}

} // namespace trident::gir_to_llvm
