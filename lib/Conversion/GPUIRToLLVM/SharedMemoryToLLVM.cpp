//===- SharedMemoryToLLVM.cpp - Shared-memory buffers and async copies ----===//
//
// `!gir.memdesc` values become address-space-3 pointers to their first
// byte:
//   gir.local_alloc     its slice of the program's dynamic shared memory
//                       (gir-allocate-shared-memory's offset)
//   gir.memdesc_index   the base plus index * (bytes of one slice)
//   gir.memdesc_trans   the same pointer (the permutation is in the type)
//   nvgir.async_copy      per thread, one `cp.async` per run of consecutive
//                       registers that are contiguous in global memory
//                       (4, 8 or 16 bytes; 16-byte copies bypass L1), the
//                       destination byte from the buffer's swizzled layout
//                       (or its plain one: replicated elements copied by
//                       one thread), masked-off runs zero-filled (source
//                       size 0); runs under 4 bytes are copied by plain
//                       loads and stores
//   gir.local_load      vector ld.shared of each thread's runs (plain
//                       layouts)
//   gir.barrier         bar.sync 0
//   nvgir.mbarrier_alloc  8 bytes per barrier (at its planned offset),
//                       mbarrier.init by thread 0, bar.sync
//   nvgir.fence          fence.acq_rel.gpu/.sys, or the async-shared proxy fence
//   nvgir.named_barrier  bar.sync / bar.arrive id, threads
//   nvgir.async_copy_arrive / nvgir.mbarrier_wait
//                       cp.async.mbarrier.arrive.noinc / a loop on
//                       mbarrier.try_wait.parity, then a proxy fence
//   nvgir.async_commit_group / nvgir.async_wait
//                       cp.async.commit_group / cp.async.wait_group N, then
//                       a proxy fence and a CTA barrier
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"
#include "trident/Conversion/GPUIRToLLVM/SharedLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

struct LocalAllocPattern : LoweringPattern<gir::LocalAllocOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(gir::LocalAllocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> buffer = lc.bufferPointer(rewriter, op);
    if (failed(buffer))
      return failure();
    rewriter.replaceOp(op, *buffer);
    return success();
  }
};

struct MemDescIndexPattern : OpConversionPattern<gir::MemDescIndexOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gir::MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t sliceBytes = op.getType().getSizeInBytes();
    Value byte = arith::MulIOp::create(rewriter, loc, adaptor.getIndex(),
                                       i32Const(rewriter, loc, sliceBytes));
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
        op, adaptor.getSrc().getType(), rewriter.getI8Type(), adaptor.getSrc(),
        ValueRange{byte});
    return success();
  }
};

struct MemDescSlicePattern : OpConversionPattern<gir::MemDescSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gir::MemDescSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<int64_t> strides, multiples;
    std::string why;
    if (failed(gir::MemDescSliceOp::getByteStrides(
            op.getSrc().getType(), op.getType().getShape(), strides,
            multiples, why)))
      return op.emitOpError(why);
    Value byte = i32Const(rewriter, loc, 0);
    for (auto [offset, stride] : llvm::zip(adaptor.getOffsets(), strides))
      if (stride != 0)
        byte = arith::AddIOp::create(
            rewriter, loc, byte,
            arith::MulIOp::create(rewriter, loc, offset,
                                  i32Const(rewriter, loc, stride)));
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
        op, adaptor.getSrc().getType(), rewriter.getI8Type(), adaptor.getSrc(),
        ValueRange{byte});
    return success();
  }
};

