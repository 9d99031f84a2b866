//===- KernelLowering.h - One Tile IR kernel to loops over buffers -*- C++ -*-===//
//
// The state of convert-tir-to-cpu while it rewrites one kernel. The kernel's
// body is walked once, in order, emitting a new function:
//
//  - scalars map one to one (IRMapping `scalars`), `!tir.ptr` to `!llvm.ptr`;
//  - a tile is either *materialized* (a buffer in `buffers`, written by a
//    loop nest at the tile's definition) or *lazy*: it has no code of its
//    own, and each user that needs its element at indices `idx` emits the
//    computation there: `element` for one element (a scalar), `vecElement`
//    for `lanes` consecutive elements along the last dimension (a vector;
//    KernelLoweringVector.cpp). Ranges, splats, broadcasts, shape changes,
//    pointer arithmetic, elementwise operations and loads read once
//    (`fusedLoads`) are lazy; other loads, reductions, scans, dots,
//    atomics, loop-carried tiles and results of scf.if are materialized,
//    and so are lazy floating-point values that would otherwise be
//    computed more than once per element (see `needsBuffer`).
//
// Loops step along the last dimension by `lanesFor(shape)` (vectorBits /
// 32, or fewer to divide the dimension; 1 means scalar code).
//
// Buffers are allocated once, at the function's entry (a stack budget, then
// the heap), so a tile defined in a loop reuses its buffer every iteration.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_TILEIRTOCPU_KERNELLOWERING_H
#define TRIDENT_LIB_CONVERSION_TILEIRTOCPU_KERNELLOWERING_H

#include "LaneStrides.h"

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <map>
#include <vector>

namespace trident::cpu {

/// Kind names of kernel arguments, as recorded in `trident.cpu.arg_types`:
/// "ptr" for pointers, else the MLIR spelling of the scalar type ("i32",
/// "f32", "bf16", ...). Empty for types a kernel argument cannot have.
std::string argKindOf(mlir::Type type);

/// The attribute of a tir.warp_specialize whose partitions
/// outlinePartitions moved into functions: their entries (one !llvm.ptr
/// argument, the slots of their arguments), in partition order.
inline constexpr llvm::StringLiteral kPartitionEntries = "cpu.partition_entries";
/// The attribute of an nvgir.named_barrier: how many GPU threads the CPU
/// thread that runs it stands for (its region's warps * 32).
inline constexpr llvm::StringLiteral kGroupThreads = "cpu.group_threads";

/// Moves the partition regions of every tir.warp_specialize of `kernel`
/// into functions of their own (`<kernel>__partition<k>`, taking the
/// captures), returned in order, and records them on the op
/// (kPartitionEntries names each one's entry, made by buildPartitionEntry
/// once it is lowered). The partitions' regions are left empty.
llvm::SmallVector<mlir::func::FuncOp> outlinePartitions(mlir::func::FuncOp kernel);

/// The entry of a lowered partition function `lowered` (its captures then
/// the six program-id arguments): `<name>__entry(!llvm.ptr slots)`, which
/// reads each argument from an 8-byte slot and calls it.
mlir::func::FuncOp buildPartitionEntry(mlir::func::FuncOp lowered);

/// How many element computations of `v` its users cause per element, seen
/// through cheap lazy users (anything above 1 means "repeated"; users in
/// another region than `home`, and broadcasts, count as repeating).
unsigned repeatCount(mlir::Value v, mlir::Region *home);

class KernelLowering {
public:
  /// `vectorBits`: the width of the vectors loops work on (lanes of 32-bit
  /// elements = vectorBits / 32; below 64, loops are scalar).
  KernelLowering(mlir::func::FuncOp kernel, unsigned stackBytes,
                 unsigned vectorBits);

  /// Builds the lowered function next to the kernel (same name, the kernel
  /// renamed away and erased on success). On failure, emits a diagnostic
  /// and leaves the kernel untouched (the new function is erased).
  mlir::LogicalResult run();
  /// The lowered function, after a successful run().
  mlir::func::FuncOp lowered() { return dst; }

  // --- Helpers shared by the op lowerings (KernelLowering*.cpp). ---

