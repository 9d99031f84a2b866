//===- LayoutPolicies.cpp - Trident's layout choices and their rewrites ---===//
//
// The layouts gir-coalesce and gir-dot-layouts choose (coalesced pointer
// tiles, tensor-core accumulators), and the rewrites by which any layout
// pass records a choice in the IR (LayoutAssignment.h).
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/Transforms/LayoutAssignment.h"

#include "trident/Analysis/AxisInfo.h"
#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace trident;
using namespace trident::gir;

FailureOr<LayoutTarget> LayoutTarget::fromModule(ModuleOp module,
                                                 StringRef pass) {
  auto read = [&](StringRef name) -> std::optional<unsigned> {
    auto attr = module->getAttrOfType<IntegerAttr>(name);
    if (!attr || attr.getInt() < 0)
      return std::nullopt;
    return unsigned(attr.getInt());
  };
  std::optional<unsigned> warps = read(GPUIRDialect::getNumWarpsAttrName());
  std::optional<unsigned> lanes =
      read(GPUIRDialect::getThreadsPerWarpAttrName());
  if (!warps || !lanes || *warps == 0 || *lanes == 0) {
    module.emitError(pass) << ": the module has no '"
                           << GPUIRDialect::getNumWarpsAttrName() << "' and '"
                           << GPUIRDialect::getThreadsPerWarpAttrName()
                           << "' (run convert-tir-to-gir first)";
    return failure();
  }
  LayoutTarget target;
  target.numWarps = *warps;
  target.threadsPerWarp = *lanes;
  target.computeCapability =
      read(GPUIRDialect::getComputeCapabilityAttrName()).value_or(0);
  return target;
}

bool gir::isMemoryAccess(Operation *op) {
  // Asynchronous copies a pass or a plugin wrote before the layout passes
  // (a plugin's explicit copies) are laid out as the loads they stand for.
  return isa<tir::LoadOp, tir::StoreOp, tir::AtomicRMWOp, tir::AtomicCASOp,
             nvgir::AsyncCopyOp>(op);
}

Value gir::accessMask(Operation *op) {
  if (auto load = dyn_cast<tir::LoadOp>(op))
    return load.getMask();
  if (auto store = dyn_cast<tir::StoreOp>(op))
    return store.getMask();
  if (auto rmw = dyn_cast<tir::AtomicRMWOp>(op))
    return rmw.getMask();
  if (auto copy = dyn_cast<nvgir::AsyncCopyOp>(op))
    return copy.getMask();
  return {};
}

static RankedTensorType withLayout(RankedTensorType type, Attribute layout) {
  return RankedTensorType::get(type.getShape(), type.getElementType(), layout);
}

/// Converts `op`'s operands `operands` into `layout` and makes its tiled
/// results in it, converted back for their users.
static void relayout(Operation *op, ArrayRef<unsigned> operands,
                     Attribute layout) {
  OpBuilder b(op);
  for (unsigned i : operands) {
    auto type = dyn_cast<RankedTensorType>(op->getOperand(i).getType());
    if (!type || type.getEncoding() == layout)
      continue;
    op->setOperand(i, ConvertLayoutOp::create(b, op->getLoc(),
                                              withLayout(type, layout),
                                              op->getOperand(i)));
  }
  b.setInsertionPointAfter(op);
  for (Value result : op->getResults()) {
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type || type.getEncoding() == layout)
      continue;
    result.setType(withLayout(type, layout));
    auto back = ConvertLayoutOp::create(b, op->getLoc(), type, result);
    result.replaceAllUsesExcept(back.getResult(), back);
  }
}

void gir::setAccessLayout(Operation *op, Attribute layout) {
  auto ptr = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  if (!ptr)
    return;
  if (ptr.getEncoding() == layout) {
    op->setAttr(kAccessLayoutAttrName, layout);
    return;
  }
  SmallVector<unsigned> operands;
  for (auto [i, operand] : llvm::enumerate(op->getOperands()))
    if (auto type = dyn_cast<RankedTensorType>(operand.getType()))
      if (type.getShape() == ptr.getShape())
        operands.push_back(i);
  relayout(op, operands, layout);
}

