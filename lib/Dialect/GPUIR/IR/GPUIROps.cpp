//===- GPUIROps.cpp - GPU IR operations -----------------------------------===//
#include "trident/Dialect/GPUIR/IR/GPUIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace trident::gir;

#include "trident/Dialect/GPUIR/IR/GPUIROpInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "trident/Dialect/GPUIR/IR/GPUIROps.cpp.inc"

// Shared-memory buffers (SharedMemoryBufferOpInterface).
int64_t LocalAllocOp::getSharedMemoryBytes() {
  return getType().getSizeInBytes();
}
// The widest swizzle's atom: 1024 bytes; unswizzled buffers need their
// widest access (16 bytes), given 128.
int64_t LocalAllocOp::getSharedMemoryAlignment() {
  return isa<PlainSharedEncodingAttr>(getType().getEncoding()) ? 128 : 1024;
}

LogicalResult ConvertLayoutOp::verify() {
  auto src = getSrc().getType();
  auto dst = getResult().getType();
  if (!getDistributedEncoding(src) || !getDistributedEncoding(dst))
    return emitOpError("converts between tiles with distributed layouts, got ")
           << src << " and " << dst;
  if (getDistributedEncoding(dst).getRank() != dst.getRank())
    return emitOpError("result layout has rank ")
           << getDistributedEncoding(dst).getRank() << " but the tile has rank "
           << dst.getRank();
  if (getDistributedEncoding(src).getRank() != src.getRank())
    return emitOpError("operand layout has rank ")
           << getDistributedEncoding(src).getRank() << " but the tile has rank "
           << src.getRank();
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getResult().getType())
    return getSrc();
  // convert(convert(x)) -> convert(x)
  if (auto inner = getSrc().getDefiningOp<ConvertLayoutOp>())
    if (inner.getSrc().getType() == getResult().getType())
      return inner.getSrc();
  return {};
}

MemDescType MemDescTransOp::getTransposedType(MemDescType src,
                                              ArrayRef<int32_t> order) {
  unsigned rank = src.getRank();
  if (order.size() != rank)
    return {};
  // inverse[d]: where source dimension d lands.
  SmallVector<unsigned> inverse(rank, rank);
  SmallVector<int64_t> shape;
  for (auto [i, d] : llvm::enumerate(order)) {
    if (d < 0 || unsigned(d) >= rank || inverse[d] != rank)
      return {};
    inverse[d] = i;
    shape.push_back(src.getShape()[d]);
  }
  Attribute encoding = src.getEncoding();
  if (auto nvmma = dyn_cast_or_null<NVMMASharedEncodingAttr>(encoding)) {
    if (nvmma.getOrder().size() != rank)
      return {};
    SmallVector<unsigned> newOrder;
    for (unsigned d : nvmma.getOrder())
      newOrder.push_back(inverse[d]);
    encoding = NVMMASharedEncodingAttr::get(src.getContext(),
                                            nvmma.getSwizzle(), newOrder);
  } else if (auto plain = dyn_cast_or_null<PlainSharedEncodingAttr>(encoding)) {
    // Permutes the tile's dimensions (the encoding's, the trailing ones).
    if (plain.getOrder().size() != rank)
      return {};
    SmallVector<unsigned> newOrder;
    for (unsigned d : plain.getOrder())
      newOrder.push_back(inverse[d]);
    encoding = PlainSharedEncodingAttr::get(src.getContext(), newOrder);
  } else if (encoding) {
    return {};
  }
  return MemDescType::get(src.getContext(), shape, src.getElementType(),
                          encoding);
}

void MemDescTransOp::build(OpBuilder &builder, OperationState &state,
                           Value src, ArrayRef<int32_t> order) {
  build(builder, state,
        getTransposedType(cast<MemDescType>(src.getType()), order), src,
        order);
}