  /// `!tir.ptr<T>` -> `!llvm.ptr`; other scalar types unchanged.
  mlir::Type scalarType(mlir::Type type);
  /// The element type of a tile buffer: `i64` for pointers, else the
  /// element type.
  mlir::Type storageType(mlir::Type elementType);
  /// The new value of an original scalar.
  mlir::Value scalar(mlir::Value v);
  /// The element of original tile `tile` at `idx` (new index values), as a
  /// scalar of scalarType(element type).
  mlir::Value element(mlir::Value tile, mlir::ArrayRef<mlir::Value> idx);
  /// The element of `v` at idx for a tile, or the scalar itself.
  mlir::Value elementOrScalar(mlir::Value v, mlir::ArrayRef<mlir::Value> idx);
  /// The buffer of an original tile, materializing a lazy one here.
  mlir::Value bufferOf(mlir::Value tile);
  /// A new buffer for a tile of `type` (allocated at the entry).
  mlir::Value allocBuffer(mlir::RankedTensorType type);
  /// Writes every element of original tile `tile` into `buffer`.
  void materializeInto(mlir::Value tile, mlir::Value buffer);
  void storeElement(mlir::Value buffer, mlir::ArrayRef<mlir::Value> idx,
                    mlir::Value v);
  mlir::Value loadElement(mlir::Value buffer, mlir::ArrayRef<mlir::Value> idx,
                          mlir::Type elementType);
  /// Emits a loop nest over `shape` (row-major, last dimension innermost,
  /// stepping by `lanes` along it) and calls `body` inside it with the
  /// induction variables.
  void loopNest(mlir::ArrayRef<int64_t> shape,
                llvm::function_ref<void(mlir::ArrayRef<mlir::Value>)> body,
                unsigned lanes = 1);

  // --- Vectors (KernelLoweringVector.cpp). ---

  /// Whether tiles of this element type have a vector form (integers of 8
  /// bits or more, floats; not pointers, not i1 in buffers).
  static bool hasVectorForm(mlir::Type elementType);
  /// The lanes a loop over `shape` takes along its last dimension (1:
  /// scalar).
  unsigned lanesFor(mlir::ArrayRef<int64_t> shape);
  mlir::VectorType vectorOf(mlir::Type elementType, unsigned lanes);
  /// Elements idx .. idx + lanes - 1 (along the last dimension) of `tile`.
  mlir::Value vecElement(mlir::Value tile, mlir::ArrayRef<mlir::Value> idx,
                         unsigned lanes);
  /// vecElement for a tile; a scalar broadcast to every lane.
  mlir::Value vecElementOrScalar(mlir::Value v,
                                 mlir::ArrayRef<mlir::Value> idx,
                                 unsigned lanes);
  /// Whether a tile access through `ptr` of `elementType` elements is one
  /// vector access per chunk of `lanes` (consecutive pointers): nullopt if
  /// not; a null value if always; else the i1 (emitted here) that says at
  /// run time whether they are (a run-time stride is 1).
  std::optional<mlir::Value> vectorAccess(mlir::Value ptr,
                                          mlir::Type elementType,
                                          unsigned lanes);
  /// The element of a load at idx (a scalar load under its mask bit).
  mlir::Value scalarLoad(tir::LoadOp op, mlir::ArrayRef<mlir::Value> idx);
  /// The element of a store at idx (a scalar store under its mask bit).
  void scalarStore(tir::StoreOp op, mlir::ArrayRef<mlir::Value> idx);
  /// Lanes idx .. idx + lanes - 1 of a load with vectorAccess
  /// (`consecutive` as it returned).
  mlir::Value vectorLoad(tir::LoadOp op, mlir::ArrayRef<mlir::Value> idx,
                         unsigned lanes, mlir::Value consecutive);
  /// An arith or math elementwise operation that applies to vectors.
  static bool isVectorizable(mlir::Operation *op);
  /// Whether a combine region's operations all apply to vectors.
  static bool isVectorizableRegion(mlir::Region &region);
  /// The combine region applied lane-wise to vectors.
  llvm::SmallVector<mlir::Value> inlineVectorRegion(mlir::Region &region,
                                                    mlir::ValueRange args,
                                                    unsigned lanes);
  mlir::Value indexConst(int64_t v);
  mlir::Location loc() const { return curLoc; }
  mlir::OpBuilder &builder() { return b; }

