//===- Lowering.h - The pieces convert-gir-to-llvm's patterns use -*- C++ -*-===//
//
// Public so that a plugin dialect's patterns (given to convert-gir-to-llvm
// through GPUIRToLLVMPatternInterface, PatternInterface.h) lower its ops
// with the same tools as the core's: the lowering context (warps, lane and
// warp ids, shared memory), the distribution of tiles over threads
// (LayoutMap), and helpers for shared memory, shuffles and barriers.
//
// The distribution of tiles over threads: a tile of layout L becomes, in each
// thread, the vector of the elements L gives it (register r of the thread is
// element r of the vector). LayoutMap answers "which element is register r
// of this thread" with compile-time register coordinates XOR run-time
// coordinates of the thread (lane and warp), which holds because every
// layout here is linear over GF(2) in the bits of (register, lane, warp).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONVERSION_GPUIRTOLLVM_LOWERING_H
#define TRIDENT_CONVERSION_GPUIRTOLLVM_LOWERING_H

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/GPUIR/Transforms/SharedMemoryAllocation.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace trident::gir_to_llvm {

/// Where the elements of a tile of one type and layout live.
class LayoutMap {
public:
  /// Fails (with a message) for tiles without a distributed layout or with
  /// shapes that are not powers of two.
  static llvm::FailureOr<LayoutMap> get(mlir::RankedTensorType type,
                                        unsigned threadsPerWarp,
                                        unsigned numWarps, std::string &why);

  int64_t numRegisters() const { return numRegs; }
  unsigned rank() const { return shape.size(); }
  /// The shape of the part of the tile a CTA holds: the whole tile's, or,
  /// for a tile split over the CTAs of a cluster, its block's (the
  /// coordinates below are within it).
  llvm::ArrayRef<int64_t> getShape() const { return blockShape; }
  /// Coordinates of register `r` in lane 0 of warp 0.
  llvm::SmallVector<int64_t> registerCoords(int64_t r) const;
  /// Lanes per warp, and the part of the coordinates that lane `lane` of
  /// warp 0 adds (XOR) to registerCoords, at compile time.
  int64_t numLanes() const { return int64_t(1) << laneBases.size(); }
  llvm::SmallVector<int64_t> laneCoords(int64_t lane) const;
  /// The calling thread's part of the coordinates (to XOR with
  /// registerCoords), one i32 value per dimension.
  llvm::SmallVector<mlir::Value> threadCoords(mlir::OpBuilder &b,
                                              mlir::Location loc,
                                              mlir::Value lane,
                                              mlir::Value warp) const;
  /// (bit index, step along `dim`) of each lane (`lanes`) or warp bit that
  /// moves along `dim`, in bit order.
  llvm::SmallVector<std::pair<unsigned, int64_t>>
  threadBitSteps(unsigned dim, bool lanes) const;
  /// True in the one thread of each group of threads that hold the same
  /// elements (the layout replicates a tile smaller than the CTA): the lane
  /// and warp bits that move no coordinate are all 0. In a cluster
  /// (`ctaRank` given, LoweringContext::ctaRank), also only in the first
  /// CTA of those that hold the same block (rank < ctaSplit()).
  mlir::Value isFirstReplica(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value lane, mlir::Value warp,
                             mlir::Value ctaRank = {}) const;
  /// The blocks of dimension 0 the CTAs of a cluster hold the tile in
  /// (gir::getCTASplit); coordinates from registerCoords, laneCoords and
  /// threadCoords are within the CTA's block (those of CTA 0).
  int64_t ctaSplit() const { return split; }
  /// What the calling CTA adds to dimension 0 of those coordinates (i32):
  /// (ctaRank % ctaSplit()) * rows per block; 0 when not split.
  mlir::Value ctaRowOffset(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value ctaRank) const;
  /// Whether every group of `v` consecutive registers holds `v`
  /// consecutive elements along `dim`, each group starting at a multiple
  /// of `v` in every thread (so the group is one vector access).
  bool registersRunAlong(unsigned dim, int64_t v) const;
  /// Lane bits (as masks) and warp bits whose move changes dimension `dim`
  /// only; `mixed` is set if some bit moves `dim` and another dimension.
  void threadBitsAlong(unsigned dim, llvm::SmallVectorImpl<int64_t> &laneBits,
                       llvm::SmallVectorImpl<int64_t> &warpBits,
                       bool &mixed) const;

  /// For each register of this map, the register of `src` holding the same
  /// element in the same thread, when every thread holds in `src` all the
  /// elements this map gives it (the same lane and warp placement, as
  /// wgmma accumulators of different instruction widths, or slices of
  /// them): the conversion from `src` is a register permutation.
  std::optional<llvm::SmallVector<int64_t>>
  registersFrom(const LayoutMap &src) const;
  /// The same for a block of `src`'s tile at `offsets` (each a multiple of
  /// this map's extent): for each register of this map, the register of
  /// `src` holding the element at its coordinates plus `offsets`.
  std::optional<llvm::SmallVector<int64_t>>
  registersFromBlock(const LayoutMap &src,
                     llvm::ArrayRef<int64_t> offsets) const;

private:
  gir::DistributedEncodingAttr layout;
  llvm::SmallVector<int64_t> shape, blockShape;
  int64_t numRegs = 0;
  int64_t split = 1;
  llvm::SmallVector<llvm::SmallVector<int64_t>> laneBases, warpBases;
};

/// Shared state of the lowering of one module.
///
/// Shared memory is one dynamic buffer per module, the external array
/// `@__trident_dynamic_smem` in address space 3 (aligned to 1024 bytes),
/// whose size the launch gives. It holds:
///   - buffers, live across operations: those of ops that implement
///     SharedMemoryBufferOpInterface (gir.local_alloc, nvgir.mbarrier_alloc,
///     a plugin's), placed by gir-allocate-shared-memory
///     (SharedMemoryAllocation.h; `loadSharedMemoryPlan` reads the plan,
///     `bufferOffset` gives an op its offset), each live from its op to
///     its last use or for the whole kernel (tir.warp_specialize's capture
///     slots among them); then the buffers a lowering asks for itself
///     (`allocatePersistent`; the core's lowering asks for none), after
///     the plan, for the whole kernel;
///   - scratch buffers: the buffers one operation writes and reads within
///     its own lowering (`scratchBuffer`). An op that declares them
///     (SharedMemoryScratchOpInterface: the core's ops through
///     ScratchModels.h, a plugin's by implementing it) gets the offset
///     gir-allocate-shared-memory planned for it, over the buffers dead at
///     the op (so an epilogue's staging after a pipelined loop reuses the
///     loop's ring), and the buffers the lowering makes itself follow the
///     plan. An op that does not is placed after the conversion
///     (`finalizeSharedMemory`): the lowest offset (aligned to 128) where
///     its bytes overlap nothing live at the op, its offsets placeholder
///     constants (marked `kScratchOffsetAttr` and `kScratchUserAttr`) until
///     then. Scratch users never overlap in time: each one barriers before
///     its first write.
struct LoweringContext {
  unsigned numWarps = 4;
  unsigned threadsPerWarp = 32;
  /// CTAs per program (gir.num_ctas): a program runs on a cluster of this
  /// many CTAs, and tiles with a CTA split hold a block per CTA.
  unsigned numCTAs = 1;
  mlir::ModuleOp module;
  /// Contiguity, alignment and mask constancy of the module's values,
  /// computed before the lowering changes anything (MemoryToLLVM vectorizes
  /// global accesses with it); null: no vector accesses.
  const AxisInfoAnalysis *axisInfo = nullptr;
  /// Masked vector stores to global memory as predicated PTX whatever their
  /// number (the pass's predicate-stores option).
  bool predicateStores = false;
  /// Masked loads from global memory as predicated PTX whatever their
  /// number (the pass's predicate-loads option).
  bool predicateLoads = false;
  /// A block's masked global loads are predicated PTX when together they
  /// hold more than this many 32-bit registers per thread (the pass's
  /// predicate-loads-above option; negative: never).
  int64_t predicateLoadsAbove = -1;
  /// The tir.load ops so lowered (choosePredicatedLoads).
  llvm::DenseSet<mlir::Operation *> predicatedLoads;

  static constexpr llvm::StringLiteral kDynamicSmemName =
      "__trident_dynamic_smem";
  static constexpr llvm::StringLiteral kScratchOffsetAttr =
      "trident.scratch_offset";
  static constexpr llvm::StringLiteral kScratchUserAttr =
      "trident.scratch_user";
  /// On the module while its kernels are lowered, when one of them has a
  /// tir.warp_specialize: CTA barriers then count the threads of the group
  /// that waits (each group barriers alone).
  static constexpr llvm::StringLiteral kWarpSpecializedAttr =
      "trident.warp_specialized";

  /// Bytes of the persistent buffers (their end).
  int64_t persistentBytes = 0;
  /// What each scratch user or persistent buffer needs (`what` names it:
  /// "'tir.dot'"), for the error when a kernel needs more than a CTA can
  /// have.
  struct SharedUse {
    mlir::Location loc;
    std::string what;
    int64_t bytes;
    /// A persistent buffer (else a scratch user).
    bool persistent = false;
  };
  std::vector<SharedUse> sharedUses;

  /// The calling thread's lane id and warp id (i32) in the group of warps
  /// that runs code at `b`'s insertion point (gir::getWarpGroup: a
  /// partition of tir.warp_specialize counts its warps from 0).
  std::pair<mlir::Value, mlir::Value> laneAndWarp(mlir::OpBuilder &b,
                                                  mlir::Location loc);
  /// The calling thread's index in that group (i32).
  mlir::Value threadId(mlir::OpBuilder &b, mlir::Location loc);
  /// The calling CTA's rank in its cluster (i32; constant 0 when a program
  /// is one CTA).
  mlir::Value ctaRank(mlir::OpBuilder &b, mlir::Location loc);
  /// `cond` (i1), and, in a program of several CTAs, the calling CTA being
  /// its cluster's first: for what a program does once (a scalar atomic, a
  /// descriptor store, a print).
  mlir::Value andFirstCTA(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value cond);

  /// A scratch buffer of `bytes` bytes for `user`, as a pointer in address
  /// space 3. The first call for a user emits a CTA barrier at the
  /// insertion point (other warps may still be reading the previous user's
  /// scratch), so ask for the buffers before writing any; the user's later
  /// calls (with no other user in between) give the next bytes of its
  /// region. A user need not barrier after its last read: the next user
  /// barriers before its first write. (A pattern that asks for scratch and
  /// then fails leaves its bytes counted; another pattern for the same op
  /// would get no barrier, so fail before asking.)
  ///
  /// A user that gir-allocate-shared-memory planned
  /// (SharedMemoryScratchOpInterface) gets its bytes at the planned
  /// offset (`align`ed within them); asking for more than planned is an
  /// error on the user (`scratchOverflow`). Others are placed after the
  /// conversion, as below.
  mlir::Value scratchBuffer(mlir::OpBuilder &b, mlir::Operation *user,
                            int64_t bytes, int64_t align = 16);
  /// Set when a planned scratch user asked for more than its plan.
  bool scratchOverflow = false;
  /// Ends the current scratch user's requests (call before erasing it, so
  /// that an operation created later at its address is a new user).
  void endScratchUser() { scratchUser = nullptr; }

  /// Reserves `bytes` bytes aligned to `align` (a power of two, at most
  /// 1024) that live for the whole kernel; returns their byte offset in the
  /// dynamic buffer (see persistentBuffer). `user` names the buffer in the
  /// error when shared memory runs out. Synchronizing its uses is the
  /// caller's business.
  int64_t allocatePersistent(int64_t bytes, int64_t align,
                             mlir::Operation *user = nullptr);
  /// A pointer (address space 3) to byte `offset` of the dynamic buffer.
  mlir::Value persistentBuffer(mlir::OpBuilder &b, mlir::Location loc,
                               int64_t offset);

  /// Reads the module's shared-memory plan (gir-allocate-shared-memory's
  /// offsets, or the same plan made here for a module the pass has not
  /// seen) and numbers its operations in program order (before the
  /// conversion).
  void loadSharedMemoryPlan();
  /// The offset in the dynamic buffer of buffer op `op`
  /// (SharedMemoryBufferOpInterface), or -1 if the plan has none.
  int64_t bufferOffset(mlir::Operation *op) const {
    auto it = bufferOffsets.find(op);
    return it == bufferOffsets.end() ? -1 : it->second;
  }
  /// A pointer (address space 3) to buffer op `op`'s planned bytes; an
  /// error on `op` if the plan has none.
  mlir::FailureOr<mlir::Value> bufferPointer(mlir::OpBuilder &b,
                                             mlir::Operation *op);
  /// The dynamic shared bytes a launch must give (after
  /// finalizeSharedMemory).
  int64_t totalSharedBytes() const { return totalBytes; }
  /// Places every scratch user and sets its placeholder offsets (after the
  /// conversion that made them).
  void finalizeSharedMemory();

private:
  /// `llvm.mlir.addressof` the dynamic buffer (declared on first use).
  mlir::Value dynamicSmem(mlir::OpBuilder &b, mlir::Location loc);

  /// The scratch user being lowered, the end of its buffers in its region,
  /// and its entry in sharedUses.
  mlir::Operation *scratchUser = nullptr;
  int64_t scratchEnd = 0;
  size_t scratchUse = 0;

  /// Program order of the module's operations, and the planned buffers'
  /// offsets (loadSharedMemoryPlan).
  llvm::DenseMap<mlir::Operation *, int64_t> position, bufferOffsets;
  /// The planned scratch of each op that has some: offset and bytes.
  llvm::DenseMap<mlir::Operation *, std::pair<int64_t, int64_t>> scratchPlans;
  /// The buffers and planned scratch, each live from position `begin` to
  /// `end` (what unplanned scratch must not overlap).
  std::vector<gir::PlacedBuffer> persistent;
  /// A scratch user: its position (-1: unknown) and its entry in
  /// sharedUses (which counts its bytes).
  struct ScratchUse {
    int64_t at;
    size_t use;
    /// In a region of a tir.warp_specialize (those run at the same time):
    /// the op's span of positions and the region's index; -1 otherwise.
    int64_t wsBegin = -1, wsEnd = -1;
    int region = -1;
  };
  /// The lowest offset (aligned to 128) where `bytes` overlap no
  /// persistent buffer live at any position from `from` to `to`.
  int64_t firstFit(int64_t bytes, int64_t from, int64_t to) const;
  /// Places the scratch users of the regions of one warp_specialize.
  void placeConcurrentScratch(llvm::ArrayRef<size_t> users,
                              llvm::MutableArrayRef<int64_t> base);
  std::vector<ScratchUse> scratchUses;
  int64_t totalBytes = 0;
};

llvm::FailureOr<LayoutMap> mapOf(mlir::Type type, LoweringContext &ctx,
                                 mlir::Operation *op);

/// One request of an op's lowering for scratch (LoweringContext::
/// scratchBuffer): bytes, aligned within the op's scratch.
struct ScratchRequest {
  int64_t bytes;
  int64_t align = 16;
};
/// The bytes `requests` take when handed out one after the other as
/// scratchBuffer does: what SharedMemoryScratchOpInterface's
/// getScratchBytes says for an op whose lowering makes them.
int64_t scratchTotal(llvm::ArrayRef<ScratchRequest> requests);

/// The base of convert-gir-to-llvm's patterns: an OpConversionPattern with
/// the lowering context of the module (warps, shared memory, lane and warp
/// ids) as `lc`.
template <typename Op>
struct LoweringPattern : mlir::OpConversionPattern<Op> {
  LoweringPattern(mlir::TypeConverter &converter, mlir::MLIRContext *ctx,
                  LoweringContext &lc, mlir::PatternBenefit benefit = 1)
      : mlir::OpConversionPattern<Op>(converter, ctx, benefit), lc(lc) {}
  LoweringContext &lc;
};

/// The per-thread vector type of a tile: vector<R x element>.
mlir::Type distributedType(mlir::RankedTensorType type,
                           const mlir::TypeConverter &converter,
                           LoweringContext &ctx);

/// i32 constant.
mlir::Value i32Const(mlir::OpBuilder &b, mlir::Location loc, int64_t v);

/// Moves `value` (a scalar of an integer/float type up to 64 bits) across
/// the warp with a butterfly shuffle (lane ^ laneMask).
mlir::Value shuffleXor(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value value, int64_t laneMask);
/// The value of lane - delta (`up`) or lane + delta (otherwise); lanes with
/// no such source get their own value.
mlir::Value shuffleShift(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value value, int64_t delta, bool up);

/// Row-major index, in a tile of `shape`, of the element at `coords` (known
/// at compile time) XOR `thread` (the thread's part, one value per dim).
mlir::Value rowMajorIndex(mlir::OpBuilder &b, mlir::Location loc,
                          llvm::ArrayRef<mlir::Value> thread,
                          llvm::ArrayRef<int64_t> coords,
                          llvm::ArrayRef<int64_t> shape);

/// Applies a combine region (block arguments: acc..., x...) to `acc` and
/// `x` by cloning its body at the builder's insertion point.
llvm::SmallVector<mlir::Value> applyCombine(mlir::OpBuilder &b,
                                            mlir::Region &combine,
                                            llvm::ArrayRef<mlir::Value> acc,
                                            llvm::ArrayRef<mlir::Value> x);

/// Stores/loads one scalar at element `index` of a shared buffer.
void storeShared(mlir::OpBuilder &b, mlir::Location loc, mlir::Value base,
                 mlir::Value index, mlir::Value value);
mlir::Value loadShared(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value base, mlir::Value index, mlir::Type type);
/// The calling thread's index in the group of warps that runs code at
/// `b`'s insertion point (i32; LoweringContext::threadId).
mlir::Value groupThreadId(mlir::OpBuilder &b, mlir::Location loc);
/// A barrier among the threads of the group of warps that runs code at
/// `b`'s insertion point: the CTA barrier (`bar.sync 0`), or, in a module
/// marked kWarpSpecializedAttr, a named barrier of the group's threads
/// (barrier 0 for the default group, 2 + i for partition i; barrier 1 is
/// the one warp_specialize starts and ends on).
void barrier(mlir::OpBuilder &b, mlir::Location loc);
/// fence.proxy.async.shared::cta: this thread's generic-proxy accesses to
/// shared memory are ordered before its later async-proxy ones (wgmma's
/// operand reads, bulk copies).
void fenceAsyncShared(mlir::OpBuilder &b, mlir::Location loc);

/// Bytes of one element of `type` in shared memory (i1 takes a byte).
int64_t sharedBytes(mlir::Type type);

} // namespace trident::gir_to_llvm

#endif
