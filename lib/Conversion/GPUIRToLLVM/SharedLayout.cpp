//===- SharedLayout.cpp - Swizzled shared-memory tiles --------------------===//
#include "trident/Conversion/GPUIRToLLVM/SharedLayout.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace trident::gir_to_llvm {

Value OperandLayout::offset(OpBuilder &b, Location loc, Value row,
                            Value in) const {
  auto c = [&](int64_t v) { return i32Const(b, loc, v); };
  auto shr = [&](Value v, int64_t s) {
    return arith::ShRUIOp::create(b, loc, v, c(s));
  };
  auto mul = [&](Value v, int64_t m) {
    return arith::MulIOp::create(b, loc, v, c(m));
  };
  auto band = [&](Value v, int64_t m) {
    return arith::AndIOp::create(b, loc, v, c(m));
  };
  int64_t perRow = elemsPerAtomRow();
  Value atom = shr(in, llvm::Log2_64(perRow));
  Value inRow = mul(band(in, perRow - 1), elemBytes); // byte in the row
  Value rowStart = mul(row, swizzle);
  // Bits 4.. of the byte in the row select a 16-byte chunk; XOR them with
  // bits 7.. of the row's start.
  Value phase = band(shr(rowStart, 7), swizzle / 16 - 1);
  Value chunk = arith::XOrIOp::create(b, loc, shr(inRow, 4), phase);
  Value within = arith::OrIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, chunk, c(4)), band(inRow, 15));
  Value off = arith::AddIOp::create(b, loc, mul(atom, atomBytes()), rowStart);
  return arith::AddIOp::create(b, loc, off, within);
}

OperandLayout layoutOf(gir::MemDescType type, unsigned kDim) {
  auto enc = cast<gir::NVMMASharedEncodingAttr>(type.getEncoding());
  unsigned contiguous = enc.getOrder()[0];
  int64_t elemBytes = type.getElementType().getIntOrFloatBitWidth() / 8;
  return {type.getShape()[1 - contiguous], type.getShape()[contiguous],
          elemBytes, enc.getSwizzle(), contiguous == kDim};
}

namespace {

/// Element strides of the tile dimensions of a #gir.plain_shared buffer.
SmallVector<int64_t> plainStrides(gir::MemDescType type) {
  auto enc = cast<gir::PlainSharedEncodingAttr>(type.getEncoding());
  ArrayRef<int64_t> shape = type.getShape().take_back(enc.getOrder().size());
  SmallVector<int64_t> strides(shape.size(), 0);
  int64_t stride = 1;
  for (unsigned d : enc.getOrder()) {
    strides[d] = stride;
    stride *= shape[d];
  }
  return strides;
}

} // namespace

int64_t plainVectorWidth(const LayoutMap &map, gir::MemDescType type,
                         int64_t limit) {
  auto enc = cast<gir::PlainSharedEncodingAttr>(type.getEncoding());
  unsigned inner = enc.getOrder()[0];
  int64_t bytes = type.getElementType().getIntOrFloatBitWidth() / 8;
  int64_t vec = std::max<int64_t>(
      1, std::min<int64_t>(limit, 16 / std::max<int64_t>(bytes, 1)));
  vec = int64_t(1) << llvm::Log2_64(vec);
  while (vec > 1 && !map.registersRunAlong(inner, vec))
    vec /= 2;
  return vec;
}

SmallVector<Value> plainAddresses(OpBuilder &b, Location loc, Value base,
                                  const LayoutMap &map, gir::MemDescType type,
                                  ArrayRef<Value> thread, int64_t vec) {
  SmallVector<int64_t> strides = plainStrides(type);
  int64_t bytes = type.getElementType().getIntOrFloatBitWidth() / 8;
  unsigned rank = map.rank();
  // Which coordinate bits threads and registers move, per dimension.
  bool disjoint = true;
  for (unsigned d = 0; d < rank; ++d) {
    int64_t threadBits = 0, regBits = 0;
    for (bool lanes : {true, false})
      for (auto [bit, step] : map.threadBitSteps(d, lanes))
        threadBits |= step;
    for (int64_t r = 0; r < map.numRegisters(); ++r)
      regBits |= map.registerCoords(r)[d];
    disjoint &= (threadBits & regBits) == 0;
  }
  Type ptrType = base.getType();
  auto gep = [&](Value ptr, Value byte) -> Value {
    return LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), ptr,
                               ValueRange{byte});
  };
  auto gepConst = [&](Value ptr, int64_t byte) -> Value {
    return LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), ptr,
                               ArrayRef<LLVM::GEPArg>{int32_t(byte)});
  };
  SmallVector<Value> out;
  if (disjoint) {
    // coordinate = thread + register: one per-thread address.
    Value off = i32Const(b, loc, 0);
    for (unsigned d = 0; d < rank; ++d)
      off = arith::AddIOp::create(
          b, loc, off,
          arith::MulIOp::create(b, loc, thread[d],
                                i32Const(b, loc, strides[d] * bytes)));
    Value threadBase = gep(base, off);
    for (int64_t r = 0; r < map.numRegisters(); r += vec) {
      SmallVector<int64_t> c = map.registerCoords(r);
      int64_t constant = 0;
      for (unsigned d = 0; d < rank; ++d)
        constant += c[d] * strides[d] * bytes;
      out.push_back(constant ? gepConst(threadBase, constant) : threadBase);
    }
    return out;
  }
  for (int64_t r = 0; r < map.numRegisters(); r += vec) {
    SmallVector<int64_t> c = map.registerCoords(r);
    Value off = i32Const(b, loc, 0);
    for (unsigned d = 0; d < rank; ++d) {
      Value coord = arith::XOrIOp::create(b, loc, thread[d],
                                          i32Const(b, loc, c[d]));
      off = arith::AddIOp::create(
          b, loc, off,
          arith::MulIOp::create(b, loc, coord,
                                i32Const(b, loc, strides[d] * bytes)));
    }
    out.push_back(gep(base, off));
  }
  return out;
}

} // namespace trident::gir_to_llvm
