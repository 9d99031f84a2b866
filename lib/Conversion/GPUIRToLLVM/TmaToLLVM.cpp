//===- TmaToLLVM.cpp - Tensor descriptors on the tensor memory accelerator -===//
//
// A `!tir.tensordesc` kernel argument is a 128-byte TMA descriptor passed
// by value (a `__grid_constant__` parameter, encoded by the launcher with
// cuTensorMapEncodeTiled from the kernel metadata; see GPUIRToLLVM.cpp). Its
// blocks move as `nvgir::getTmaBlockLayout` says: one `cp.async.bulk.tensor`
// per box, issued by thread 0.
//
//   nvgir.mbarrier_expect_tx / nvgir.mbarrier_arrive
//                       the group's thread 0: mbarrier.arrive(.expect_tx)
//   nvgir.tma_load        thread 0: mbarrier.arrive.expect_tx on the given
//                       barrier with the block's bytes, then the box copies
//                       into the (persistent, 1024-byte aligned) buffer
//   tir.descriptor_load the same into scratch (re-aligned to 1024 bytes)
//                       with a barrier of its own, initialized, waited on
//                       (phase 0) and invalidated each time; then every
//                       thread reads its elements of the result layout
//   tir.descriptor_store every thread writes its elements into scratch in
//                       the TMA layout, a proxy fence and a CTA barrier,
//                       then thread 0 issues the box stores and waits until
//                       they have read shared memory (so scratch may be
//                       reused); TMA clips what falls outside the tensor
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"
#include "trident/Conversion/GPUIRToLLVM/SharedLayout.h"
#include "SharedStaging.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

/// Byte offset, in a block laid out as `l` says, of the element at (row,
/// in), where `row` is the row-major index over every dimension but the
/// last.
Value tmaOffset(OpBuilder &b, Location loc, const nvgir::TmaBlockLayout &l,
                Value row, Value in) {
  if (l.swizzle) {
    OperandLayout swizzled{l.rows, l.inner, l.elemBytes, l.swizzle,
                           /*kMajor=*/true};
    return swizzled.offset(b, loc, row, in);
  }
  // Boxes one after another, rows of boxInner elements in each.
  auto c = [&](int64_t v) { return i32Const(b, loc, v); };
  int64_t boxInner = l.boxInner();
  Value piece = arith::DivUIOp::create(b, loc, in, c(boxInner));
  Value within = arith::RemUIOp::create(b, loc, in, c(boxInner));
  Value off = arith::MulIOp::create(b, loc, piece, c(l.boxBytes()));
  off = arith::AddIOp::create(
      b, loc, off, arith::MulIOp::create(b, loc, row, c(boxInner * l.elemBytes)));
  return arith::AddIOp::create(
      b, loc, off, arith::MulIOp::create(b, loc, within, c(l.elemBytes)));
}

/// The shared-memory address, in a block at `buf` laid out as `l` says, of
/// register `r` of the calling thread (`thread`: its part of the
/// coordinates); rows are row-major over every dimension but the last.
Value registerAddress(OpBuilder &b, Location loc, const nvgir::TmaBlockLayout &l,
                      const LayoutMap &map, ArrayRef<Value> thread, Value buf,
                      int64_t r) {
  SmallVector<int64_t> coords = map.registerCoords(r);
  ArrayRef<int64_t> shape = map.getShape();
  unsigned rank = shape.size();
  auto coord = [&](unsigned d) -> Value {
    return arith::XOrIOp::create(b, loc, thread[d], i32Const(b, loc, coords[d]));
  };
  Value row = i32Const(b, loc, 0);
  for (unsigned d = 0; d + 1 < rank; ++d)
    row = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, row, i32Const(b, loc, shape[d])),
        coord(d));
  return LLVM::GEPOp::create(
      b, loc, buf.getType(), b.getI8Type(), buf,
      ValueRange{tmaOffset(b, loc, l, row, coord(rank - 1))});
}