/// A view that is the source's address under another type (a transpose,
/// a reinterpretation): no code.
template <typename ViewOp>
struct SameAddressPattern : OpConversionPattern<ViewOp> {
  using OpConversionPattern<ViewOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ViewOp op, typename ViewOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

struct AsyncCopyPattern : LoweringPattern<nvgir::AsyncCopyOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(nvgir::AsyncCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptrType = cast<RankedTensorType>(op.getPtr().getType());
    gir::MemDescType dstType = op.getDst().getType();
    if (isa<gir::PlainSharedEncodingAttr>(dstType.getEncoding()))
      return copyPlain(op, adaptor, rewriter);
    if (dstType.getRank() != 2)
      return op.emitOpError("copies into 2-D buffers only");
    FailureOr<LayoutMap> map = mapOf(ptrType, lc, op);
    if (failed(map))
      return failure();
    auto enc = cast<gir::NVMMASharedEncodingAttr>(dstType.getEncoding());
    unsigned inner = enc.getOrder()[0];
    OperandLayout layout = layoutOf(dstType, /*kDim=*/inner);
    Type elem = dstType.getElementType();
    int64_t elemBytes = layout.elemBytes;

    // Registers per copy: contiguous and aligned in memory (axis info), and
    // consecutive elements along the buffer's contiguous dimension.
    int64_t vec = lc.axisInfo ? lc.axisInfo->getVectorElems(
                                    op.getPtr(), op.getMask(), inner)
                              : 1;
    vec = std::min<int64_t>(vec, 16 / elemBytes);
    while (vec > 1 && !map->registersRunAlong(inner, vec))
      vec /= 2;

    auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
    SmallVector<Value> thread = map->threadCoords(rewriter, loc, lane, warp);
    Value ptrs = adaptor.getPtr();
    Value mask = adaptor.getMask();
    Value base = adaptor.getDst();
    int64_t bytes = vec * elemBytes;
    for (int64_t r = 0; r < map->numRegisters(); r += vec) {
      SmallVector<int64_t> c = map->registerCoords(r);
      Value row = arith::XOrIOp::create(rewriter, loc, thread[1 - inner],
                                        i32Const(rewriter, loc, c[1 - inner]));
      Value in = arith::XOrIOp::create(rewriter, loc, thread[inner],
                                       i32Const(rewriter, loc, c[inner]));
      Value dst = LLVM::GEPOp::create(
          rewriter, loc, base.getType(), rewriter.getI8Type(), base,
          ValueRange{layout.offset(rewriter, loc, row, in)});
      Value src = vector::ExtractOp::create(rewriter, loc, ptrs, r);
      copyGroup(rewriter, loc, dst, src, groupPred(rewriter, loc, adaptor, r),
                bytes, elem);
    }
    rewriter.eraseOp(op);
    return success();
  }

  /// Whether the group of registers from `r` is copied (else zero-filled):
  /// its mask (constant over the group) and the op's scalar predicate;
  /// null when both are absent.
  static Value groupPred(OpBuilder &b, Location loc, OpAdaptor adaptor,
                         int64_t r) {
    Value pred = adaptor.getPred();
    if (Value mask = adaptor.getMask()) {
      Value m = vector::ExtractOp::create(b, loc, mask, r);
      pred = pred ? arith::AndIOp::create(b, loc, m, pred).getResult() : m;
    }
    return pred;
  }

  /// One group of `bytes` bytes from `src` to `dst`, zero-filled where
  /// `pred` (if any) is false.
  static void copyGroup(OpBuilder &b, Location loc, Value dst, Value src,
                        Value pred, int64_t bytes, Type elem) {
    if (bytes >= 4) {
      Value srcSize;
      if (pred)
        srcSize = arith::SelectOp::create(b, loc, pred, i32Const(b, loc, bytes),
                                          i32Const(b, loc, 0));
      auto cache = bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                               : NVVM::LoadCacheModifierKind::CA;
      NVVM::CpAsyncOp::create(
          b, loc, dst, src, b.getI32IntegerAttr(bytes),
          NVVM::LoadCacheModifierKindAttr::get(b.getContext(), cache), srcSize);
      return;
    }
    // Narrower than cp.async's 4 bytes: a plain (masked) copy of the one
    // element, visible after the barrier of nvgir.async_wait.
    Value zero = arith::ConstantOp::create(b, loc, elem,
                                           cast<TypedAttr>(b.getZeroAttr(elem)));
    Value value;
    if (pred) {
      auto ifOp = scf::IfOp::create(
          b, loc, pred,
          [&](OpBuilder &ib, Location l) {
            scf::YieldOp::create(ib, l,
                                 LLVM::LoadOp::create(ib, l, elem, src)
                                     .getResult());
          },
          [&](OpBuilder &ib, Location l) { scf::YieldOp::create(ib, l, zero); });
      value = ifOp.getResult(0);
    } else {
      value = LLVM::LoadOp::create(b, loc, elem, src);
    }
    LLVM::StoreOp::create(b, loc, value, dst);
  }

