//===- MemoryToLLVM.cpp - Loads and stores through pointer tiles ----------===//
//
// Where the axis info proves that a thread's consecutive registers hold
// elements that are consecutive and aligned in memory (and the mask constant
// over them), a thread moves each such group with one vector access of up to
// 16 bytes (ld.global.v4.b32 and friends), predicated on the group's mask.
// Otherwise it loads (stores) its elements through its vector of pointers
// with a masked gather (scatter), which LLVM's NVPTX back end turns into one
// predicated access per element.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"

#include "trident/Analysis/AxisInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

unsigned alignmentOf(Type element) {
  return std::max<unsigned>(1, element.getIntOrFloatBitWidth() / 8);
}

/// A mask vector of all ones, for unmasked tile accesses.
Value allTrue(OpBuilder &b, Location loc, int64_t n) {
  auto type = VectorType::get({n}, b.getI1Type());
  return arith::ConstantOp::create(
      b, loc, type, DenseElementsAttr::get(type, b.getBoolAttr(true)));
}

/// Loads of i1 tiles go through bytes.
Type memoryType(Type element, OpBuilder &b) {
  return element.isInteger(1) ? b.getI8Type() : element;
}

/// How many registers a thread moves per vector access of a memory operation
/// on the pointer tile `ptr` (with `mask`), and along which dimension: the
/// most that the axis info allows (getVectorElems) and that the layout gives
/// the thread as consecutive registers holding consecutive elements, every
/// group starting at a multiple of its size along the dimension (in every
/// thread). 1 when nothing is gained.
struct VectorPlan {
  unsigned width = 1;
  unsigned dim = 0;
};

VectorPlan planVectors(Operation *op, Value ptr, Value mask,
                       LoweringContext &lc) {
  VectorPlan plan;
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!lc.axisInfo || !type)
    return plan;
  auto ptrType = dyn_cast<tir::PointerType>(type.getElementType());
  if (!ptrType || !ptrType.getPointeeType().isIntOrFloat())
    return plan;
  std::string why;
  FailureOr<LayoutMap> map =
      LayoutMap::get(type, lc.threadsPerWarp, lc.numWarps, why);
  if (failed(map))
    return plan;
  for (unsigned d = 0; d < type.getRank(); ++d) {
    int64_t v = lc.axisInfo->getVectorElems(ptr, mask, d);
    for (; v > int64_t(plan.width); v /= 2)
      if (map->registersRunAlong(d, v)) {
        plan.width = v;
        plan.dim = d;
        break;
      }
  }
  return plan;
}

/// Registers [first, first + n) of the per-thread vector `v`.
Value slice(OpBuilder &b, Location loc, Value v, int64_t first, int64_t n) {
  SmallVector<int64_t> mask;
  for (int64_t i = 0; i < n; ++i)
    mask.push_back(first + i);
  return vector::ShuffleOp::create(b, loc, v, v, mask);
}

/// `v` with registers [first, first + size of group) replaced by `group`.
Value insertSlice(OpBuilder &b, Location loc, Value group, Value v,
                  int64_t first) {
  int64_t n = cast<VectorType>(group.getType()).getNumElements();
  for (int64_t i = 0; i < n; ++i)
    v = vector::InsertOp::create(b, loc,
                                 vector::ExtractOp::create(b, loc, group, i), v,
                                 first + i);
  return v;
}

struct LoadPattern : OpConversionPattern<tir::LoadOp> {
  LoadPattern(TypeConverter &tc, MLIRContext *ctx, LoweringContext &lc)
      : OpConversionPattern(tc, ctx), lc(lc) {}
  LoweringContext &lc;

