//===- GpuxDialect.cpp - The gpux example dialect -------------------------===//
//
// The ops, their verifiers and the axis-info rule of gpux.range. The
// dialect registers its lowering (GpuxLowering.cpp) as an interface, which
// convert-gir-to-llvm finds on every loaded dialect.
//
//===----------------------------------------------------------------------===//
#include "GpuxDialect.h"
#include "GpuxLowering.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace gpux_plugin;

#include "GpuxDialect.cpp.inc"

void GpuxDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "GpuxOps.cpp.inc"
      >();
  addInterfaces<GpuxLowering>();
}

#define GET_OP_CLASSES
#include "GpuxOps.cpp.inc"

LogicalResult RangeOp::verify() {
  int64_t n = getType().getDimSize(0);
  if (n <= 0)
    return emitOpError("needs a static, non-empty length, got ") << getType();
  return success();
}

LogicalResult ReverseOp::verify() {
  auto type = cast<RankedTensorType>(getType());
  if (type.getRank() != 1 || !type.hasStaticShape())
    return emitOpError("reverses 1-D tiles of static length, got ") << type;
  if (Value staging = getStaging()) {
    auto pad = staging.getDefiningOp<ScratchpadOp>();
    if (!pad)
      return emitOpError("stages in a gpux.scratchpad only");
    int64_t need = type.getNumElements() *
                   std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
    if (pad.getBytes() < need)
      return emitOpError("needs ")
             << need << " bytes of staging, the scratchpad has "
             << pad.getBytes();
  }
  return success();
}

LogicalResult ScratchpadOp::verify() {
  auto ptr = dyn_cast<LLVM::LLVMPointerType>(getType());
  if (!ptr || ptr.getAddressSpace() != 3)
    return emitOpError("is a pointer to shared memory (!llvm.ptr<3>), got ")
           << getType();
  if (getBytes() <= 0)
    return emitOpError("needs a positive size, got ") << getBytes();
  return success();
}

// SharedMemoryBufferOpInterface: what the core's allocator places.
// Scratch for the staged tile, unless it stages in a scratchpad.
int64_t ReverseOp::getScratchBytes() {
  if (getStaging())
    return 0;
  auto type = cast<RankedTensorType>(getType());
  return type.getNumElements() *
         std::max<int64_t>(1, type.getElementType().getIntOrFloatBitWidth() / 8);
}

int64_t ScratchpadOp::getSharedMemoryBytes() { return getBytes(); }
int64_t ScratchpadOp::getSharedMemoryAlignment() { return getAlignment(); }

/// The largest power of two dividing `v` (capped; 0 divides by all).
static int64_t powerOfTwoDividing(int64_t v) {
  if (v == 0)
    return trident::AxisInfo::kMaxDivisibility;
  return std::min<int64_t>(int64_t(1) << llvm::countr_zero(uint64_t(v)),
                           trident::AxisInfo::kMaxDivisibility);
}

trident::AxisInfo
RangeOp::inferAxisInfo(ArrayRef<const trident::AxisInfo *>, unsigned) {
  int64_t n = getType().getDimSize(0);
  int64_t run = int64_t(llvm::bit_floor(uint64_t(n)));
  int64_t start = getStart(), step = getStep();
  // step 1: one run of consecutive values starting at `start`; step 0:
  // every element is `start`; otherwise each element is divisible by what
  // divides both.
  int64_t contiguity = step == 1 ? run : 1;
  int64_t constancy = step == 0 ? run : 1;
  int64_t divisibility =
      step == 1 || step == 0
          ? powerOfTwoDividing(start)
          : std::min(powerOfTwoDividing(start), powerOfTwoDividing(step));
  return trident::AxisInfo(/*rank=*/1, {contiguity}, {divisibility},
                           {constancy}, std::nullopt,
                           /*nonNegative=*/start >= 0 && step >= 0);
}
