//===- LowerToCpu.cpp - TLX ops onto the CPU target -----------------------===//
//
// tlx-lower-to-cpu: rings and barriers become memory of the program,
// buffers pointers into it, copies loads and stores that complete at once,
// barriers the CPU runtime's mbarriers (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "Passes.h"
#include "TlxDialect.h"

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace tlx_plugin {
#define GEN_PASS_DEF_TLXLOWERTOCPU
#include "Passes.h.inc"
} // namespace tlx_plugin

using namespace mlir;
using namespace tlx_plugin;
namespace tir = trident::tir;

namespace {

/// Bytes of one mbarrier of the CPU runtime.
constexpr int64_t kBarrierBytes = 16;

/// A buffer on the CPU: a pointer to its first element, its shape and the
/// strides (in elements) of its dimensions.
struct CpuBuffer {
  Value ptr;
  SmallVector<int64_t> shape;
  SmallVector<int64_t> strides;
};

SmallVector<int64_t> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int d = int(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

int64_t numElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  return n;
}

int64_t bytesOf(Type elem) {
  return std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8);
}

/// The line of `loc` (the innermost call site's for inlined code), or 0.
int32_t lineOf(Location loc) {
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return lineOf(call.getCaller());
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return int32_t(file.getLine());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location l : fused.getLocations())
      if (int32_t line = lineOf(l))
        return line;
  if (auto named = dyn_cast<NameLoc>(loc))
    return lineOf(named.getChildLoc());
  return 0;
}

class Lowering {
public:
  explicit Lowering(func::FuncOp fn) : fn(fn), b(fn.getContext()) {}

  LogicalResult run() {
    SmallVector<Operation *> ops;
    fn.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<TlxDialect>(op->getDialect()) ||
          isa<tir::WarpSpecializeOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops)
      if (failed(lower(op)))
        return failure();
    // Last uses first: tokens and views go once their users have.
    for (Operation *op : llvm::reverse(dead)) {
      if (!op->use_empty())
        return op->emitOpError("tlx-lower-to-cpu: its result is carried "
                               "where the CPU target cannot follow it "
                               "(through a loop or an if)");
      op->erase();
    }
    return success();
  }