  /// Into a #gir.plain_shared buffer (any rank): each thread copies its
  /// runs along the contiguous dimension to their unswizzled place; a
  /// layout that gives an element to several threads (a slice of a wgmma
  /// accumulator) has it copied by one of them only.
  LogicalResult copyPlain(nvgir::AsyncCopyOp op, OpAdaptor adaptor,
                          ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    auto ptrType = cast<RankedTensorType>(op.getPtr().getType());
    gir::MemDescType dstType = op.getDst().getType();
    auto enc = cast<gir::PlainSharedEncodingAttr>(dstType.getEncoding());
    if (enc.getOrder().size() != dstType.getRank())
      return op.emitOpError("copies into a buffer of the layout's rank only");
    FailureOr<LayoutMap> map = mapOf(ptrType, lc, op);
    if (failed(map))
      return failure();
    unsigned inner = enc.getOrder()[0];
    Type elem = dstType.getElementType();
    int64_t elemBytes = elem.getIntOrFloatBitWidth() / 8;
    int64_t limit = lc.axisInfo ? lc.axisInfo->getVectorElems(
                                      op.getPtr(), op.getMask(), inner)
                                : 1;
    // (Without axis info, one element per copy: cp.async's 4 bytes at
    // least for wider elements, plain copies for narrower ones.)
    int64_t vec = plainVectorWidth(*map, dstType, limit);
    auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
    Value first = map->isFirstReplica(rewriter, loc, lane, warp);
    bool replicated = !matchPattern(first, m_One());
    // The copies of one replica, under one branch.
    OpBuilder::InsertionGuard guard(rewriter);
    if (replicated) {
      auto ifOp = scf::IfOp::create(rewriter, loc, first);
      rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
    }
    SmallVector<Value> thread = map->threadCoords(rewriter, loc, lane, warp);
    SmallVector<Value> dsts = plainAddresses(rewriter, loc, adaptor.getDst(),
                                             *map, dstType, thread, vec);
    Value ptrs = adaptor.getPtr();
    for (auto [g, dst] : llvm::enumerate(dsts)) {
      int64_t r = int64_t(g) * vec;
      Value src = vector::ExtractOp::create(rewriter, loc, ptrs, r);
      copyGroup(rewriter, loc, dst, src, groupPred(rewriter, loc, adaptor, r),
                vec * elemBytes, elem);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// The addresses of the calling thread's register groups 0, vec, 2 vec, ...
/// of a tile of layout `map` in the 2-D #gir.nvmma_shared buffer `type` at
/// `base` (the swizzled byte layout the tensor cores and TMA use), with the
/// width of the groups: runs of registers along the contiguous dimension
/// of at most 16 bytes, which a swizzle keeps together.
std::pair<SmallVector<Value>, int64_t>
swizzledAddresses(OpBuilder &b, Location loc, Value base, const LayoutMap &map,
                  gir::MemDescType type, ArrayRef<Value> thread) {
  auto enc = cast<gir::NVMMASharedEncodingAttr>(type.getEncoding());
  unsigned inner = enc.getOrder()[0];
  gir_to_llvm::OperandLayout l = gir_to_llvm::layoutOf(type, inner);
  int64_t vec = std::max<int64_t>(1, 16 / std::max<int64_t>(l.elemBytes, 1));
  vec = std::min<int64_t>(vec, map.numRegisters());
  vec = int64_t(1) << llvm::Log2_64(vec);
  while (vec > 1 && !map.registersRunAlong(inner, vec))
    vec /= 2;
  SmallVector<Value> out;
  for (int64_t r = 0; r < map.numRegisters(); r += vec) {
    SmallVector<int64_t> c = map.registerCoords(r);
    auto at = [&](unsigned d) -> Value {
      return arith::XOrIOp::create(b, loc, thread[d], i32Const(b, loc, c[d]));
    };
    Value off = l.offset(b, loc, at(1 - inner), at(inner));
    out.push_back(LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(),
                                      base, ValueRange{off}));
  }
  return {out, vec};
}

bool isSwizzled2D(gir::MemDescType type) {
  auto enc = dyn_cast<gir::NVMMASharedEncodingAttr>(type.getEncoding());
  return enc && type.getRank() == 2 && enc.getOrder().size() == 2;
}

/// gir.local_load from a #gir.plain_shared buffer: each thread reads its
/// registers in runs along the contiguous dimension (vector loads of up to
/// 16 bytes), at the addresses the async copies wrote them.
struct LocalLoadPattern : LoweringPattern<gir::LocalLoadOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(gir::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    gir::MemDescType srcType = op.getSrc().getType();
    auto enc = dyn_cast<gir::PlainSharedEncodingAttr>(srcType.getEncoding());
    bool swizzled = isSwizzled2D(srcType);
    if (!swizzled && (!enc || enc.getOrder().size() != srcType.getRank()))
      return op.emitOpError("reads #gir.plain_shared tiles of the layout's "
                            "rank and 2-D #gir.nvmma_shared tiles only, got ")
             << srcType;
    RankedTensorType type = op.getType();
    FailureOr<LayoutMap> map = mapOf(type, lc, op);
    if (failed(map))
      return failure();
    Type elem = srcType.getElementType();
    auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
    SmallVector<Value> thread = map->threadCoords(rewriter, loc, lane, warp);
    int64_t vec;
    SmallVector<Value> srcs;
    if (swizzled) {
      std::tie(srcs, vec) = swizzledAddresses(rewriter, loc, adaptor.getSrc(),
                                              *map, srcType, thread);
    } else {
      vec = plainVectorWidth(*map, srcType, map->numRegisters());
      srcs = plainAddresses(rewriter, loc, adaptor.getSrc(), *map, srcType,
                            thread, vec);
    }
    auto groupType = VectorType::get({vec}, elem);
    unsigned align = vec * (elem.getIntOrFloatBitWidth() / 8);
    SmallVector<Value> registers;
    for (Value src : srcs) {
      Value group = LLVM::LoadOp::create(rewriter, loc, groupType, src, align);
      for (int64_t i = 0; i < vec; ++i)
        registers.push_back(vector::ExtractOp::create(rewriter, loc, group, i));
    }
    auto vecType = VectorType::get({map->numRegisters()}, elem);
    rewriter.replaceOp(
        op, vector::FromElementsOp::create(rewriter, loc, vecType, registers));
    return success();
  }
};

/// gir.local_store into a #gir.plain_shared buffer: the mirror of
/// gir.local_load, by the first replica of each element only.
struct LocalStorePattern : LoweringPattern<gir::LocalStoreOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(gir::LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    gir::MemDescType dstType = op.getDst().getType();
    auto enc = dyn_cast<gir::PlainSharedEncodingAttr>(dstType.getEncoding());
    bool swizzled = isSwizzled2D(dstType);
    if (!swizzled && (!enc || enc.getOrder().size() != dstType.getRank()))
      return op.emitOpError("writes #gir.plain_shared tiles of the layout's "
                            "rank and 2-D #gir.nvmma_shared tiles only, got ")
             << dstType;
    RankedTensorType type = op.getValue().getType();
    FailureOr<LayoutMap> map = mapOf(type, lc, op);
    if (failed(map))
      return failure();
    Type elem = dstType.getElementType();
    int64_t vec = swizzled ? 0
                           : plainVectorWidth(*map, dstType,
                                              map->numRegisters());
    auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
    Value first = map->isFirstReplica(rewriter, loc, lane, warp);
    OpBuilder::InsertionGuard guard(rewriter);
    if (!matchPattern(first, m_One())) {
      auto ifOp = scf::IfOp::create(rewriter, loc, first);
      rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
    }
    SmallVector<Value> thread = map->threadCoords(rewriter, loc, lane, warp);
    SmallVector<Value> dsts;
    if (swizzled)
      std::tie(dsts, vec) = swizzledAddresses(rewriter, loc, adaptor.getDst(),
                                              *map, dstType, thread);
    else
      dsts = plainAddresses(rewriter, loc, adaptor.getDst(), *map, dstType,
                            thread, vec);
    auto groupType = VectorType::get({vec}, elem);
    unsigned align = vec * (elem.getIntOrFloatBitWidth() / 8);
    Value registers = adaptor.getValue();
    for (auto [g, dst] : llvm::enumerate(dsts)) {
      SmallVector<Value> group;
      for (int64_t i = 0; i < vec; ++i)
        group.push_back(vector::ExtractOp::create(rewriter, loc, registers,
                                                  int64_t(g) * vec + i));
      Value packed =
          vector::FromElementsOp::create(rewriter, loc, groupType, group);
      LLVM::StoreOp::create(rewriter, loc, packed, dst, align);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncCommitGroupPattern
    : OpConversionPattern<nvgir::AsyncCommitGroupOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nvgir::AsyncCommitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncCommitGroupOp>(op);
    return success();
  }
};

/// The address of barrier `index` of `barriers` (8 bytes each).
Value barrierAddress(OpBuilder &b, Location loc, Value barriers, Value index) {
  Value byte = arith::MulIOp::create(b, loc, index, i32Const(b, loc, 8));
  return LLVM::GEPOp::create(b, loc, barriers.getType(), b.getI8Type(),
                             barriers, ValueRange{byte});
}

struct MBarrierAllocPattern : LoweringPattern<nvgir::MBarrierAllocOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(nvgir::MBarrierAllocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned count = op.getType().getCount();
    FailureOr<Value> buffer = lc.bufferPointer(rewriter, op);
    if (failed(buffer))
      return failure();
    Value base = *buffer;
    // Thread 0 initializes every barrier; the others see it after bar.sync.
    Value tid = lc.threadId(rewriter, loc);
    Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        tid, i32Const(rewriter, loc, 0));
    for (unsigned i = 0; i < count; ++i)
      NVVM::MBarrierInitOp::create(
          rewriter, loc,
          barrierAddress(rewriter, loc, base, i32Const(rewriter, loc, i)),
          i32Const(rewriter, loc, op.getArrivals()), first);
    // On Hopper the barriers may be completed by the copy engine (TMA's
    // complete_tx): make the initialization visible to the async proxy.
    auto cc = lc.module->getAttrOfType<IntegerAttr>(
        gir::GPUIRDialect::getComputeCapabilityAttrName());
    if (cc && cc.getInt() >= 90)
      fenceAsyncShared(rewriter, loc);
    barrier(rewriter, loc);
    rewriter.replaceOp(op, base);
    return success();
  }
};