  LogicalResult
  matchAndRewrite(tir::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto tile = dyn_cast<RankedTensorType>(op.getType());
    if (!tile) {
      Type type = op.getType();
      Type memType = memoryType(type, rewriter);
      auto load = [&](OpBuilder &b, Location l) -> Value {
        Value v = LLVM::LoadOp::create(b, l, memType, adaptor.getPtr(),
                                       alignmentOf(memType),
                                       op.getIsVolatile());
        if (memType != type)
          v = arith::TruncIOp::create(b, l, type, v);
        return v;
      };
      if (!adaptor.getMask()) {
        rewriter.replaceOp(op, load(rewriter, loc));
        return success();
      }
      // A masked scalar: the load under an scf.if, `other` (or zero) when
      // masked off.
      Value other = adaptor.getOther();
      if (!other)
        other = arith::ConstantOp::create(rewriter, loc, type,
                                          rewriter.getZeroAttr(type));
      Value v = scf::IfOp::create(
                    rewriter, loc, adaptor.getMask(),
                    [&](OpBuilder &b, Location l) {
                      scf::YieldOp::create(b, l, load(b, l));
                    },
                    [&](OpBuilder &b, Location l) {
                      scf::YieldOp::create(b, l, other);
                    })
                    .getResult(0);
      rewriter.replaceOp(op, v);
      return success();
    }
    auto vecType = cast<VectorType>(getTypeConverter()->convertType(tile));
    Type element = vecType.getElementType();
    Type memType = memoryType(element, rewriter);
    auto memVec = VectorType::get(vecType.getShape(), memType);
    Value mask = adaptor.getMask()
                     ? adaptor.getMask()
                     : allTrue(rewriter, loc, vecType.getNumElements());
    Value other = adaptor.getOther();
    if (!other)
      other = arith::ConstantOp::create(rewriter, loc, memVec,
                                        rewriter.getZeroAttr(memVec));
    else if (memType != element)
      other = arith::ExtUIOp::create(rewriter, loc, memVec, other);
    VectorPlan plan = planVectors(op, op.getPtr(), op.getMask(), lc);
    if (plan.width > 1) {
      // One vector load per group of registers, predicated on the group's
      // mask (constant over it), `other` where masked off.
      int64_t v = plan.width;
      auto groupType = VectorType::get({v}, memType);
      unsigned align = v * alignmentOf(memType);
      Value loaded = other;
      for (int64_t r0 = 0; r0 < vecType.getNumElements(); r0 += v) {
        Value ptr = vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(),
                                              r0);
        auto load = [&](OpBuilder &b, Location l) -> Value {
          return LLVM::LoadOp::create(b, l, groupType, ptr, align,
                                      op.getIsVolatile());
        };
        Value group;
        if (adaptor.getMask()) {
          Value m = vector::ExtractOp::create(rewriter, loc, adaptor.getMask(),
                                              r0);
          Value otherGroup = slice(rewriter, loc, other, r0, v);
          group = scf::IfOp::create(
                      rewriter, loc, m,
                      [&](OpBuilder &b, Location l) {
                        scf::YieldOp::create(b, l, load(b, l));
                      },
                      [&](OpBuilder &b, Location l) {
                        scf::YieldOp::create(b, l, otherGroup);
                      })
                      .getResult(0);
        } else {
          group = load(rewriter, loc);
        }
        loaded = insertSlice(rewriter, loc, group, loaded, r0);
      }
      if (memType != element)
        loaded = arith::TruncIOp::create(rewriter, loc, vecType, loaded);
      rewriter.replaceOp(op, loaded);
      return success();
    }
    Value loaded;
    if (op.getIsVolatile()) {
      // A gather has no volatile form: one volatile load per register,
      // under its mask.
      loaded = other;
      for (int64_t r = 0; r < vecType.getNumElements(); ++r) {
        Value ptr =
            vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(), r);
        Value m = vector::ExtractOp::create(rewriter, loc, mask, r);
        Value o = vector::ExtractOp::create(rewriter, loc, other, r);
        Value v = scf::IfOp::create(
                      rewriter, loc, m,
                      [&](OpBuilder &b, Location l) {
                        scf::YieldOp::create(
                            b, l,
                            LLVM::LoadOp::create(b, l, memType, ptr,
                                                 alignmentOf(memType),
                                                 /*isVolatile=*/true)
                                .getResult());
                      },
                      [&](OpBuilder &b, Location l) {
                        scf::YieldOp::create(b, l, o);
                      })
                      .getResult(0);
        loaded = vector::InsertOp::create(rewriter, loc, v, loaded, r);
      }
    } else {
      loaded = LLVM::masked_gather::create(
          rewriter, loc, memVec, adaptor.getPtr(), mask, ValueRange{other},
          rewriter.getI32IntegerAttr(alignmentOf(memType)));
    }
    if (memType != element)
      loaded = arith::TruncIOp::create(rewriter, loc, vecType, loaded);
    rewriter.replaceOp(op, loaded);
    return success();
  }
};

