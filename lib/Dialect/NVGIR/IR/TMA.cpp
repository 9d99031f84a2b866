//===- TMA.cpp - How the tensor memory accelerator moves blocks -----------===//
//
// One rule, shared by the pipeliner (which sizes and lays out the ring a
// copy lands in), the LLVM lowering (which issues the copies and reads the
// block back) and the kernel metadata (from which the launcher encodes the
// descriptor): they must agree byte for byte.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace trident::nvgir {
using gir::NVMMASharedEncodingAttr;

NVMMASharedEncodingAttr TmaBlockLayout::sharedEncoding(MLIRContext *ctx) const {
  if (swizzle == 0 || box.size() != 2)
    return {};
  return NVMMASharedEncodingAttr::get(ctx, swizzle, {1, 0});
}

FailureOr<TmaBlockLayout> getTmaBlockLayout(tir::TensorDescType type,
                                            std::string *why) {
  auto fail = [&](const Twine &reason) -> FailureOr<TmaBlockLayout> {
    if (why)
      *why = reason.str();
    return failure();
  };
  Type elem = type.getElementType();
  if (!elem.isIntOrFloat())
    return fail("TMA moves integers and floats, not " +
                std::string(llvm::isa<tir::PointerType>(elem) ? "pointers"
                                                               : "this type"));
  unsigned bits = elem.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return fail("TMA moves elements of 1, 2, 4 or 8 bytes, not " +
                Twine(bits) + " bits");
  ArrayRef<int64_t> shape = type.getBlockShape();
  if (shape.empty() || shape.size() > 5)
    return fail("TMA moves blocks of rank 1 to 5, not " + Twine(shape.size()));
  TmaBlockLayout l;
  l.elemBytes = bits / 8;
  l.inner = shape.back();
  for (int64_t d : shape.drop_back()) {
    if (d > 256)
      return fail("a TMA box is at most 256 elements along each dimension; "
                  "the block has " + Twine(d));
    l.rows *= d;
  }
  int64_t innerBytes = l.inner * l.elemBytes;
  if (innerBytes % 16 != 0)
    return fail("TMA moves rows of a multiple of 16 bytes; the block's last "
                "dimension has " + Twine(innerBytes));
  // Swizzle when eight or more rows share the pattern's period (it repeats
  // every 8 rows of the swizzle width).
  if (l.rows % 8 == 0 && innerBytes >= 32 && llvm::isPowerOf2_64(innerBytes))
    l.swizzle = std::min<int64_t>(128, innerBytes);
  int64_t boxInner =
      l.swizzle ? l.swizzle / l.elemBytes : std::min<int64_t>(l.inner, 256);
  if (l.inner % boxInner != 0)
    return fail("the block's last dimension (" + Twine(l.inner) +
                ") is not a multiple of the TMA box width (" + Twine(boxInner) +
                ")");
  l.pieces = l.inner / boxInner;
  l.box.assign(shape.begin(), shape.end());
  l.box.back() = boxInner;
  return l;
}

} // namespace trident::nvgir