struct AsyncCopyArrivePattern : OpConversionPattern<nvgir::AsyncCopyArriveOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nvgir::AsyncCopyArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::CpAsyncMBarrierArriveOp::create(
        rewriter, loc,
        barrierAddress(rewriter, loc, adaptor.getBarriers(), adaptor.getIndex()),
        /*noinc=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

/// %globaltimer, nanoseconds.
Value globalTimer(OpBuilder &b, Location loc) {
  return LLVM::InlineAsmOp::create(
             b, loc, b.getI64Type(), ValueRange{},
             "mov.u64 $0, %globaltimer;", "=l", /*has_side_effects=*/true,
             /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr(), ArrayAttr())
      .getResult(0);
}

/// A wait on the barrier at `address` for the phase of parity `phase` that
/// gives up after `ms` milliseconds: lane 0 of each waiting warp prints
/// what waits on what and where, then the thread traps (the launch fails
/// with an error instead of hanging).
void boundedWait(ConversionPatternRewriter &rewriter, nvgir::MBarrierWaitOp op,
                 Value address, Value index, Value phase, int64_t ms) {
  Location loc = op.getLoc();
  Type i32 = rewriter.getI32Type();
  Value shared = LLVM::PtrToIntOp::create(rewriter, loc, i32, address);
  Value start = globalTimer(rewriter, loc);
  auto [file, line] = gir_to_llvm::fileAndLine(loc);
  std::string waiter = op.getWaiter().value_or("the program").str();
  std::string format =
      "trident: barrier wait timed out after " + std::to_string(ms) +
      " ms: barrier %d (shared memory 0x%x) waits for the end of its phase "
      "of parity %d; block (%d, %d, %d), warp %d (" + waiter + ") at " + file +
      ":" + std::to_string(line) + "\n";
  auto loop = scf::WhileOp::create(rewriter, loc, TypeRange{}, ValueRange{});
  {
    OpBuilder::InsertionGuard guard(rewriter);
    Block *before = rewriter.createBlock(&loop.getBefore());
    Value done = LLVM::InlineAsmOp::create(
                     rewriter, loc, i32, ValueRange{shared, phase},
                     "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta."
                     "b64 p, [$1], $2, 1000000;\nselp.u32 $0, 1, 0, p;\n}",
                     "=r,r,r,~{memory}", /*has_side_effects=*/true,
                     /*is_align_stack=*/false,
                     LLVM::tailcallkind::TailCallKind::None,
                     LLVM::AsmDialectAttr(), ArrayAttr())
                     .getResult(0);
    Value waiting = arith::CmpIOp::create(rewriter, loc,
                                          arith::CmpIPredicate::eq, done,
                                          i32Const(rewriter, loc, 0));
    scf::IfOp::create(rewriter, loc, waiting, [&](OpBuilder &b, Location l) {
      Value elapsed =
          arith::SubIOp::create(b, l, globalTimer(b, l), start);
      Value over = arith::CmpIOp::create(
          b, l, arith::CmpIPredicate::ugt, elapsed,
          arith::ConstantOp::create(b, l, b.getI64IntegerAttr(ms * 1000000)));
      scf::IfOp::create(b, l, over, [&](OpBuilder &b2, Location l2) {
        Value tid = NVVM::ThreadIdXOp::create(b2, l2, i32);
        Value warp = arith::DivUIOp::create(b2, l2, tid, i32Const(b2, l2, 32));
        Value lane = arith::RemUIOp::create(b2, l2, tid, i32Const(b2, l2, 32));
        Value lane0 = arith::CmpIOp::create(b2, l2, arith::CmpIPredicate::eq,
                                            lane, i32Const(b2, l2, 0));
        Value values[] = {index,
                          shared,
                          phase,
                          NVVM::BlockIdXOp::create(b2, l2, i32),
                          NVVM::BlockIdYOp::create(b2, l2, i32),
                          NVVM::BlockIdZOp::create(b2, l2, i32),
                          warp};
        gir_to_llvm::emitPrintf(b2, l2, op, format, values, lane0);
        // An assertion, not a bare trap: the driver then prints what the
        // kernel printed, and the launch fails with cudaErrorAssert.
        std::string function = "<kernel>";
        if (auto fn = op->getParentOfType<FunctionOpInterface>())
          function = fn.getName().str();
        gir_to_llvm::emitAssertFail(
            b2, l2, op,
            "barrier wait timed out (" + waiter + "; TRIDENT_DEBUG_BARRIERS)",
            file, line, function);
        scf::YieldOp::create(b2, l2);
      });
      scf::YieldOp::create(b, l);
    });
    scf::ConditionOp::create(rewriter, loc, waiting, ValueRange{});
    rewriter.createBlock(&loop.getAfter());
    scf::YieldOp::create(rewriter, loc);
  }
}