private:
  func::FuncOp fn;
  OpBuilder b;
  DenseMap<Value, CpuBuffer> buffers; // tlx.buffer values
  DenseMap<Value, CpuBuffer> rings;   // tlx.buffers values (shape of one)
  DenseMap<Value, Value> barriers;    // tlx.barrier(s) values -> i64 address
  DenseSet<Value> perThread;          // those of tlx.alloc_warp_barrier

  /// The GPU threads the CPU thread running `op` stands for: its
  /// partition's warps, else the program's, times 32.
  int64_t groupThreads(Operation *op) {
    for (Region *r = op->getParentRegion(); r; r = r->getParentRegion()) {
      Operation *parent = r->getParentOp();
      if (auto parts = dyn_cast<tir::WarpPartitionsOp>(parent)) {
        auto ws = cast<tir::WarpSpecializeOp>(parts->getParentOp());
        return int64_t(ws.getPartitionNumWarps()[ws.getPartitionIndex(r)]) *
               32;
      }
    }
    int64_t warps = 4;
    if (auto m = op->getParentOfType<ModuleOp>())
      if (auto w = m->getAttrOfType<IntegerAttr>("tir.num_warps"))
        warps = w.getInt();
    return warps * 32;
  }
  SmallVector<Operation *> dead;

  Value i32(Location loc, int64_t v) {
    return arith::ConstantIntOp::create(b, loc, v, 32);
  }
  Value i64(Location loc, int64_t v) {
    return arith::ConstantIntOp::create(b, loc, v, 64);
  }

  /// A call of the CPU runtime's hook `name` (i32 result unless given).
  Value hook(Location loc, StringRef name, ValueRange args,
             Type result = Type()) {
    if (!result)
      result = b.getI32Type();
    return tir::ExternElementwiseOp::create(b, loc, result,
                                            b.getStringAttr(name), UnitAttr(),
                                            StringAttr(), args)
        .getResult();
  }

  /// Runs `build` where `pred` holds (always without one).
  void guarded(Location loc, Value pred, function_ref<void()> build) {
    if (!pred) {
      build();
      return;
    }
    auto ifOp = scf::IfOp::create(b, loc, pred, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    build();
  }

  /// Scratch memory of `bytes` for the rest of the block `at` is in,
  /// freed before that block's terminator; its address as an i64.
  Value scratch(Operation *at, int64_t bytes) {
    Location loc = at->getLoc();
    Value addr = hook(loc, "__trident_cpu_scratch_alloc", {i64(loc, bytes)},
                      b.getI64Type());
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(at->getBlock()->getTerminator());
    hook(loc, "__trident_cpu_scratch_free", {addr});
    return addr;
  }

  /// The pointer tile of buffer `buf`'s elements.
  Value pointers(Location loc, const CpuBuffer &buf) {
    auto shape = buf.shape;
    auto i64Tile = RankedTensorType::get(shape, b.getI64Type());
    Value offsets;
    for (auto [dim, size] : llvm::enumerate(shape)) {
      Value v = tir::MakeRangeOp::create(b, loc, 0, int32_t(size));
      v = arith::ExtSIOp::create(
          b, loc, RankedTensorType::get({size}, b.getI64Type()), v);
      if (buf.strides[dim] != 1)
        v = arith::MulIOp::create(
            b, loc, v,
            tir::SplatOp::create(b, loc, v.getType(),
                                 i64(loc, buf.strides[dim])));
      for (unsigned axis = 0; axis < dim; ++axis)
        v = tir::ExpandDimsOp::create(b, loc, v, 0);
      for (unsigned axis = dim + 1; axis < shape.size(); ++axis)
        v = tir::ExpandDimsOp::create(b, loc, v, int32_t(axis));
      if (cast<RankedTensorType>(v.getType()).getShape() != ArrayRef(shape))
        v = tir::BroadcastOp::create(b, loc, i64Tile, v);
      offsets = offsets ? arith::AddIOp::create(b, loc, offsets, v) : v;
    }
    auto ptrTile = RankedTensorType::get(shape, buf.ptr.getType());
    Value ptrs = tir::SplatOp::create(b, loc, ptrTile, buf.ptr);
    return tir::AddPtrOp::create(b, loc, ptrTile, ptrs, offsets);
  }

  Value loadBuffer(Location loc, const CpuBuffer &buf) {
    Value ptrs = pointers(loc, buf);
    Type elem = cast<tir::PointerType>(buf.ptr.getType()).getPointeeType();
    return tir::LoadOp::create(b, loc, RankedTensorType::get(buf.shape, elem),
                               ptrs, Value(), Value(),
                               tir::CacheModifier::None,
                               tir::EvictionPolicy::Normal, false);
  }

  void storeBuffer(Location loc, const CpuBuffer &buf, Value tile) {
    tir::StoreOp::create(b, loc, pointers(loc, buf), tile, Value(),
                         tir::CacheModifier::None, tir::EvictionPolicy::Normal);
  }

  FailureOr<CpuBuffer> bufferOf(Operation *user, Value v) {
    auto it = buffers.find(v);
    if (it == buffers.end())
      return user->emitOpError("tlx-lower-to-cpu: a buffer that does not come "
                               "from tlx.local_view of a ring in reach");
    return it->second;
  }

  FailureOr<Value> barrierOf(Operation *user, Value v) {
    auto it = barriers.find(v);
    if (it == barriers.end())
      return user->emitOpError("tlx-lower-to-cpu: a barrier that does not "
                               "come from tlx.alloc_barriers in reach");
    return it->second;
  }

  /// The program's ids, for the reports of barrier waits.
  SmallVector<Value> programIds(Location loc) {
    SmallVector<Value> ids;
    for (int axis = 0; axis < 3; ++axis)
      ids.push_back(tir::GetProgramIdOp::create(b, loc, axis));
    return ids;
  }

  LogicalResult lower(Operation *op);
};