LogicalResult MemDescTransOp::verify() {
  MemDescType expected = getTransposedType(getSrc().getType(), getOrder());
  if (!expected)
    return emitOpError("order ")
           << getOrderAttr() << " is not a permutation of the dimensions of "
           << getSrc().getType() << " (or its encoding cannot be permuted)";
  if (expected != getResult().getType())
    return emitOpError("result must be ")
           << expected << " (the source viewed through the order), got "
           << getResult().getType();
  return success();
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType(), dst = getResult().getType();
  if (src.getShape().drop_front() != dst.getShape() ||
      src.getElementType() != dst.getElementType() ||
      src.getEncoding() != dst.getEncoding())
    return emitOpError("result must be the source without its first "
                       "dimension, got ")
           << src << " -> " << dst;
  return success();
}

LogicalResult MemDescSliceOp::getByteStrides(
    MemDescType src, ArrayRef<int64_t> shape, SmallVectorImpl<int64_t> &strides,
    SmallVectorImpl<int64_t> &multiples, std::string &why) {
  ArrayRef<int64_t> full = src.getShape();
  unsigned rank = full.size();
  int64_t elemBytes = std::max(1u, src.getElementType().getIntOrFloatBitWidth() / 8);
  strides.assign(rank, 0);
  multiples.assign(rank, 1);
  // A dimension kept whole takes offset 0 only.
  for (unsigned d = 0; d < rank; ++d)
    if (shape[d] == full[d])
      multiples[d] = full[d];
  if (auto nvmma = dyn_cast<NVMMASharedEncodingAttr>(src.getEncoding())) {
    if (rank != 2) {
      why = "only 2-D swizzled tiles are cut";
      return failure();
    }
    unsigned inner = nvmma.getOrder()[0], outer = 1 - inner;
    int64_t perAtom = nvmma.getSwizzle() / elemBytes;
    if (full[inner] > perAtom) {
      // Several atoms, each every row: whole atoms of every row.
      if (shape[outer] != full[outer] || shape[inner] % perAtom) {
        why = "a tile of several swizzle atoms is cut only into whole atoms "
              "(" + std::to_string(perAtom) + " elements along dimension " +
              std::to_string(inner) + ") of every row";
        return failure();
      }
      strides[inner] = full[outer] * elemBytes;
      multiples[inner] = perAtom;
      return success();
    }
    // One atom: whole rows, eight at a time (the swizzle's period).
    if (shape[inner] != full[inner] || shape[outer] % 8) {
      why = "a tile of one swizzle atom is cut only into whole rows, a "
            "multiple of 8 of them";
      return failure();
    }
    strides[outer] = nvmma.getSwizzle();
    multiples[outer] = 8;
    return success();
  }
  auto plain = dyn_cast<PlainSharedEncodingAttr>(src.getEncoding());
  if (!plain || plain.getOrder().size() != rank) {
    why = "its encoding has no views of blocks";
    return failure();
  }
  // From the fastest dimension: whole ones, then any one, then single ones.
  int64_t step = elemBytes;
  bool cut = false;
  for (unsigned d : plain.getOrder()) {
    if (cut && shape[d] != 1) {
      why = "the block is not contiguous: dimension " + std::to_string(d) +
            " must be 1 when a faster dimension is cut";
      return failure();
    }
    strides[d] = step;
    if (shape[d] != full[d])
      cut = true;
    step *= full[d];
  }
  return success();
}

LogicalResult MemDescSliceOp::verify() {
  MemDescType src = getSrc().getType(), dst = getResult().getType();
  if (src.getRank() != dst.getRank() ||
      src.getElementType() != dst.getElementType() ||
      src.getEncoding() != dst.getEncoding())
    return emitOpError("result must have the source's rank, element type and "
                       "encoding, got ")
           << src << " -> " << dst;
  if (getOffsets().size() != size_t(src.getRank()))
    return emitOpError("takes one offset per dimension (")
           << src.getRank() << "), got " << getOffsets().size();
  for (unsigned d = 0; d < src.getRank(); ++d)
    if (dst.getShape()[d] < 1 || dst.getShape()[d] > src.getShape()[d])
      return emitOpError("dimension ")
             << d << " of the block (" << dst.getShape()[d]
             << ") must be in [1, " << src.getShape()[d] << "]";
  SmallVector<int64_t> strides, multiples;
  std::string why;
  if (failed(getByteStrides(src, dst.getShape(), strides, multiples, why)))
  {
    std::string shape;
    llvm::raw_string_ostream os(shape);
    llvm::interleave(dst.getShape(), os, "x");
    return emitOpError("cannot view a ")
           << shape << " block of " << src << ": " << why;
  }
  for (auto [d, offset] : llvm::enumerate(getOffsets())) {
    APInt value;
    if (!matchPattern(offset, m_ConstantInt(&value)))
      continue;
    int64_t o = value.getSExtValue();
    if (o < 0 || o + dst.getShape()[d] > src.getShape()[d] ||
        o % multiples[d])
      return emitOpError("offset ")
             << o << " of dimension " << d << " must be a multiple of "
             << multiples[d] << " in [0, "
             << src.getShape()[d] - dst.getShape()[d] << "]";
  }
  return success();
}