/// Elements per shared-memory access of a thread of `map` in a block laid
/// out as `l` says: the registers that run along the last dimension, up to
/// 16 bytes (a swizzle moves 16-byte chunks, and a box row is a multiple of
/// 16 bytes, so such a run stays contiguous and aligned).
int64_t accessVector(const nvgir::TmaBlockLayout &l, const LayoutMap &map) {
  int64_t v = 1;
  for (int64_t c = 2; c * l.elemBytes <= 16 && c <= l.boxInner(); c *= 2) {
    if (!map.registersRunAlong(map.rank() - 1, c))
      break;
    v = c;
  }
  return v;
}

/// `ptr` (address space 3) rounded up to a multiple of `align`.
Value alignShared(OpBuilder &b, Location loc, Value ptr, int64_t align) {
  Value addr = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), ptr);
  addr = arith::AddIOp::create(b, loc, addr, i32Const(b, loc, align - 1));
  addr = arith::AndIOp::create(b, loc, addr, i32Const(b, loc, ~(align - 1)));
  return LLVM::IntToPtrOp::create(b, loc, ptr.getType(), addr);
}

Value byteGep(OpBuilder &b, Location loc, Value base, int64_t bytes) {
  if (bytes == 0)
    return base;
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{int32_t(bytes)});
}

/// TMA coordinates (innermost first) of box `piece` of the block at
/// `indices` (outermost first).
SmallVector<Value> boxCoordinates(OpBuilder &b, Location loc,
                                  const nvgir::TmaBlockLayout &l,
                                  ValueRange indices, int64_t piece) {
  SmallVector<Value> coords(llvm::reverse(indices));
  if (piece)
    coords[0] = arith::AddIOp::create(b, loc, coords[0],
                                      i32Const(b, loc, piece * l.boxInner()));
  return coords;
}

/// Where `pred` holds: arrive on `bar` expecting the block's bytes, then
/// copy every box of the block at `indices` into `dst`.
void issueLoad(OpBuilder &b, Location loc, const nvgir::TmaBlockLayout &l,
               Value desc, ValueRange indices, Value dst, Value bar,
               Value pred, bool arrive = true, Value multicast = Value()) {
  if (arrive)
    NVVM::MBarrierArriveExpectTxOp::create(
        b, loc, Type(), bar, i32Const(b, loc, l.bytes()),
        NVVM::MemScopeKind::CTA, /*relaxed=*/false, pred);
  for (int64_t j = 0; j < l.pieces; ++j)
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        b, loc, byteGep(b, loc, dst, j * l.boxBytes()), desc,
        boxCoordinates(b, loc, l, indices, j), bar, ValueRange{},
        /*multicastMask=*/multicast, /*l2CacheHint=*/Value(),
        NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false,
        /*group=*/NVVM::CTAGroupKindAttr(), pred);
}

/// Where `pred` holds: copy every box of `src` to the block of `desc` at
/// `indices` (or, with `reduce`, combine it with what is there); then every
/// thread commits its (possibly empty) bulk group.
void issueStore(OpBuilder &b, Location loc, const nvgir::TmaBlockLayout &l,
                Value desc, ValueRange indices, Value src, Value pred,
                std::optional<NVVM::TMAReduxKind> reduce = std::nullopt) {
  for (int64_t j = 0; j < l.pieces; ++j) {
    Value box = byteGep(b, loc, src, j * l.boxBytes());
    SmallVector<Value> coords = boxCoordinates(b, loc, l, indices, j);
    if (!reduce) {
      NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
          b, loc, desc, box, coords, /*l2CacheHint=*/Value(),
          NVVM::TMAStoreMode::TILE, pred);
      continue;
    }
    // The reduction has no predicate operand: branch around it.
    auto guard = scf::IfOp::create(b, loc, pred, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(guard.thenBlock());
    NVVM::CpAsyncBulkTensorReduceOp::create(
        b, loc, desc, box, *reduce, NVVM::TMAStoreMode::TILE, coords,
        /*l2CacheHint=*/Value());
  }
  NVVM::CpAsyncBulkCommitGroupOp::create(b, loc);
}