  /// Lowers the ops of `block` (its arguments already mapped), stopping
  /// before its terminator if `stopAtTerminator`.
  mlir::LogicalResult lowerBlock(mlir::Block &block, bool stopAtTerminator);
  /// Lowers the ops of a single-block region `region` with its arguments
  /// bound to `args` (scalars) and returns the new values of its
  /// terminator's operands (all scalars).
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  inlineScalarRegion(mlir::Region &region, mlir::ValueRange args);

  /// Runs a combine region (reduce, scan) on accumulators and new values.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  combine(mlir::Region &region, mlir::ValueRange accs, mlir::ValueRange vals);
  /// A loop from `lb` to `ub` (step 1) carrying `inits`; `body(iv, accs)`
  /// emits one iteration and returns the values carried on.
  mlir::FailureOr<mlir::ValueRange> carriedLoop(
      mlir::Value lb, mlir::Value ub, mlir::ValueRange inits,
      llvm::function_ref<mlir::FailureOr<llvm::SmallVector<mlir::Value>>(
          mlir::Value, mlir::ValueRange)>
          body);

  /// `name` declared at the module level as an external llvm.func of
  /// `type` (printf, the runtime's assertion hook), reused if present.
  mlir::Operation *declareFunction(llvm::StringRef name, mlir::Type type);
  /// The address of a private constant holding `text` and a NUL.
  mlir::Value globalString(llvm::StringRef text);
  /// Where a loop's iteration starts: reads the runtime's SIGINT flag
  /// (`__trident_cpu_interrupt`) and, when set, calls
  /// `__trident_cpu_interrupted`, which ends the program (CpuFaultGuard.h).
  void pollInterrupt();

  // Cache scopes for element(): a scope per loop body.
  void pushScope() { cache.emplace_back(); }
  void popScope() { cache.pop_back(); }

private:
  mlir::LogicalResult lowerOp(mlir::Operation *op);
  bool isLazy(mlir::Operation *op);
  bool needsBuffer(mlir::Value tile);
  mlir::Value lazyElement(mlir::Operation *op, unsigned resultNo,
                          mlir::ArrayRef<mlir::Value> idx);
  /// The indices into a broadcast's source of its element at `idx`.
  llvm::SmallVector<mlir::Value> broadcastSource(tir::BroadcastOp op,
                                                 mlir::ArrayRef<mlir::Value> idx);
  /// The value `compute` emits for (tile, idx, lanes), reused from the
  /// innermost scope that already has it.
  mlir::Value cached(mlir::Value tile, mlir::ArrayRef<mlir::Value> idx,
                     unsigned lanes, llvm::function_ref<mlir::Value()> compute);
  mlir::Value lazyVecElement(mlir::Operation *op, unsigned resultNo,
                             mlir::ArrayRef<mlir::Value> idx, unsigned lanes);
  mlir::Value laneByLane(mlir::Value tile, mlir::ArrayRef<mlir::Value> idx,
                         unsigned lanes);
  mlir::Operation *vectorizedOp(mlir::Operation *op,
                                llvm::function_ref<mlir::Value(mlir::Value)> operand,
                                unsigned lanes);
  /// Loads read where their single consumer is evaluated (see
  /// findFusedLoads).
  void findFusedLoads();
  bool reduceVectorized(tir::ReduceOp op, llvm::ArrayRef<mlir::Value> outBufs);
  bool dotVectorized(tir::DotOp op, mlir::Value a, mlir::Value bb,
                     mlir::Value d);