void gir::setAccumulatorLayout(tir::DotOp dot, Attribute layout) {
  relayout(dot, {2}, layout);
}

Attribute gir::coalescedLayout(Operation *op, const AxisInfoAnalysis &axisInfo,
                               const LayoutTarget &target) {
  Value ptr = op->getOperand(0);
  Value mask = accessMask(op);
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type || type.getRank() == 0)
    return {};
  auto ptrType = dyn_cast<tir::PointerType>(type.getElementType());
  const AxisInfo *info = axisInfo.lookup(ptr);
  if (!ptrType || !info || info->getRank() != type.getRank())
    return {};
  int64_t bytes = getPointeeBytes(ptrType.getPointeeType());
  if (bytes == 0 || bytes > 16)
    return {};
  unsigned rank = type.getRank();
  // The most contiguous dimension (the last one among equals).
  unsigned fastest = rank - 1;
  for (unsigned d = rank; d-- > 0;)
    if (info->getContiguity(d) > info->getContiguity(fastest))
      fastest = d;
  int64_t contiguity = info->getContiguity(fastest);
  if (contiguity <= 1)
    return {};
  SmallVector<unsigned> order{fastest};
  for (unsigned d = rank; d-- > 0;)
    if (d != fastest)
      order.push_back(d);
  int64_t threads = int64_t(target.numWarps) * target.threadsPerWarp;
  int64_t perThread = std::min<int64_t>(
      {contiguity, std::max<int64_t>(1, info->getDivisibility(fastest) / bytes),
       std::max<int64_t>(1, 16 / bytes),
       std::max<int64_t>(1, type.getNumElements() / threads)});
  // A mask that splits a thread's elements forces element-by-element
  // accesses, which are better made by neighbouring lanes: only as many
  // elements per thread as one predicate covers.
  if (mask) {
    const AxisInfo *maskInfo = axisInfo.lookup(mask);
    if (!maskInfo)
      perThread = 1;
    else if (maskInfo->getRank() == rank)
      perThread = std::min(perThread, maskInfo->getConstancy(fastest));
  }
  if (isa<tir::AtomicRMWOp, tir::AtomicCASOp>(op))
    perThread = 1; // atomics are element by element
  perThread = std::max<int64_t>(
      1, int64_t(llvm::bit_floor(uint64_t(perThread))));
  // Nothing to gain over the default layout (row-major, one element).
  if (perThread == 1 && fastest == rank - 1)
    return {};
  return BlockedEncodingAttr::getDefault(op->getContext(), type.getShape(),
                                         target.numWarps, target.threadsPerWarp,
                                         perThread, order);
}

LogicalResult gir::coalesceAccesses(
    ModuleOp module, StringRef pass,
    function_ref<Attribute(Operation *, const AxisInfoAnalysis &,
                           const LayoutTarget &)>
        choose) {
  FailureOr<LayoutTarget> target = LayoutTarget::fromModule(module, pass);
  if (failed(target))
    return failure();
  AxisInfoAnalysis axisInfo(module);
  SmallVector<std::pair<Operation *, Attribute>> choices;
  module.walk([&](Operation *op) {
    if (isMemoryAccess(op))
      if (Attribute layout = choose(op, axisInfo, target->forOp(op)))
        choices.emplace_back(op, layout);
  });
  for (auto [op, layout] : choices)
    setAccessLayout(op, layout);
  return success();
}

/// The operands' element type of a 2-D dot that tensor cores can take:
/// bf16 or f16 (and f32 when `tf32` allows it and the dot asks for tf32),
/// the same for both operands, into an f32 accumulator; else null.
static Type tensorCoreElementType(tir::DotOp dot, bool tf32) {
  auto c = cast<RankedTensorType>(dot.getType());
  if (c.getRank() != 2 || !c.getElementType().isF32())
    return {};
  Type elem = cast<RankedTensorType>(dot.getA().getType()).getElementType();
  if (cast<RankedTensorType>(dot.getB().getType()).getElementType() != elem)
    return {};
  bool f32AsTf32 =
      tf32 && elem.isF32() && dot.getPrecision() == tir::InputPrecision::TF32;
  return elem.isBF16() || elem.isF16() || f32AsTf32 ? elem : Type();
}