struct StorePattern : OpConversionPattern<tir::StoreOp> {
  StorePattern(TypeConverter &tc, MLIRContext *ctx, LoweringContext &lc)
      : OpConversionPattern(tc, ctx), lc(lc) {}
  LoweringContext &lc;

  LogicalResult
  matchAndRewrite(tir::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value value = adaptor.getValue();
    auto vecType = dyn_cast<VectorType>(value.getType());
    if (!vecType) {
      Type memType = memoryType(value.getType(), rewriter);
      if (memType != value.getType())
        value = arith::ExtUIOp::create(rewriter, loc, memType, value);
      // A scalar store is done by thread 0 alone (as in Triton): stores of
      // one value by every thread could land after a later store of the
      // program (say, after a lock's release by thread 0).
      Value cond = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq,
          NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type()),
          i32Const(rewriter, loc, 0));
      if (adaptor.getMask())
        cond = arith::AndIOp::create(rewriter, loc, cond, adaptor.getMask());
      scf::IfOp::create(rewriter, loc, cond, [&](OpBuilder &b, Location l) {
        LLVM::StoreOp::create(b, l, value, adaptor.getPtr(),
                              alignmentOf(memType));
        scf::YieldOp::create(b, l);
      });
      rewriter.eraseOp(op);
      return success();
    }
    Type memType = memoryType(vecType.getElementType(), rewriter);
    if (memType != vecType.getElementType())
      value = arith::ExtUIOp::create(
          rewriter, loc, VectorType::get(vecType.getShape(), memType), value);
    VectorPlan plan = planVectors(op, op.getPtr(), op.getMask(), lc);
    if (plan.width > 1) {
      // One vector store per group of registers, under the group's mask.
      int64_t v = plan.width;
      unsigned align = v * alignmentOf(memType);
      for (int64_t r0 = 0; r0 < vecType.getNumElements(); r0 += v) {
        Value ptr = vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(),
                                              r0);
        Value group = slice(rewriter, loc, value, r0, v);
        auto store = [&](OpBuilder &b, Location l) {
          LLVM::StoreOp::create(b, l, group, ptr, align);
        };
        if (adaptor.getMask()) {
          Value m = vector::ExtractOp::create(rewriter, loc, adaptor.getMask(),
                                              r0);
          scf::IfOp::create(rewriter, loc, m, [&](OpBuilder &b, Location l) {
            store(b, l);
            scf::YieldOp::create(b, l);
          });
        } else {
          store(rewriter, loc);
        }
      }
      rewriter.eraseOp(op);
      return success();
    }
    Value mask = adaptor.getMask()
                     ? adaptor.getMask()
                     : allTrue(rewriter, loc, vecType.getNumElements());
    LLVM::masked_scatter::create(rewriter, loc, value, adaptor.getPtr(), mask,
                                 rewriter.getI32IntegerAttr(alignmentOf(memType)));
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateMemoryPatterns(TypeConverter &converter,
                            RewritePatternSet &patterns, LoweringContext &lc) {
  patterns.add<LoadPattern, StorePattern>(converter, patterns.getContext(), lc);
}

} // namespace trident::gir_to_llvm