LogicalResult MemDescReinterpretOp::verify() {
  MemDescType src = getSrc().getType(), dst = getResult().getType();
  if (dst.getSizeInBytes() > src.getSizeInBytes())
    return emitOpError("views ")
           << dst.getSizeInBytes() << " bytes (" << dst << ") in a tile of "
           << src.getSizeInBytes() << " (" << src << ")";
  return success();
}

LogicalResult LocalStoreOp::verify() {
  MemDescType dst = getDst().getType();
  RankedTensorType src = getValue().getType();
  if (src.getShape() != dst.getShape() ||
      src.getElementType() != dst.getElementType())
    return emitOpError("stored tile must have the buffer's shape and element "
                       "type, got ")
           << src << " -> " << dst;
  DistributedEncodingAttr layout = getDistributedEncoding(src);
  if (!layout || layout.getRank() != src.getRank())
    return emitOpError("stored tile needs a distributed layout of its rank, "
                       "got ")
           << src;
  return success();
}

LogicalResult LocalLoadOp::verify() {
  MemDescType src = getSrc().getType();
  RankedTensorType dst = getResult().getType();
  if (src.getShape() != dst.getShape() ||
      src.getElementType() != dst.getElementType())
    return emitOpError("result must have the buffer's shape and element "
                       "type, got ")
           << src << " -> " << dst;
  DistributedEncodingAttr layout = getDistributedEncoding(dst);
  if (!layout || layout.getRank() != dst.getRank())
    return emitOpError("result needs a distributed layout of its rank, got ")
           << dst;
  return success();
}

Attribute trident::gir::extractSliceLayout(Attribute encoding,
                                           ArrayRef<int64_t> shape) {
  auto wgmma = dyn_cast_or_null<WgmmaEncodingAttr>(encoding);
  // (Warpgroups side by side along N each hold their own columns: a block
  // of columns is not the same registers of every thread.)
  if (!wgmma || shape.size() != 2 || wgmma.getWarpsPerCTA()[1] != 1)
    return {};
  unsigned instrN = unsigned(std::min<int64_t>(wgmma.getInstrN(), shape[1]));
  return WgmmaEncodingAttr::get(encoding.getContext(), wgmma.getWarpsPerCTA(),
                                instrN, wgmma.getCtaSplit());
}

LogicalResult ExtractSliceOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getType());
  ArrayRef<int64_t> offsets = getOffsets();
  if (src.getRank() != dst.getRank() ||
      offsets.size() != size_t(src.getRank()))
    return emitOpError("takes one offset per dimension of a tile of the "
                       "result's rank");
  for (unsigned d = 0; d < offsets.size(); ++d) {
    int64_t n = dst.getDimSize(d);
    if (offsets[d] < 0 || offsets[d] % n != 0 ||
        offsets[d] + n > src.getDimSize(d))
      return emitOpError("offset ")
             << offsets[d] << " of dimension " << d
             << " must be a multiple of the block's extent (" << n
             << ") inside the tile (" << src.getDimSize(d) << ")";
  }
  if (src.getEncoding() || dst.getEncoding()) {
    Attribute want = extractSliceLayout(src.getEncoding(), dst.getShape());
    if (!want || dst.getEncoding() != want)
      return emitOpError("result must have the operand's layout restricted "
                         "to the block (")
             << (want ? want : Attribute()) << "), got " << dst;
  }
  return success();
}