struct MBarrierWaitPattern : OpConversionPattern<nvgir::MBarrierWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nvgir::MBarrierWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value address =
        barrierAddress(rewriter, loc, adaptor.getBarriers(), adaptor.getIndex());
    if (std::optional<int64_t> ms = op.getTimeoutMs())
      boundedWait(rewriter, op, address, adaptor.getIndex(), adaptor.getPhase(),
                  *ms);
    else
      NVVM::MBarrierTryWaitParityOp::create(rewriter, loc, address,
                                            adaptor.getPhase(),
                                            i32Const(rewriter, loc, 0x989680));
    if (!op.getAsyncWrites() && !op.getUnfenced())
      fenceAsyncShared(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

/// `text`, an instruction with no operands, as side-effecting assembly.
void sideEffectAsm(OpBuilder &b, Location loc, const std::string &text) {
  LLVM::InlineAsmOp::create(b, loc, TypeRange{}, ValueRange{}, text, "",
                            /*has_side_effects=*/true, /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

struct FencePattern : OpConversionPattern<nvgir::FenceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nvgir::FenceOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (op.getScope() == "async_shared") {
      fenceAsyncShared(rewriter, loc);
    } else {
      sideEffectAsm(rewriter, loc,
                    ("fence.acq_rel." + op.getScope() + ";").str());
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct NamedBarrierPattern : OpConversionPattern<nvgir::NamedBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nvgir::NamedBarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    sideEffectAsm(rewriter, op.getLoc(),
                  (op.getArrive() ? "bar.arrive " : "bar.sync ") +
                      std::to_string(op.getId()) + ", " +
                      std::to_string(op.getThreads()) + ";");
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierPattern : OpConversionPattern<gir::BarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gir::BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    barrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncWaitPattern : OpConversionPattern<nvgir::AsyncWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nvgir::AsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::CpAsyncWaitGroupOp::create(rewriter, loc, op.getPending());
    // cp.async writes through the generic proxy; wgmma reads through the
    // async proxy.
    fenceAsyncShared(rewriter, loc);
    barrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateSharedMemoryPatterns(TypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  LoweringContext &ctx) {
  MLIRContext *context = patterns.getContext();
  patterns.add<LocalAllocPattern, AsyncCopyPattern, MBarrierAllocPattern,
               LocalLoadPattern, LocalStorePattern>(
      converter, context, ctx);
  patterns.add<MemDescIndexPattern, SameAddressPattern<gir::MemDescTransOp>,
               SameAddressPattern<gir::MemDescReinterpretOp>,
               MemDescSlicePattern,
               AsyncCommitGroupPattern, AsyncWaitPattern, BarrierPattern, FencePattern, NamedBarrierPattern,
               AsyncCopyArrivePattern,
               MBarrierWaitPattern>(
      converter, context);
}

} // namespace trident::gir_to_llvm
