//===- SharedLayout.cpp - Swizzled shared-memory tiles --------------------===//
#include "trident/Conversion/GPUIRToLLVM/SharedLayout.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

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

} // namespace trident::gir_to_llvm