std::optional<NVVM::TMAReduxKind> reduxKind(std::optional<StringRef> kind) {
  if (!kind)
    return std::nullopt;
  return llvm::StringSwitch<NVVM::TMAReduxKind>(*kind)
      .Case("add", NVVM::TMAReduxKind::ADD)
      .Case("min", NVVM::TMAReduxKind::MIN)
      .Case("max", NVVM::TMAReduxKind::MAX)
      .Case("and", NVVM::TMAReduxKind::AND)
      .Case("or", NVVM::TMAReduxKind::OR)
      .Default(NVVM::TMAReduxKind::XOR);
}

Value isThreadZero(OpBuilder &b, Location loc) {
  Value tid = groupThreadId(b, loc);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                               i32Const(b, loc, 0));
}

FailureOr<nvgir::TmaBlockLayout> layoutFor(Operation *op,
                                         tir::TensorDescType type) {
  std::string why;
  FailureOr<nvgir::TmaBlockLayout> l = nvgir::getTmaBlockLayout(type, &why);
  if (failed(l))
    op->emitOpError("cannot move ") << type << " with TMA: " << why;
  return l;
}

struct TmaLoadPattern : OpConversionPattern<nvgir::TmaLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nvgir::TmaLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<nvgir::TmaBlockLayout> l = layoutFor(op, op.getDesc().getType());
    if (failed(l))
      return failure();
    Value pred = isThreadZero(rewriter, loc);
    if (Value p = adaptor.getPred())
      pred = arith::AndIOp::create(rewriter, loc, pred, p);
    Value byte = arith::MulIOp::create(rewriter, loc, adaptor.getIndex(),
                                       i32Const(rewriter, loc, 8));
    Value bar = LLVM::GEPOp::create(rewriter, loc,
                                    adaptor.getBarriers().getType(),
                                    rewriter.getI8Type(),
                                    adaptor.getBarriers(), ValueRange{byte});
    issueLoad(rewriter, loc, *l, adaptor.getDesc(), adaptor.getIndices(),
              adaptor.getDst(), bar, pred, /*arrive=*/!op.getExpected(),
              adaptor.getMulticast());
    rewriter.eraseOp(op);
    return success();
  }
};

/// The address of barrier `index` of the barriers at `base`.
Value barrierAt(OpBuilder &b, Location loc, Value base, Value index) {
  Value byte = arith::MulIOp::create(b, loc, index, i32Const(b, loc, 8));
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{byte});
}

struct MBarrierExpectTxPattern : OpConversionPattern<nvgir::MBarrierExpectTxOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nvgir::MBarrierExpectTxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::MBarrierArriveExpectTxOp::create(
        rewriter, loc, Type(),
        barrierAt(rewriter, loc, adaptor.getBarriers(), adaptor.getIndex()),
        i32Const(rewriter, loc, op.getBytes()), NVVM::MemScopeKind::CTA,
        /*relaxed=*/false, isThreadZero(rewriter, loc));
    rewriter.eraseOp(op);
    return success();
  }
};

