//===- GPUIROps.cpp - GPU IR operations -----------------------------------===//
#include "trident/Dialect/GPUIR/IR/GPUIR.h"

#include "mlir/IR/Builders.h"
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
// The widest swizzle's atom: 1024 bytes.
int64_t LocalAllocOp::getSharedMemoryAlignment() { return 1024; }

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
