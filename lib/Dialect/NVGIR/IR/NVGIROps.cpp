//===- NVGIROps.cpp - NVIDIA GPU IR operations ----------------------------===//
#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace trident::nvgir;
using trident::gir::getCTABlockShape;
using trident::gir::getDistributedEncoding;
using trident::gir::MemDescType;
using trident::gir::WgmmaEncodingAttr;

#define GET_OP_CLASSES
#include "trident/Dialect/NVGIR/IR/NVGIROps.cpp.inc"

// Barriers take shared memory (SharedMemoryBufferOpInterface), are waited on
// until the kernel ends and may be reused by later loops through the same
// value.
int64_t MBarrierAllocOp::getSharedMemoryBytes() {
  return 8 * int64_t(getType().getCount());
}
int64_t MBarrierAllocOp::getSharedMemoryAlignment() { return 8; }
bool MBarrierAllocOp::isSharedMemoryLiveForKernel() { return true; }

// mbarrier.init takes an expected arrival count in [1, 2^20 - 1].
LogicalResult MBarrierAllocOp::verify() {
  int64_t arrivals = int32_t(getArrivals());
  if (arrivals < 1 || arrivals > (1 << 20) - 1)
    return emitOpError("expects from 1 to 1048575 arrivals per phase, got ")
           << arrivals;
  return success();
}

LogicalResult AsyncCopyOp::verify() {
  auto ptrType = getPtr().getType();
  MemDescType dst = getDst().getType();
  auto ptr = dyn_cast<trident::tir::PointerType>(ptrType.getElementType());
  if (!ptr)
    return emitOpError("copies from a tile of pointers, got ") << ptrType;
  if (ptr.getPointeeType() != dst.getElementType())
    return emitOpError("pointee type ")
           << ptr.getPointeeType() << " differs from the buffer's element type "
           << dst.getElementType();
  // (A pointer tile split over the CTAs of a cluster fills a buffer of its
  // CTA's block.)
  if (ArrayRef<int64_t>(getCTABlockShape(ptrType)) != dst.getShape())
    return emitOpError("pointer tile shape differs from the buffer's");
  if (getMask() && (cast<RankedTensorType>(getMask().getType()).getShape() !=
                        ptrType.getShape() ||
                    !cast<RankedTensorType>(getMask().getType())
                         .getElementType()
                         .isInteger(1)))
    return emitOpError("mask must be an i1 tile of the pointer tile's shape");
  if (!getDistributedEncoding(ptrType))
    return emitOpError("pointer tile needs a distributed layout");
  return success();
}

/// A TMA copy between the block of `desc` at `indices` and the buffer
/// `buffer` (`what`: "destination" or "source"): one index per dimension,
/// the block's shape and element type, the shared layout TMA uses for it.
static LogicalResult verifyTmaCopy(Operation *op,
                                   trident::tir::TensorDescType desc,
                                   size_t indices, MemDescType buffer,
                                   StringRef what) {
  if (indices != static_cast<size_t>(desc.getRank()))
    return op->emitOpError("takes one index per dimension of the block (")
           << desc.getRank() << "), got " << indices;
  if (buffer.getShape() != desc.getBlockShape() ||
      buffer.getElementType() != desc.getElementType())
    return op->emitOpError()
           << what << " " << buffer << " must hold the descriptor's block "
           << desc.getBlockType();
  std::string why;
  FailureOr<TmaBlockLayout> layout = getTmaBlockLayout(desc, &why);
  if (failed(layout))
    return op->emitOpError(why);
  Attribute want = layout->sharedEncoding(op->getContext());
  if (!want)
    return op->emitOpError("copies 2-D blocks of 8 or more rows of 32 bytes "
                           "or more (a swizzled shared layout) only, got ")
           << desc.getBlockType();
  if (buffer.getEncoding() != want)
    return op->emitOpError()
           << what << " layout " << buffer.getEncoding()
           << " is not the one TMA uses (" << want << ")";
  return success();
}