  // Op families (KernelLoweringMemory.cpp, KernelLoweringCompute.cpp,
  // KernelLoweringControl.cpp, KernelLoweringInlineAsm.cpp,
  // KernelLoweringExtern.cpp).
  mlir::LogicalResult lowerLoad(tir::LoadOp op);
  mlir::LogicalResult lowerStore(tir::StoreOp op);
  mlir::LogicalResult lowerAtomicRMW(tir::AtomicRMWOp op);
  mlir::LogicalResult lowerAtomicCAS(tir::AtomicCASOp op);
  mlir::LogicalResult lowerReduce(tir::ReduceOp op);
  /// The values the reduction combines at output index `outIdx` and
  /// position `k` along the axis (vectors of `lanes` when over 1).
  llvm::SmallVector<mlir::Value> reduceOperands(tir::ReduceOp op,
                                                llvm::ArrayRef<mlir::Value> outIdx,
                                                mlir::Value k, unsigned lanes);
  /// One output's reduction (along the axis, in vectors of `lanes` along
  /// the last one when over 1).
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  reduceOne(tir::ReduceOp op, llvm::ArrayRef<mlir::Value> outIdx,
            unsigned lanes);
  /// A reduction along an outer axis into `outBufs`, rows of `w` lanes.
  mlir::LogicalResult reduceOuterAxis(tir::ReduceOp op,
                                      llvm::ArrayRef<mlir::Value> outBufs,
                                      llvm::ArrayRef<int64_t> outShape,
                                      unsigned w);
  mlir::LogicalResult lowerScan(tir::ScanOp op);
  mlir::LogicalResult lowerDot(tir::DotOp op);
  mlir::LogicalResult lowerPrint(tir::PrintOp op);
  mlir::LogicalResult lowerAssert(tir::AssertOp op);
  mlir::LogicalResult lowerInlineAsm(tir::InlineAsmElementwiseOp op);
  mlir::LogicalResult lowerMapElementwise(tir::MapElementwiseOp op);
  /// An element-wise op that computes `pack` consecutive elements (row
  /// major) of each result at once: `body` takes, per operand of `args`,
  /// its `pack` scalars, and returns, per result of `results`, its `pack`
  /// scalars. On scalars (`tile` null) `body` runs once; on tiles of shape
  /// `tile`, in one loop over the elements writing the results' buffers.
  mlir::LogicalResult lowerPacked(
      mlir::ValueRange args, mlir::ResultRange results,
      mlir::RankedTensorType tile, int64_t pack,
      llvm::function_ref<mlir::FailureOr<llvm::SmallVector<mlir::Value>>(
          llvm::ArrayRef<mlir::Value>)>
          body);
  mlir::LogicalResult lowerExtern(tir::ExternElementwiseOp op);
  mlir::LogicalResult lowerFor(mlir::scf::ForOp op);
  mlir::LogicalResult lowerIf(mlir::scf::IfOp op);
  mlir::LogicalResult lowerWhile(mlir::scf::WhileOp op);
  /// The partitions on threads of their own (started through the
  /// runtime, with their captures and this program's ids), the default
  /// region here, then a join of each (see outlinePartitions).
  mlir::LogicalResult lowerWarpSpecialize(tir::WarpSpecializeOp op);
  /// A hardware barrier among groups of threads: the runtime's, counting
  /// each arriving thread of the program as the group it stands for.
  mlir::LogicalResult lowerNamedBarrier(mlir::Operation *op);
  mlir::LogicalResult lowerGenericRegionOp(mlir::Operation *op);
  mlir::LogicalResult lowerScalarOp(mlir::Operation *op);
  /// Inside a reduction's combine region, marks `op`'s floating-point
  /// arithmetic `reassoc` (the order of combination is unspecified).
  void markReassociable(mlir::Operation *op);
  mlir::LogicalResult lowerConstantTile(mlir::arith::ConstantOp op);

  mlir::func::FuncOp src, dst;
  /// Set while a reduction's combine region is inlined: its floating-point
  /// operations get the `reassoc` flag.
  bool reassociate = false;
  unsigned stackBudget;
  unsigned vectorBits;
  LaneStrides strides;
  llvm::DenseSet<mlir::Operation *> fusedLoads;
  unsigned stackUsed = 0;
  mlir::OpBuilder b;
  mlir::Location curLoc;
  mlir::IRMapping scalars;
  llvm::DenseMap<mlir::Value, mlir::Value> buffers;
  llvm::SmallVector<mlir::Value> heapBuffers;
  llvm::StringMap<mlir::Operation *> strings; ///< globalString's constants
  mlir::Value programId[3], numPrograms[3];
  std::vector<std::map<std::vector<const void *>, mlir::Value>> cache;
};

} // namespace trident::cpu

#endif