LogicalResult Lowering::lower(Operation *op) {
  Location loc = op->getLoc();
  b.setInsertionPoint(op);
  MLIRContext *ctx = op->getContext();

  if (auto ws = dyn_cast<tir::WarpSpecializeOp>(op)) {
    // Captured rings and barriers become pointers and addresses; the
    // partitions' arguments take their new types and meaning.
    for (auto [i, capture] : llvm::enumerate(ws.getCaptures())) {
      Value lowered;
      if (rings.count(capture))
        lowered = rings[capture].ptr;
      else if (barriers.count(capture))
        lowered = barriers[capture];
      else if (isa<TlxDialect>(&capture.getType().getDialect()))
        return ws.emitOpError("tlx-lower-to-cpu: a partition captures a TLX "
                              "value the CPU target cannot pass: ")
               << capture.getType();
      else
        continue;
      for (Region &region : ws.getPartitionRegions()) {
        BlockArgument arg = region.front().getArgument(i);
        if (rings.count(capture))
          rings[arg] = {arg, rings[capture].shape, rings[capture].strides};
        else
          barriers[arg] = arg;
        if (perThread.contains(capture))
          perThread.insert(arg);
        arg.setType(lowered.getType());
      }
      ws->setOperand(i, lowered);
    }
    return success();
  }
  if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
    auto type = cast<BuffersType>(alloc.getType());
    Type elem = type.getElementType();
    int64_t bytes = type.getCount() * numElements(type.getShape()) *
                    bytesOf(elem);
    Value addr = scratch(op, bytes);
    Value ptr = tir::IntToPtrOp::create(b, loc, tir::PointerType::get(elem, 1),
                                        addr);
    rings[alloc.getResult()] = {ptr, SmallVector<int64_t>(type.getShape()),
                                rowMajorStrides(type.getShape())};
    dead.push_back(op);
    return success();
  }
  if (auto view = dyn_cast<LocalReinterpretOp>(op)) {
    // The same bytes, as elements of the view's type, row-major.
    bool ring = isa<BuffersType>(view.getType());
    auto &from = ring ? rings : buffers;
    auto it = from.find(view.getSrc());
    if (it == from.end())
      return op->emitOpError("tlx-lower-to-cpu: a buffer or ring that does "
                             "not come from tlx.local_alloc in reach");
    ArrayRef<int64_t> shape;
    Type elem;
    if (auto buffers = dyn_cast<BuffersType>(view.getType())) {
      shape = buffers.getShape();
      elem = buffers.getElementType();
    } else {
      auto buffer = cast<BufferType>(view.getType());
      shape = buffer.getShape();
      elem = buffer.getElementType();
    }
    Value addr = tir::PtrToIntOp::create(b, loc, b.getI64Type(),
                                         it->second.ptr);
    Value ptr = tir::IntToPtrOp::create(b, loc, tir::PointerType::get(elem, 1),
                                        addr);
    CpuBuffer out{ptr, SmallVector<int64_t>(shape), rowMajorStrides(shape)};
    from[view.getResult()] = out;
    dead.push_back(op);
    return success();
  }
  if (auto view = dyn_cast<LocalViewOp>(op)) {
    auto it = rings.find(view.getBuffers());
    if (it == rings.end())
      return op->emitOpError("tlx-lower-to-cpu: a ring that does not come "
                             "from tlx.local_alloc in reach");
    const CpuBuffer &ring = it->second;
    Value index = arith::ExtSIOp::create(b, loc, b.getI64Type(),
                                         view.getIndex());
    Value offset = arith::MulIOp::create(
        b, loc, index, i64(loc, numElements(ring.shape)));
    Value ptr = tir::AddPtrOp::create(b, loc, ring.ptr.getType(), ring.ptr,
                                      offset);
    buffers[view.getResult()] = {ptr, ring.shape, ring.strides};
    dead.push_back(op);
    return success();
  }
  if (auto trans = dyn_cast<LocalTransOp>(op)) {
    FailureOr<CpuBuffer> buf = bufferOf(op, trans.getBuffer());
    if (failed(buf))
      return failure();
    CpuBuffer out{buf->ptr, {}, {}};
    for (int32_t d : trans.getOrder()) {
      out.shape.push_back(buf->shape[d]);
      out.strides.push_back(buf->strides[d]);
    }
    buffers[trans.getResult()] = out;
    dead.push_back(op);
    return success();
  }
  if (auto slice = dyn_cast<LocalSliceOp>(op)) {
    FailureOr<CpuBuffer> buf = bufferOf(op, slice.getBuffer());
    if (failed(buf))
      return failure();
    Value offset = i64(loc, 0);
    for (auto [o, stride] : llvm::zip(slice.getOffsets(), buf->strides))
      offset = arith::AddIOp::create(
          b, loc, offset,
          arith::MulIOp::create(
              b, loc, arith::ExtSIOp::create(b, loc, b.getI64Type(), o),
              i64(loc, stride)));
    Value ptr = tir::AddPtrOp::create(b, loc, buf->ptr.getType(), buf->ptr,
                                      offset);
    buffers[slice.getResult()] = {
        ptr, SmallVector<int64_t>(slice.getType().getShape()), buf->strides};
    dead.push_back(op);
    return success();
  }
  if (auto load = dyn_cast<LocalLoadOp>(op)) {
    FailureOr<CpuBuffer> buf = bufferOf(op, load.getBuffer());
    if (failed(buf))
      return failure();
    load.getResult().replaceAllUsesWith(loadBuffer(loc, *buf));
    op->erase();
    return success();
  }
  if (auto store = dyn_cast<LocalStoreOp>(op)) {
    FailureOr<CpuBuffer> buf = bufferOf(op, store.getBuffer());
    if (failed(buf))
      return failure();
    storeBuffer(loc, *buf, store.getValue());
    op->erase();
    return success();
  }
  if (auto copy = dyn_cast<AsyncLoadOp>(op)) {
    FailureOr<CpuBuffer> buf = bufferOf(op, copy.getBuffer());
    if (failed(buf))
      return failure();
    auto ptrType = cast<RankedTensorType>(copy.getPtr().getType());
    Type elem =
        cast<tir::PointerType>(ptrType.getElementType()).getPointeeType();
    auto tileType = RankedTensorType::get(ptrType.getShape(), elem);
    Value other;
    if (copy.getMask())
      other = arith::ConstantOp::create(b, loc, b.getZeroAttr(tileType));
    Value tile = tir::LoadOp::create(
        b, loc, tileType, copy.getPtr(), copy.getMask(), other,
        tir::CacheModifier::None, tir::EvictionPolicy::Normal, false);
    storeBuffer(loc, *buf, tile);
    dead.push_back(op);
    return success();
  }
  if (isa<AsyncCommitGroupOp, AsyncWaitOp>(op)) {
    dead.push_back(op);
    return success();
  }
  if (auto dot = dyn_cast<AsyncDotOp>(op)) {
    Value a = dot.getA();
    if (isa<BufferType>(a.getType())) {
      FailureOr<CpuBuffer> buf = bufferOf(op, a);
      if (failed(buf))
        return failure();
      a = loadBuffer(loc, *buf);
    }
    FailureOr<CpuBuffer> bBuf = bufferOf(op, dot.getB());
    if (failed(bBuf))
      return failure();
    Value bTile = loadBuffer(loc, *bBuf);
    Value acc = dot.getAcc();
    if (Value use = dot.getUseAcc()) {
      Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(acc.getType()));
      acc = arith::SelectOp::create(b, loc, use, acc, zero);
    }
    Value d = tir::DotOp::create(b, loc, a, bTile, acc,
                                 tir::InputPrecision::IEEE, 0);
    dot.getResult().replaceAllUsesWith(d);
    op->erase();
    return success();
  }
  if (auto wait = dyn_cast<AsyncDotWaitOp>(op)) {
    wait.replaceAllUsesWith(wait.getValues());
    op->erase();
    return success();
  }
  if (auto alloc = dyn_cast<AllocBarriersOp>(op)) {
    int64_t n = cast<BarriersType>(alloc.getType()).getCount();
    Value addr = scratch(op, n * kBarrierBytes);
    for (int64_t i = 0; i < n; ++i) {
      Value at = arith::AddIOp::create(b, loc, addr, i64(loc, i * kBarrierBytes));
      hook(loc, "__trident_cpu_mbarrier_init",
           {at, i32(loc, alloc.getArriveCount())});
    }
    barriers[alloc.getResult()] = addr;
    if (alloc.getPerThread())
      perThread.insert(alloc.getResult());
    dead.push_back(op);
    return success();
  }
  if (auto view = dyn_cast<BarrierViewOp>(op)) {
    FailureOr<Value> base = barrierOf(op, view.getBarriers());
    if (failed(base))
      return failure();
    Value index = arith::ExtSIOp::create(b, loc, b.getI64Type(),
                                         view.getIndex());
    Value offset =
        arith::MulIOp::create(b, loc, index, i64(loc, kBarrierBytes));
    barriers[view.getResult()] = arith::AddIOp::create(b, loc, *base, offset);
    if (perThread.contains(view.getBarriers()))
      perThread.insert(view.getResult());
    dead.push_back(op);
    return success();
  }
  if (auto expect = dyn_cast<BarrierExpectBytesOp>(op)) {
    FailureOr<Value> bar = barrierOf(op, expect.getBarrier());
    if (failed(bar))
      return failure();
    // An arrival that announces the bytes to come, as the GPU's
    // mbarrier.arrive.expect_tx.
    guarded(loc, expect.getPred(), [&] {
      hook(loc, "__trident_cpu_mbarrier_expect_tx",
           {*bar, i32(loc, expect.getBytes())});
      hook(loc, "__trident_cpu_mbarrier_arrive", {*bar, i32(loc, 1)});
    });
    op->erase();
    return success();
  }
  if (auto arrive = dyn_cast<BarrierArriveOp>(op)) {
    if (arrive.getRemoteCta())
      return op->emitOpError("tlx-lower-to-cpu: arriving on another CTA's "
                             "barrier (remote_cta_rank) needs thread-block "
                             "clusters, which the CPU target does not run");
    FailureOr<Value> bar = barrierOf(op, arrive.getBarrier());
    if (failed(bar))
      return failure();
    // On a barrier that counts threads (tlx.alloc_warp_barrier), this CPU
    // thread arrives for every thread of its group.
    int64_t count = arrive.getCount();
    if (perThread.contains(arrive.getBarrier()))
      count *= groupThreads(op);
    guarded(loc, arrive.getPred(), [&] {
      hook(loc, "__trident_cpu_mbarrier_arrive", {*bar, i32(loc, count)});
    });
    op->erase();
    return success();
  }
  if (auto wait = dyn_cast<BarrierWaitOp>(op)) {
    FailureOr<Value> bar = barrierOf(op, wait.getBarrier());
    if (failed(bar))
      return failure();
    guarded(loc, wait.getPred(), [&] {
      SmallVector<Value> args{*bar, wait.getPhase(), i32(loc, lineOf(loc))};
      args.append(programIds(loc));
      hook(loc, "__trident_cpu_mbarrier_wait", args);
    });
    op->erase();
    return success();
  }
  if (auto copy = dyn_cast<AsyncDescriptorLoadOp>(op)) {
    if (copy.getMulticast())
      return op->emitOpError("tlx-lower-to-cpu: a multicast TMA copy "
                             "(multicast_targets) needs thread-block "
                             "clusters, which the CPU target does not run");
    FailureOr<CpuBuffer> buf = bufferOf(op, copy.getBuffer());
    FailureOr<Value> bar = barrierOf(op, copy.getBarrier());
    if (failed(buf) || failed(bar))
      return failure();
    auto desc = dyn_cast<tir::TensorDescType>(copy.getDesc().getType());
    if (!desc)
      return op->emitOpError("tlx-lower-to-cpu: the source must be a tensor "
                             "descriptor");
    RankedTensorType block = desc.getBlockType();
    guarded(loc, copy.getPred(), [&] {
      Value tile = tir::DescriptorLoadOp::create(b, loc, copy.getDesc(),
                                                 copy.getOffsets());
      storeBuffer(loc, *buf, tile);
      hook(loc, "__trident_cpu_mbarrier_complete_tx",
           {*bar, i32(loc, numElements(block.getShape()) *
                               bytesOf(block.getElementType()))});
    });
    op->erase();
    return success();
  }
  if (auto store = dyn_cast<AsyncDescriptorStoreOp>(op)) {
    FailureOr<CpuBuffer> buf = bufferOf(op, store.getBuffer());
    if (failed(buf))
      return failure();
    Value tile = loadBuffer(loc, *buf);
    std::optional<StringRef> reduce = store.getReduce();
    if (!reduce) {
      tir::DescriptorStoreOp::create(b, loc, store.getDesc(), tile,
                                     store.getOffsets());
      op->erase();
      return success();
    }
    // A TMA reduction: the block read, combined and written back while the
    // runtime's reduction lock keeps other programs' reductions out.
    hook(loc, "__trident_cpu_reduce_lock", {i32(loc, 0)});
    Value old = tir::DescriptorLoadOp::create(b, loc, store.getDesc(),
                                              store.getOffsets());
    bool isFloat = isa<FloatType>(getElementTypeOrSelf(tile.getType()));
    Value both;
    if (*reduce == "add")
      both = isFloat ? Value(arith::AddFOp::create(b, loc, old, tile))
                     : Value(arith::AddIOp::create(b, loc, old, tile));
    else if (*reduce == "min")
      both = isFloat ? Value(arith::MinNumFOp::create(b, loc, old, tile))
                     : Value(arith::MinSIOp::create(b, loc, old, tile));
    else if (*reduce == "max")
      both = isFloat ? Value(arith::MaxNumFOp::create(b, loc, old, tile))
                     : Value(arith::MaxSIOp::create(b, loc, old, tile));
    else if (*reduce == "and")
      both = arith::AndIOp::create(b, loc, old, tile);
    else if (*reduce == "or")
      both = arith::OrIOp::create(b, loc, old, tile);
    else
      both = arith::XOrIOp::create(b, loc, old, tile);
    tir::DescriptorStoreOp::create(b, loc, store.getDesc(), both,
                                   store.getOffsets());
    hook(loc, "__trident_cpu_reduce_unlock", {i32(loc, 0)});
    op->erase();
    return success();
  }
  if (isa<AsyncDescriptorStoreWaitOp>(op)) {
    op->erase();
    return success();
  }
  (void)ctx;
  return op->emitOpError("tlx-lower-to-cpu: this TLX op has no CPU lowering "
                         "yet");
}

struct LowerToCpuPass : tlx_plugin::impl::TlxLowerToCpuBase<LowerToCpuPass> {
  void runOnOperation() override {
    for (auto fn : getOperation().getOps<func::FuncOp>()) {
      Lowering lowering(fn);
      if (failed(lowering.run()))
        return signalPassFailure();
    }
  }
};

} // namespace