/// The 8-bit float types the tensor cores take (.e4m3, .e5m2).
static bool isFp8(Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); }

/// Whether `dot` multiplies fp8 operands (either type, mixed or not) into
/// a 2-D f32 accumulator.
static bool isFp8Dot(tir::DotOp dot) {
  auto c = cast<RankedTensorType>(dot.getType());
  return c.getRank() == 2 && c.getElementType().isF32() &&
         isFp8(cast<RankedTensorType>(dot.getA().getType()).getElementType()) &&
         isFp8(cast<RankedTensorType>(dot.getB().getType()).getElementType());
}

/// Whether `dot`'s result flows (through the results of the ops that use
/// it, in its block and the regions in it) into another dot: attention's
/// q k^T feeding p v.
static bool feedsAnotherDot(tir::DotOp dot) {
  SmallVector<Value> work{dot.getResult()};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (!seen.insert(user).second)
        continue;
      if (isa<tir::DotOp>(user))
        return true;
      llvm::append_range(work, user->getResults());
    }
  }
  return false;
}

/// The wgmma accumulator layout for `dot`, or null when warpgroup MMA
/// cannot compute it (target, types, shapes).
static Attribute wgmmaLayout(tir::DotOp dot, const LayoutTarget &target) {
  unsigned numWarps = target.numWarps;
  if (target.computeCapability < 90 || numWarps % 4 != 0 ||
      target.threadsPerWarp != 32)
    return {};
  Type elem = tensorCoreElementType(dot, /*tf32=*/true);
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto c = cast<RankedTensorType>(dot.getType());
  int64_t m = c.getDimSize(0), n = c.getDimSize(1), k = a.getDimSize(1);
  // fp8 (e4m3 / e5m2, mixed or not) into f32: wgmma accumulates its
  // products at reduced precision, so only where the dot allows that over
  // its whole K (max_num_imprecise_acc > K, as Triton's "no partial
  // accumulator" rule; Triton's sm_90 default of 2^30 does) or over runs
  // of at least one k32 step (max_num_imprecise_acc >= 32: the lowering
  // sums each run from zero and adds it to the accumulator in f32, as
  // Triton promotes them). A smaller bound (0: none at reduced precision)
  // stays off wgmma.
  int64_t bound = dot.getMaxNumImpreciseAcc();
  if (!elem && isFp8Dot(dot) && (bound > k || bound >= 32))
    elem = a.getElementType();
  if (!elem)
    return {};
  int64_t elemBytes = elem.getIntOrFloatBitWidth() / 8;
  // Whole warpgroups along M, an instruction's N of 8..256, and at least
  // one 32-byte K step (k16 for 16-bit types, k8 for tf32, k32 for fp8).
  if (k * elemBytes < 32)
    return {};
  // A dot whose result feeds another (attention) keeps all warps along M,
  // as Triton's MMAv3 does for chained dots: its rows reduce within a
  // warp, and the next dot reads it as wgmma's register A fragment, which
  // a warpgroup along N does not hold. Too few rows for that: no wgmma.
  if (feedsAnotherDot(dot) && m % (16 * int64_t(numWarps)) != 0)
    return {};
  return gir::wgmmaAccumulatorLayout(dot.getContext(), m, n, numWarps);
}

Attribute gir::wgmmaAccumulatorLayout(MLIRContext *ctx, int64_t m, int64_t n,
                                      unsigned numWarps) {
  if (numWarps == 0 || numWarps % 4 != 0 || n < 8)
    return {};
  if (m % (16 * int64_t(numWarps)) == 0)
    return WgmmaEncodingAttr::get(ctx, {numWarps, 1},
                                  std::min<int64_t>(n, 256));
  // Fewer rows than the warps cover (64 x N with 8 warps): as Triton's
  // MMAv3, the warpgroups that M leaves over sit side by side along N,
  // each with instructions over its own N / wn columns (A shared by them).
  // M must still be whole warpgroups of rows, N a power of two split into
  // slabs of at least 8 columns.
  if (m % 64 != 0 || !llvm::isPowerOf2_64(m) || !llvm::isPowerOf2_64(n))
    return {};
  int64_t wm = m / 16, wn = int64_t(numWarps) / wm;
  if (wm * wn != int64_t(numWarps) || n / wn < 8)
    return {};
  return WgmmaEncodingAttr::get(ctx, {unsigned(wm), unsigned(wn)},
                                std::min<int64_t>(n / wn, 256));
}