struct MBarrierArrivePattern : OpConversionPattern<nvgir::MBarrierArriveOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nvgir::MBarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value bar =
        barrierAt(rewriter, loc, adaptor.getBarriers(), adaptor.getIndex());
    OpBuilder::InsertionGuard guard(rewriter);
    if (!op.getPerThread()) {
      auto first = scf::IfOp::create(rewriter, loc,
                                     isThreadZero(rewriter, loc),
                                     /*withElseRegion=*/false);
      rewriter.setInsertionPointToStart(first.thenBlock());
    }
    Value count = op.getCount() == 1
                      ? Value()
                      : i32Const(rewriter, loc, int64_t(op.getCount()));
    if (Value cta = adaptor.getCta()) {
      // The same barrier in CTA `cta`'s shared memory, with the arrival's
      // default release at CTA scope (as CUTLASS's and Triton's remote
      // arrivals): it says that this CTA is done reading a buffer, reads
      // the group awaited before the op, which is all another CTA needs
      // before its copy overwrites the buffer. A release at cluster scope
      // makes ptxas fence the whole GPU first (MEMBAR.ALL.GPU, ERRBAR,
      // CGAERRBAR before the arrival): the warp stalls on that at every
      // slot it frees, and with it the warpgroup's next wgmma.
      auto remote = LLVM::LLVMPointerType::get(
          rewriter.getContext(),
          unsigned(NVVM::NVVMMemorySpace::SharedCluster));
      Value there = NVVM::MapaOp::create(rewriter, loc, remote, bar, cta);
      NVVM::MBarrierArriveOp::create(rewriter, loc, Type(), there, count);
    } else {
      NVVM::MBarrierArriveOp::create(rewriter, loc, Type(), bar, count);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct ClusterBarrierPattern : OpConversionPattern<nvgir::ClusterBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nvgir::ClusterBarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (op.getBarrierInit()) {
      // The barriers' initialization, released to the cluster, is all the
      // arrival orders.
      NVVM::FenceMbarrierInitOp::create(rewriter, loc);
      NVVM::ClusterArriveRelaxedOp::create(rewriter, loc, UnitAttr());
    } else {
      NVVM::ClusterArriveOp::create(rewriter, loc, UnitAttr());
    }
    NVVM::ClusterWaitOp::create(rewriter, loc, UnitAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

struct DescriptorLoadPattern : LoweringPattern<tir::DescriptorLoadOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(tir::DescriptorLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<nvgir::TmaBlockLayout> l = layoutFor(op, op.getDesc().getType());
    if (failed(l))
      return failure();
    FailureOr<LayoutMap> map = mapOf(op.getType(), lc, op);
    if (failed(map))
      return failure();
    // The block, 1024-byte aligned for the swizzle, then its barrier.
    Value raw = lc.scratchBuffer(rewriter, op, tmaScratch(op)[0].bytes);
    Value buf = alignShared(rewriter, loc, raw, 1024);
    Value bar = byteGep(rewriter, loc, buf, l->bytes());
    Value first = isThreadZero(rewriter, loc);
    NVVM::MBarrierInitOp::create(rewriter, loc, bar, i32Const(rewriter, loc, 1),
                                 first);
    // The initialized barrier must be visible to the copy engine, and to
    // every thread before it waits: the scratch bytes hold whatever was
    // there (a ring's data, an earlier program's), on which a wait for
    // phase 0 can pass at once and read the block before it lands.
    fenceAsyncShared(rewriter, loc);
    barrier(rewriter, loc);
    issueLoad(rewriter, loc, *l, adaptor.getDesc(), adaptor.getIndices(), buf,
              bar, first);
    NVVM::MBarrierTryWaitParityOp::create(rewriter, loc, bar,
                                          i32Const(rewriter, loc, 0),
                                          i32Const(rewriter, loc, 0x989680));
    auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
    SmallVector<Value> thread = map->threadCoords(rewriter, loc, lane, warp);
    Type elem = op.getType().getElementType();
    SmallVector<Value> values;
    int64_t v = accessVector(*l, *map);
    Value zero = i32Const(rewriter, loc, 0);
    for (int64_t r = 0; r < map->numRegisters(); r += v) {
      Value ptr = registerAddress(rewriter, loc, *l, *map, thread, buf, r);
      llvm::append_range(values,
                         loadSharedVector(rewriter, loc, ptr, zero, elem, v));
    }
    // Every thread is past its wait before the barrier is invalidated.
    barrier(rewriter, loc);
    scf::IfOp::create(rewriter, loc, first, [&](OpBuilder &b, Location l) {
      NVVM::MBarrierInvalOp::create(b, l, bar);
      scf::YieldOp::create(b, l);
    });
    auto vecType =
        cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vecType, values);
    return success();
  }
};

