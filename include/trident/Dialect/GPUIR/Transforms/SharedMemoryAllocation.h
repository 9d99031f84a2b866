//===- SharedMemoryAllocation.h - Buffers in shared memory ------*- C++ -*-===//
//
// Where the shared-memory buffers of a kernel go. Every op that implements
// SharedMemoryBufferOpInterface (gir.local_alloc, nvgir.mbarrier_alloc, a
// plugin's buffers) gets a byte offset in the program's one dynamic
// shared-memory block. gir-allocate-shared-memory computes the plan over
// the whole module and writes it into the IR (`gir.shared_offset` on each
// op); convert-gir-to-llvm reads it back (and makes the same plan itself
// for a module the pass has not seen). Scratch, the bytes an op's lowering
// needs only while it runs, is declared by the op
// (SharedMemoryScratchOpInterface) and placed here too, over the buffers
// that are dead at the op (`gir.scratch_offset`).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_DIALECT_GPUIR_TRANSFORMS_SHAREDMEMORYALLOCATION_H
#define TRIDENT_DIALECT_GPUIR_TRANSFORMS_SHAREDMEMORYALLOCATION_H

#include "trident/Dialect/GPUIR/IR/GPUIR.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

#include <vector>

namespace trident::gir {

/// The attribute that records a buffer's offset (an i64 byte offset).
inline constexpr llvm::StringLiteral kSharedOffsetAttr = "gir.shared_offset";
/// The attribute that records the offset of an op's scratch.
inline constexpr llvm::StringLiteral kScratchOffsetAttr = "gir.scratch_offset";

/// A buffer of the plan: bytes [offset, offset + bytes), live from program
/// position `begin` to `end` (inclusive; see SharedMemoryPlan::position).
struct PlacedBuffer {
  mlir::Operation *op;
  int64_t offset, bytes, begin, end;
};

struct SharedMemoryPlan {
  /// In program order.
  std::vector<PlacedBuffer> buffers;
  /// The scratch of the ops that declare some
  /// (SharedMemoryScratchOpInterface), in program order: live at the op
  /// (at every position of the tir.warp_specialize it runs in, for an op in
  /// one of its regions).
  std::vector<PlacedBuffer> scratch;
  /// The end of the last buffer or scratch: the bytes the plan takes.
  int64_t end = 0;
  /// Pre-order position of every op of the module.
  llvm::DenseMap<mlir::Operation *, int64_t> position;
};

/// The buffers of `module`, in program order, each at the lowest offset
/// past the ones before it that its alignment allows: buffers never share
/// bytes (a buffer placed over a dead one would need a barrier between the
/// old one's last reads and the new one's first writes). Offsets already
/// recorded in `gir.shared_offset` are kept.
SharedMemoryPlan planSharedMemory(mlir::ModuleOp module);

/// (Scratch: each op's at the lowest offset, aligned as it asks, where it
/// overlaps no buffer live at the op; the regions of a tir.warp_specialize
/// run at once, so their scratch lies side by side, clear of every buffer
/// live in the op.)

/// The lowest offset, aligned to `align`, where `bytes` overlap none of
/// `placed` that is live at any position from `from` to `to` (the first
/// fit that places scratch; the lowering's own placement uses it too).
int64_t firstFit(llvm::ArrayRef<PlacedBuffer> placed, int64_t bytes,
                 int64_t align, int64_t from, int64_t to);

/// The tir.warp_specialize `op` runs in, and the region (0: the default
/// region, 1 + i: partition i); null and -1 outside any.
std::pair<trident::tir::WarpSpecializeOp, int> warpRegion(mlir::Operation *op);

/// Writes `plan`'s offsets into the IR.
void recordSharedMemoryPlan(const SharedMemoryPlan &plan);

/// The most shared memory (bytes) one program may have on compute
/// capability `cc` (with the opt-in above 48 KiB): the NVIDIA back end's
/// registered limit (targetLimits, trident/Pipeline/TargetRegistry.h).
int64_t sharedMemoryLimit(int64_t computeCapability);

} // namespace trident::gir

#endif