/// The mma.sync (m16n8k16) accumulator layout for `dot` on sm_80 and
/// later (on sm_90, for the dots warpgroup MMA does not take: fewer than 4
/// warps, fewer than 16 rows per warp), or null when warp MMA cannot
/// compute it: bf16 or f16 operands, or fp8 ones (e4m3, e5m2: the lowering
/// widens them to f16, exactly, as Triton does on mma.sync), an f32
/// accumulator of at least 16 rows per warp row and 8 columns per warp
/// column, K a multiple of 16. The warps split the tile so that each
/// warp's part is as square as possible, rows first on ties (4 warps on
/// 128x128: [2, 2]).
static Attribute mmaV2Layout(tir::DotOp dot, const LayoutTarget &target) {
  unsigned numWarps = target.numWarps;
  if (target.computeCapability < 80 || target.threadsPerWarp != 32 ||
      !llvm::isPowerOf2_32(numWarps))
    return {};
  // Programs of several CTAs (sm_90 clusters) split tiles over the CTAs
  // (gir-split-ctas), which has never run with the mma.sync layout (sm_80
  // has no clusters): those dots stay on the CUDA cores.
  if (auto module = dot->getParentOfType<ModuleOp>();
      module && getNumCTAs(module) > 1)
    return {};
  // Nor has a warp-specialized partition on sm_90 (its warps count from
  // 0 and barrier alone): there wgmma or the CUDA cores, as before.
  if (target.computeCapability >= 90 && getWarpGroup(dot).partition >= 0)
    return {};
  if (!isFp8Dot(dot) && !tensorCoreElementType(dot, /*tf32=*/false))
    return {};
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto c = cast<RankedTensorType>(dot.getType());
  int64_t m = c.getDimSize(0), n = c.getDimSize(1), k = a.getDimSize(1);
  if (!llvm::isPowerOf2_64(m) || !llvm::isPowerOf2_64(n) || k % 16 != 0)
    return {};
  int64_t wm = 1, wn = 1;
  while (wm * wn < numWarps) {
    bool canM = m / (16 * wm) >= 2, canN = n / (8 * wn) >= 2;
    if (canM && (m / wm >= n / wn || !canN))
      wm *= 2;
    else if (canN)
      wn *= 2;
    else
      return {}; // too small a tile for this many warps
  }
  return MmaV2EncodingAttr::get(dot.getContext(),
                                {unsigned(wm), unsigned(wn)});
}

Attribute gir::accumulatorLayout(tir::DotOp dot, const LayoutTarget &target) {
  if (Attribute wgmma = wgmmaLayout(dot, target))
    return wgmma;
  if (Attribute mma = mmaV2Layout(dot, target))
    return mma;
  auto type = cast<RankedTensorType>(dot.getType());
  if (type.getRank() != 2)
    return {};
  // Each thread holds an 8x4-element block, so that a K step of the
  // CUDA-core dot reads few distinct rows of A and columns of B for many
  // fused multiply-adds.
  int64_t m = type.getDimSize(0), n = type.getDimSize(1);
  unsigned sm = std::min<int64_t>(8, m), sn = std::min<int64_t>(4, n);
  return BlockedEncodingAttr::getDefault(dot.getContext(), {m / sm, n / sn},
                                         target.numWarps, target.threadsPerWarp)
      .withSizePerThread(dot.getContext(), {sm, sn});
}

Attribute gir::scanLayout(BlockedEncodingAttr base, RankedTensorType type,
                          unsigned axis) {
  SmallVector<unsigned> spt(base.getSizePerThread());
  int64_t threads =
      int64_t(base.getThreadsPerWarp()[axis]) * base.getWarpsPerCTA()[axis];
  spt[axis] = std::max<int64_t>(1, type.getDimSize(axis) / threads);
  return base.withSizePerThread(type.getContext(), spt);
}