/// nvgir.tma_store: the group's first thread copies each box, under a
/// predicate (no branch: see DescriptorStorePattern), and every thread
/// commits its (possibly empty) bulk group.
struct TmaStorePattern : OpConversionPattern<nvgir::TmaStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nvgir::TmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<nvgir::TmaBlockLayout> l = layoutFor(op, op.getDesc().getType());
    if (failed(l))
      return failure();
    issueStore(rewriter, loc, *l, adaptor.getDesc(), adaptor.getIndices(),
               adaptor.getSrc(), isThreadZero(rewriter, loc),
               reduxKind(op.getReduce()));
    rewriter.eraseOp(op);
    return success();
  }
};

struct TmaStoreWaitPattern : OpConversionPattern<nvgir::TmaStoreWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nvgir::TmaStoreWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncBulkWaitGroupOp::create(rewriter, op.getLoc(),
                                         op.getPendings(),
                                         rewriter.getUnitAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

struct DescriptorStorePattern : LoweringPattern<tir::DescriptorStoreOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(tir::DescriptorStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<nvgir::TmaBlockLayout> l = layoutFor(op, op.getDesc().getType());
    if (failed(l))
      return failure();
    FailureOr<LayoutMap> map = mapOf(op.getSrc().getType(), lc, op);
    if (failed(map))
      return failure();
    Value raw = lc.scratchBuffer(rewriter, op, tmaScratch(op)[0].bytes);
    Value buf = alignShared(rewriter, loc, raw, 1024);
    auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
    SmallVector<Value> thread = map->threadCoords(rewriter, loc, lane, warp);
    // Replicas write the same values to the same bytes.
    int64_t v = accessVector(*l, *map);
    Value zero = i32Const(rewriter, loc, 0);
    for (int64_t r = 0; r < map->numRegisters(); r += v) {
      Value ptr = registerAddress(rewriter, loc, *l, *map, thread, buf, r);
      SmallVector<Value> values;
      for (int64_t i = 0; i < v; ++i)
        values.push_back(
            vector::ExtractOp::create(rewriter, loc, adaptor.getSrc(), r + i));
      storeSharedVector(rewriter, loc, ptr, zero, values);
    }
    // Generic-proxy writes, read by the copy engine (async proxy).
    fenceAsyncShared(rewriter, loc);
    barrier(rewriter, loc);
    // Thread 0 stores, under a predicate rather than a branch: a branch
    // here makes ptxas serialize the wgmmas of a pipelined loop before it
    // (C7514). The other threads commit and wait on empty groups.
    Value first = isThreadZero(rewriter, loc);
    // CTAs of a cluster hold the stored tile alike (gir-split-ctas keeps it
    // whole): the first stores it.
    first = lc.andFirstCTA(rewriter, loc, first);
    issueStore(rewriter, loc, *l, adaptor.getDesc(), adaptor.getIndices(),
               buf, first);
    NVVM::CpAsyncBulkWaitGroupOp::create(rewriter, loc, 0,
                                         rewriter.getUnitAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateTmaPatterns(TypeConverter &converter, RewritePatternSet &patterns,
                         LoweringContext &ctx) {
  MLIRContext *context = patterns.getContext();
  patterns.add<TmaLoadPattern, MBarrierExpectTxPattern, MBarrierArrivePattern,
               TmaStorePattern, TmaStoreWaitPattern, ClusterBarrierPattern>(
      converter, context);
  patterns.add<DescriptorLoadPattern, DescriptorStorePattern>(converter,
                                                              context, ctx);
}

SmallVector<ScratchRequest> tmaScratch(Operation *op) {
  auto desc = dyn_cast<tir::TensorDescType>(op->getOperand(0).getType());
  if (!desc)
    return {};
  FailureOr<nvgir::TmaBlockLayout> l = nvgir::getTmaBlockLayout(desc);
  if (failed(l))
    return {};
  // The block, 1024-byte aligned for the swizzle at run time (a load adds
  // its barrier after it).
  if (isa<tir::DescriptorLoadOp>(op))
    return {{l->bytes() + 1024 + 8}};
  return {{l->bytes() + 1024}};
}

} // namespace trident::gir_to_llvm