LogicalResult TmaLoadOp::verify() {
  // Each receiving CTA's barrier must have been told the bytes: the
  // copying thread can announce them to its own only.
  if (getMulticast() && !getExpected())
    return emitOpError("multicast to other CTAs needs `expected` (the bytes "
                       "announced to each CTA's barrier by "
                       "nvgir.mbarrier_expect_tx)");
  return verifyTmaCopy(*this, getDesc().getType(), getIndices().size(),
                       getDst().getType(), "destination");
}

LogicalResult TmaStoreOp::verify() {
  if (std::optional<StringRef> kind = getReduce()) {
    Type elem = getSrc().getType().getElementType();
    unsigned bits = elem.getIntOrFloatBitWidth();
    bool isInt = elem.isInteger() && (bits == 32 || bits == 64);
    bool half = elem.isF16() || elem.isBF16();
    bool ok = *kind == "add"   ? isInt || half || elem.isF32()
              : *kind == "min" || *kind == "max" ? isInt || half
              : *kind == "and" || *kind == "or" || *kind == "xor" ? isInt
                                                                  : false;
    if (*kind != "add" && *kind != "min" && *kind != "max" &&
        *kind != "and" && *kind != "or" && *kind != "xor")
      return emitOpError("reduce must be \"add\", \"min\", \"max\", "
                         "\"and\", \"or\" or \"xor\", got \"")
             << *kind << "\"";
    if (!ok)
      return emitOpError("TMA cannot reduce ")
             << elem << " with \"" << *kind
             << "\" (add: f32, f16, bf16, i32, i64; min and max: f16, bf16, "
                "i32, i64; and, or, xor: i32, i64)";
  }
  return verifyTmaCopy(*this, getDesc().getType(), getIndices().size(),
                       getSrc().getType(), "source");
}

LogicalResult WarpgroupDotOp::verify() {
  // A in shared memory or in registers: the same shape rules.
  ArrayRef<int64_t> aShape;
  Type aElem;
  if (auto reg = getRegisterA()) {
    aShape = reg.getType().getShape();
    aElem = reg.getType().getElementType();
    // A register A stays in registers only in wgmma's register fragment
    // (a 16-bit #gir.wgmma layout of the accumulator's warps); any other
    // is staged through scratch that is reused after the op.
    if (getAsync()) {
      auto enc = dyn_cast_or_null<WgmmaEncodingAttr>(reg.getType().getEncoding());
      auto acc = dyn_cast_or_null<WgmmaEncodingAttr>(
          cast<RankedTensorType>(getC().getType()).getEncoding());
      unsigned bits = reg.getType().getElementTypeBitWidth();
      if (!enc || !acc || enc.getWarpsPerCTA() != acc.getWarpsPerCTA() ||
          acc.getWarpsPerCTA()[1] != 1 || enc.getCtaSplit() != 1 ||
          bits != 16)
        return emitOpError("with A in registers is asynchronous only with a "
                           "16-bit A in a #gir.wgmma layout of the "
                           "accumulator's warps, all of them along M (any "
                           "other is staged through scratch, reused after "
                           "the op)");
    }
  } else {
    auto mem = cast<MemDescType>(getA().getType());
    aShape = mem.getShape();
    aElem = mem.getElementType();
    if (!isa<trident::gir::NVMMASharedEncodingAttr>(mem.getEncoding()))
      return emitOpError("reads a shared A with the #gir.nvmma_shared "
                         "layout only, got ")
             << mem;
  }
  MemDescType b = getB().getType();
  if (!isa<trident::gir::NVMMASharedEncodingAttr>(b.getEncoding()))
    return emitOpError("reads B with the #gir.nvmma_shared layout only, got ")
           << b;
  auto c = cast<RankedTensorType>(getC().getType());
  if (aShape.size() != 2 || b.getRank() != 2 || c.getRank() != 2)
    return emitOpError("takes 2-D operands");
  // A holds the accumulator's rows, or, when the accumulator is split over
  // the CTAs of a cluster, possibly only the CTA's block of them.
  int64_t rows = c.getShape()[0];
  bool aRowsFit = aShape[0] == rows || aShape[0] == getCTABlockShape(c)[0];
  if (aShape[1] != b.getShape()[0] || !aRowsFit ||
      b.getShape()[1] != c.getShape()[1])
    return emitOpError("shapes do not form a matrix product: ")
           << getA().getType() << " * " << b << " -> " << c;
  // (wgmma takes any mix of its two 8-bit float types.)
  auto fp8 = [](Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); };
  if (aElem != b.getElementType() && !(fp8(aElem) && fp8(b.getElementType())))
    return emitOpError("operands must have one element type (or two 8-bit "
                       "float types)");
  if (!isa<WgmmaEncodingAttr>(c.getEncoding()))
    return emitOpError("accumulator needs the #gir.wgmma layout, got ") << c;
  // The lowering keeps wgmma's accumulator fragments in f32 registers.
  if (!c.getElementType().isF32())
    return emitOpError("accumulates in f32 only, got ") << c.getElementType();
  if (uint32_t bound = getMaxNumImpreciseAcc()) {
    if (!fp8(aElem))
      return emitOpError("max_num_imprecise_acc applies only to 8-bit float "
                         "operands, got ")
             << aElem;
    // (Runs of whole k32 steps: a bound below one step cannot be kept.)
    if (getPromotionInterval() && bound < 32)
      return emitOpError("max_num_imprecise_acc = ")
             << bound << " is below one wgmma K step (32 fp8 products)";
    if (getPromotionInterval() && getAsync())
      return emitOpError("with max_num_imprecise_acc = ")
             << bound << " (at most K = " << aShape[1]
             << ") completes within the op: it cannot be async";
  }
  return success();
}

int64_t WarpgroupDotOp::getPromotionInterval() {
  int64_t bound = getMaxNumImpreciseAcc();
  ArrayRef<int64_t> aShape =
      getRegisterA() ? getRegisterA().getType().getShape()
                     : cast<MemDescType>(getA().getType()).getShape();
  return bound > 0 && aShape.size() == 2 && bound <= aShape[1] ? bound : 0;
}

// Written before the layout passes (a plugin's explicit dot), the MMA asks
// for its accumulator in the #gir.wgmma layout of the program's warps (all
// of them along M, instructions as wide as N allows, at most 256) and for a
// 16-bit register A in the matching register fragment; an 8-bit register A
// is staged by the lowering from any layout.
void WarpgroupDotOp::getRequiredLayouts(
    unsigned numWarps, unsigned threadsPerWarp, unsigned computeCapability,
    SmallVectorImpl<Attribute> &operands, SmallVectorImpl<Attribute> &results) {
  auto c = cast<RankedTensorType>(getC().getType());
  if (numWarps == 0 || numWarps % 4 != 0 || threadsPerWarp != 32 ||
      c.getRank() != 2)
    return;
  unsigned warps[] = {numWarps, 1};
  auto acc = WgmmaEncodingAttr::get(
      getContext(), warps, unsigned(std::min<int64_t>(c.getDimSize(1), 256)));
  operands[2] = acc;
  results[0] = acc;
  if (auto reg = getRegisterA(); reg && reg.getType().getRank() == 2 &&
                                 reg.getType().getElementTypeBitWidth() == 16)
    operands[0] = WgmmaEncodingAttr::get(
        getContext(), warps,
        unsigned(std::min<int64_t>(reg.getType().getDimSize(1), 256)));
}

LogicalResult FenceOp::verify() {
  StringRef scope = getScope();
  if (scope != "gpu" && scope != "sys" && scope != "async_shared")
    return emitOpError("scope must be \"gpu\", \"sys\" or "
                       "\"async_shared\", got \"")
           << scope << "\"";
  return success();
}

LogicalResult NamedBarrierOp::verify() {
  if (getId() > 15)
    return emitOpError("names barrier ")
           << getId() << "; the GPU has named barriers 0 to 15";
  if (getThreads() % 32 != 0 || getThreads() > 1024)
    return emitOpError("counts whole warps: threads must be a multiple of "
                       "32 up to 1024, got ")
           << getThreads();
  return success();
}
