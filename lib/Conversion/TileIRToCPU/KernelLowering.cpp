//===- KernelLowering.cpp - Buffers, lazy tiles and the walk ---------------===//
#include "KernelLowering.h"
#include "trident/Dialect/NVGIR/IR/NVGIR.h"
#include "../FloatStorage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace trident::cpu {

std::string argKindOf(Type type) {
  if (isa<tir::PointerType, LLVM::LLVMPointerType>(type))
    return "ptr";
  if (type.isIntOrFloat()) {
    std::string s;
    llvm::raw_string_ostream os(s);
    type.print(os);
    return s;
  }
  return "";
}

KernelLowering::KernelLowering(func::FuncOp kernel, unsigned stackBytes,
                               unsigned vectorBits)
    : src(kernel), stackBudget(stackBytes), vectorBits(vectorBits),
      b(kernel.getContext()), curLoc(kernel.getLoc()) {}

Type KernelLowering::scalarType(Type type) {
  if (isa<tir::PointerType>(type))
    return LLVM::LLVMPointerType::get(type.getContext());
  return type;
}

/// The element type of pointer arithmetic on `pointee`: float types LLVM
/// lacks (f8) step as the integers of their width.
static Type gepElementType(Type pointee) {
  return conversion::storageType(pointee);
}

Type KernelLowering::storageType(Type elementType) {
  if (isa<tir::PointerType>(elementType))
    return b.getI64Type();
  return elementType;
}

Value KernelLowering::indexConst(int64_t v) {
  return arith::ConstantIndexOp::create(b, curLoc, v);
}

Value KernelLowering::scalar(Value v) {
  Value mapped = scalars.lookupOrNull(v);
  assert(mapped && "scalar used before it was lowered");
  return mapped;
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

Value KernelLowering::allocBuffer(RankedTensorType type) {
  Type elt = storageType(type.getElementType());
  auto memrefType = MemRefType::get(type.getShape(), elt);
  int64_t bits = isa<IntegerType, FloatType>(elt) ? elt.getIntOrFloatBitWidth()
                                                  : 64;
  int64_t bytes = type.getNumElements() * std::max<int64_t>(1, bits / 8);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&dst.getBody().front());
  IntegerAttr align = b.getI64IntegerAttr(64);
  if (bytes <= stackBudget / 4 && stackUsed + bytes <= stackBudget) {
    stackUsed += bytes;
    return memref::AllocaOp::create(b, curLoc, memrefType, ValueRange(),
                                    ValueRange(), align);
  }
  Value buffer = memref::AllocOp::create(b, curLoc, memrefType, align);
  heapBuffers.push_back(buffer);
  return buffer;
}

void KernelLowering::storeElement(Value buffer, ArrayRef<Value> idx, Value v) {
  if (isa<LLVM::LLVMPointerType>(v.getType()))
    v = LLVM::PtrToIntOp::create(b, curLoc, b.getI64Type(), v);
  memref::StoreOp::create(b, curLoc, v, buffer, idx);
}

Value KernelLowering::loadElement(Value buffer, ArrayRef<Value> idx,
                                  Type elementType) {
  Value v = memref::LoadOp::create(b, curLoc, buffer, idx);
  if (isa<tir::PointerType>(elementType))
    v = LLVM::IntToPtrOp::create(b, curLoc, scalarType(elementType), v);
  return v;
}

void KernelLowering::loopNest(ArrayRef<int64_t> shape,
                              function_ref<void(ArrayRef<Value>)> body,
                              unsigned lanes) {
  OpBuilder::InsertionGuard guard(b);
  SmallVector<Value> ivs;
  Value zero = indexConst(0), one = indexConst(1);
  for (auto [d, size] : llvm::enumerate(shape)) {
    Value step = d + 1 == shape.size() && lanes > 1 ? indexConst(lanes) : one;
    auto loop = scf::ForOp::create(b, curLoc, zero, indexConst(size), step);
    ivs.push_back(loop.getInductionVar());
    b.setInsertionPoint(loop.getBody()->getTerminator());
  }
  pushScope();
  body(ivs);
  popScope();
}

void KernelLowering::materializeInto(Value tile, Value buffer) {
  auto type = cast<RankedTensorType>(tile.getType());
  unsigned lanes =
      hasVectorForm(type.getElementType()) ? lanesFor(type.getShape()) : 1;
  if (lanes > 1) {
    loopNest(
        type.getShape(),
        [&](ArrayRef<Value> idx) {
          vector::StoreOp::create(b, curLoc, vecElement(tile, idx, lanes),
                                  buffer, idx);
        },
        lanes);
    return;
  }
  loopNest(type.getShape(), [&](ArrayRef<Value> idx) {
    storeElement(buffer, idx, element(tile, idx));
  });
}

Value KernelLowering::bufferOf(Value tile) {
  if (Value buf = buffers.lookup(tile))
    return buf;
  Value buf = allocBuffer(cast<RankedTensorType>(tile.getType()));
  materializeInto(tile, buf);
  buffers[tile] = buf;
  return buf;
}

//===----------------------------------------------------------------------===//
// Lazy tiles
//===----------------------------------------------------------------------===//

static bool isTile(Type t) { return isa<RankedTensorType>(t); }
static bool hasTiles(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isTile) ||
         llvm::any_of(op->getResultTypes(), isTile);
}

bool KernelLowering::isLazy(Operation *op) {
  if (!llvm::any_of(op->getResultTypes(), isTile))
    return false;
  if (isa<tir::MakeRangeOp, tir::SplatOp, tir::BroadcastOp, tir::ExpandDimsOp,
          tir::ReshapeOp, tir::TransOp, tir::JoinOp, tir::SplitOp,
          tir::AddPtrOp, tir::BitcastOp, tir::IntToPtrOp, tir::PtrToIntOp>(op))
    return true;
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
    return dense && dense.isSplat();
  }
  if (isa<tir::LoadOp>(op))
    return fusedLoads.contains(op);
  return op->getNumRegions() == 0 && OpTrait::hasElementwiseMappableTraits(op);
}

/// Lazy operations whose per-element cost is worth keeping in a buffer when
/// more than one element computation would repeat it.
static bool isExpensive(Operation *op) {
  if (isa<arith::ConstantOp>(op))
    return false;
  if (isa<math::MathDialect>(op->getDialect()))
    return true;
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
          arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(op))
    return true;
  auto isFloatLike = [](Type t) {
    return isa<FloatType>(getElementTypeOrSelf(t));
  };
  if (op->getDialect() && op->getDialect()->getNamespace() == "arith")
    return llvm::any_of(op->getResultTypes(), isFloatLike) ||
           llvm::any_of(op->getOperandTypes(), isFloatLike);
  // Elementwise operations of other dialects (plugins): assume the worst.
  return !isa<tir::TileIRDialect>(op->getDialect()) &&
         !isa<arith::ConstantOp>(op);
}

/// How many element computations of `v` its users cause per element, seen
/// through cheap lazy users (capped: anything above 1 means "repeat").
/// Broadcasts count as repeating.
unsigned repeatCount(Value v, Region *home) {
  unsigned n = 0;
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    if (user->getParentRegion() != home)
      return 2; // evaluated again in every iteration of a nested loop
    if (isa<tir::BroadcastOp>(user))
      return 2;
    bool cheapLazy = !isExpensive(user) &&
                     (isa<tir::TileIRDialect>(user->getDialect()) ||
                      OpTrait::hasElementwiseMappableTraits(user)) &&
                     !isa<tir::LoadOp, tir::StoreOp, tir::AtomicRMWOp,
                          tir::AtomicCASOp, tir::ReduceOp, tir::ScanOp,
                          tir::MapElementwiseOp, tir::DotOp, tir::PrintOp,
                          tir::AssertOp>(user);
    if (cheapLazy) {
      for (Value r : user->getResults())
        n += repeatCount(r, home);
    } else {
      ++n;
    }
    if (n > 1)
      return n;
  }
  return n;
}

bool KernelLowering::needsBuffer(Value tile) {
  Operation *def = tile.getDefiningOp();
  // Dot operands are read many times per element. (Tiles that loops carry
  // or branches yield are written into their own buffers where that
  // happens.)
  for (OpOperand &use : tile.getUses())
    if (isa<tir::DotOp>(use.getOwner()) && use.getOperandNumber() < 2)
      return true;
  return isExpensive(def) && repeatCount(tile, def->getParentRegion()) > 1;
}

Value KernelLowering::element(Value tile, ArrayRef<Value> idx) {
  if (Value buf = buffers.lookup(tile))
    return loadElement(buf, idx,
                       cast<RankedTensorType>(tile.getType()).getElementType());
  auto result = cast<OpResult>(tile);
  return cached(tile, idx, 1, [&] {
    return lazyElement(result.getOwner(), result.getResultNumber(), idx);
  });
}

Value KernelLowering::cached(Value tile, ArrayRef<Value> idx, unsigned lanes,
                             function_ref<Value()> compute) {
  std::vector<const void *> key;
  key.push_back(tile.getAsOpaquePointer());
  key.push_back(reinterpret_cast<const void *>(uintptr_t(lanes)));
  for (Value i : idx)
    key.push_back(i.getAsOpaquePointer());
  for (auto scope = cache.rbegin(); scope != cache.rend(); ++scope) {
    auto it = scope->find(key);
    if (it != scope->end())
      return it->second;
  }
  Value v = compute();
  if (!cache.empty())
    cache.back()[key] = v;
  return v;
}

SmallVector<Value> KernelLowering::broadcastSource(tir::BroadcastOp op,
                                                   ArrayRef<Value> idx) {
  auto srcShape = cast<RankedTensorType>(op.getSrc().getType()).getShape();
  SmallVector<Value> srcIdx(idx);
  for (auto [d, size] : llvm::enumerate(srcShape))
    if (size == 1 && op.getType().getDimSize(d) != 1)
      srcIdx[d] = indexConst(0);
  return srcIdx;
}

Value KernelLowering::elementOrScalar(Value v, ArrayRef<Value> idx) {
  return isTile(v.getType()) ? element(v, idx) : scalar(v);
}

Value KernelLowering::lazyElement(Operation *op, unsigned resultNo,
                                  ArrayRef<Value> idx) {
  Location l = curLoc;
  auto resultType = cast<RankedTensorType>(op->getResult(resultNo).getType());
  if (auto range = dyn_cast<tir::MakeRangeOp>(op)) {
    Value i = arith::IndexCastOp::create(b, l, b.getI32Type(), idx[0]);
    if (range.getStart() == 0)
      return i;
    Value start =
        arith::ConstantIntOp::create(b, l, int32_t(range.getStart()), 32);
    return arith::AddIOp::create(b, l, i, start);
  }
  if (auto splat = dyn_cast<tir::SplatOp>(op))
    return scalar(splat.getSrc());
  if (auto bc = dyn_cast<tir::BroadcastOp>(op))
    return element(bc.getSrc(), broadcastSource(bc, idx));
  if (auto ex = dyn_cast<tir::ExpandDimsOp>(op)) {
    SmallVector<Value> srcIdx(idx);
    srcIdx.erase(srcIdx.begin() + ex.getAxis());
    if (srcIdx.empty()) // a scalar source is not a tile
      return scalar(ex.getSrc());
    return element(ex.getSrc(), srcIdx);
  }
  if (auto rs = dyn_cast<tir::ReshapeOp>(op)) {
    // Row-major linear index in the result, split over the source shape.
    Value linear = indexConst(0);
    for (auto [d, i] : llvm::enumerate(idx)) {
      linear = arith::MulIOp::create(b, l, linear,
                                     indexConst(resultType.getDimSize(d)));
      linear = arith::AddIOp::create(b, l, linear, i);
    }
    auto srcShape = cast<RankedTensorType>(rs.getSrc().getType()).getShape();
    SmallVector<Value> srcIdx(srcShape.size());
    for (int d = srcShape.size() - 1; d >= 0; --d) {
      Value size = indexConst(srcShape[d]);
      srcIdx[d] = d == 0 ? linear : arith::RemUIOp::create(b, l, linear, size);
      linear = arith::DivUIOp::create(b, l, linear, size);
    }
    return element(rs.getSrc(), srcIdx);
  }
  if (auto tr = dyn_cast<tir::TransOp>(op)) {
    SmallVector<Value> srcIdx(idx.size());
    for (auto [i, o] : llvm::enumerate(tr.getOrder()))
      srcIdx[o] = idx[i];
    return element(tr.getSrc(), srcIdx);
  }
  if (auto join = dyn_cast<tir::JoinOp>(op)) {
    ArrayRef<Value> inner = idx.drop_back();
    Value lhs = inner.empty() ? scalar(join.getLhs()) : element(join.getLhs(), inner);
    Value rhs = inner.empty() ? scalar(join.getRhs()) : element(join.getRhs(), inner);
    Value first = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                        idx.back(), indexConst(0));
    return arith::SelectOp::create(b, l, first, lhs, rhs);
  }
  if (auto split = dyn_cast<tir::SplitOp>(op)) {
    SmallVector<Value> srcIdx(idx);
    srcIdx.push_back(indexConst(resultNo));
    return element(split.getSrc(), srcIdx);
  }
  if (auto add = dyn_cast<tir::AddPtrOp>(op)) {
    Value ptr = element(add.getPtr(), idx);
    Value off = element(add.getOffset(), idx);
    Type pointee = gepElementType(scalarType(
        cast<tir::PointerType>(resultType.getElementType()).getPointeeType()));
    return LLVM::GEPOp::create(b, l, ptr.getType(), pointee, ptr,
                               ValueRange{off});
  }
  if (auto cast = dyn_cast<tir::BitcastOp>(op)) {
    Value v = element(cast.getSrc(), idx);
    Type to = scalarType(resultType.getElementType());
    if (v.getType() == to)
      return v;
    return arith::BitcastOp::create(b, l, to, v);
  }
  if (auto i2p = dyn_cast<tir::IntToPtrOp>(op))
    return LLVM::IntToPtrOp::create(b, l, scalarType(resultType.getElementType()),
                                    element(i2p.getSrc(), idx));
  if (auto p2i = dyn_cast<tir::PtrToIntOp>(op))
    return LLVM::PtrToIntOp::create(b, l, resultType.getElementType(),
                                    element(p2i.getSrc(), idx));
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    auto dense = cast<DenseElementsAttr>(c.getValue());
    return arith::ConstantOp::create(b, l,
                                     cast<TypedAttr>(dense.getSplatValue<Attribute>()));
  }
  if (auto load = dyn_cast<tir::LoadOp>(op))
    return scalarLoad(load, idx);
  // Elementwise: the same operation on the elements.
  OperationState state(l, op->getName());
  for (Value operand : op->getOperands())
    state.addOperands(elementOrScalar(operand, idx));
  for (Type t : op->getResultTypes())
    state.addTypes(scalarType(getElementTypeOrSelf(t)));
  state.addAttributes(op->getAttrs());
  return b.create(state)->getResult(resultNo);
}

//===----------------------------------------------------------------------===//
// The walk
//===----------------------------------------------------------------------===//

LogicalResult KernelLowering::lowerBlock(Block &block, bool stopAtTerminator) {
  for (Operation &op : block) {
    if (stopAtTerminator && op.hasTrait<OpTrait::IsTerminator>())
      break;
    if (failed(lowerOp(&op)))
      return failure();
  }
  return success();
}

FailureOr<SmallVector<Value>>
KernelLowering::inlineScalarRegion(Region &region, ValueRange args) {
  Block &block = region.front();
  for (auto [arg, v] : llvm::zip(block.getArguments(), args))
    scalars.map(arg, v);
  if (failed(lowerBlock(block, /*stopAtTerminator=*/true)))
    return failure();
  SmallVector<Value> out;
  for (Value v : block.getTerminator()->getOperands())
    out.push_back(scalar(v));
  return out;
}

LogicalResult KernelLowering::lowerConstantTile(arith::ConstantOp op) {
  // A non-splat constant tile: a private constant global.
  auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
  auto type = cast<RankedTensorType>(op.getType());
  if (!dense || isa<tir::PointerType>(type.getElementType()))
    return op.emitOpError("convert-tir-to-cpu: unsupported constant tile");
  auto module = dst->getParentOfType<ModuleOp>();
  OpBuilder mb(module.getContext()); // no insertion point: detached
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  auto global = memref::GlobalOp::create(
      mb, curLoc, "__trident_cpu_const", mb.getStringAttr("private"),
      memrefType, dense, /*constant=*/true, mb.getI64IntegerAttr(64));
  // Inserted under a unique name.
  SymbolTable(module).insert(global, module.getBody()->begin());
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&dst.getBody().front());
  buffers[op.getResult()] =
      memref::GetGlobalOp::create(b, curLoc, memrefType, global.getSymName());
  return success();
}

void KernelLowering::markReassociable(Operation *op) {
  if (!reassociate)
    return;
  if (auto fm = dyn_cast<arith::ArithFastMathInterface>(op))
    op->setAttr(fm.getFastMathAttrName(),
                arith::FastMathFlagsAttr::get(
                    op->getContext(), fm.getFastMathFlagsAttr().getValue() |
                                          arith::FastMathFlags::reassoc));
}

LogicalResult KernelLowering::lowerScalarOp(Operation *op) {
  for (Type t : op->getResultTypes())
    if (isa<tir::PointerType>(t) && !isa<arith::SelectOp>(op))
      return op->emitOpError("convert-tir-to-cpu: cannot lower an operation "
                             "producing a pointer");
  if (op->getNumRegions() != 0)
    return lowerGenericRegionOp(op);
  if (isa<arith::SelectOp>(op)) {
    OperationState state(curLoc, op->getName());
    for (Value v : op->getOperands())
      state.addOperands(scalar(v));
    state.addTypes(scalarType(op->getResult(0).getType()));
    state.addAttributes(op->getAttrs());
    scalars.map(op->getResult(0), b.create(state)->getResult(0));
    return success();
  }
  markReassociable(b.clone(*op, scalars));
  return success();
}

LogicalResult KernelLowering::lowerGenericRegionOp(Operation *op) {
  // A region op on scalars only (scf.while, scf.for and scf.if without
  // tiles, scf.execute_region, ...): the same op, each region lowered.
  for (Region &r : op->getRegions())
    for (Block &blk : r)
      if (llvm::any_of(blk.getArgumentTypes(), isTile))
        return op->emitOpError("convert-tir-to-cpu: tiles carried by this "
                               "operation are not supported");
  OperationState state(curLoc, op->getName());
  for (Value v : op->getOperands())
    state.addOperands(scalar(v));
  for (Type t : op->getResultTypes())
    state.addTypes(scalarType(t));
  state.addAttributes(op->getAttrs());
  for (unsigned i = 0; i < op->getNumRegions(); ++i)
    state.addRegion();
  Operation *newOp = b.create(state);
  // Where each iteration of a loop starts: the SIGINT poll.
  Region *loopHead = isa<scf::ForOp, scf::WhileOp>(op) ? &op->getRegion(0)
                                                        : nullptr;
  for (auto [from, to] : llvm::zip(op->getRegions(), newOp->getRegions())) {
    DenseMap<Block *, Block *> blocks;
    for (Block &blk : from) {
      SmallVector<Type> types;
      SmallVector<Location> locs;
      for (BlockArgument a : blk.getArguments()) {
        types.push_back(scalarType(a.getType()));
        locs.push_back(a.getLoc());
      }
      Block *nb = b.createBlock(&to, to.end(), types, locs);
      blocks[&blk] = nb;
      for (auto [a, na] : llvm::zip(blk.getArguments(), nb->getArguments()))
        scalars.map(a, na);
    }
    for (Block &blk : from) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToEnd(blocks[&blk]);
      if (&from == loopHead && &blk == &from.front())
        pollInterrupt();
      pushScope();
      LogicalResult r = lowerBlock(blk, /*stopAtTerminator=*/false);
      popScope();
      if (failed(r))
        return failure();
    }
  }
  b.setInsertionPointAfter(newOp);
  for (auto [r, nr] : llvm::zip(op->getResults(), newOp->getResults()))
    scalars.map(r, nr);
  return success();
}

LogicalResult KernelLowering::lowerOp(Operation *op) {
  curLoc = op->getLoc();
  if (auto id = dyn_cast<tir::GetProgramIdOp>(op)) {
    scalars.map(id.getResult(), programId[id.getAxis()]);
    return success();
  }
  if (auto n = dyn_cast<tir::GetNumProgramsOp>(op)) {
    scalars.map(n.getResult(), numPrograms[n.getAxis()]);
    return success();
  }
  // A program instance is one thread: a barrier among its threads is
  // nothing.
  if (isa<tir::AssumeOp, tir::BarrierOp>(op))
    return success();
  if (auto asmOp = dyn_cast<tir::InlineAsmElementwiseOp>(op))
    return lowerInlineAsm(asmOp);
  if (auto map = dyn_cast<tir::MapElementwiseOp>(op))
    return lowerMapElementwise(map);
  if (auto ws = dyn_cast<tir::WarpSpecializeOp>(op))
    return lowerWarpSpecialize(ws);
  if (isa<nvgir::NamedBarrierOp>(op))
    return lowerNamedBarrier(op);
  // A fence between the threads of a program: a full fence (the GPU's
  // fence between its memory proxies has no counterpart: one proxy here).
  if (auto fence = dyn_cast<nvgir::FenceOp>(op)) {
    if (fence.getScope() != "async_shared")
      LLVM::FenceOp::create(b, curLoc, LLVM::AtomicOrdering::seq_cst);
    return success();
  }
  if (auto ext = dyn_cast<tir::ExternElementwiseOp>(op))
    return lowerExtern(ext);
  if (auto load = dyn_cast<tir::LoadOp>(op))
    if (!fusedLoads.contains(op))
      return lowerLoad(load);
  if (auto store = dyn_cast<tir::StoreOp>(op))
    return lowerStore(store);
  if (auto rmw = dyn_cast<tir::AtomicRMWOp>(op))
    return lowerAtomicRMW(rmw);
  if (auto cas = dyn_cast<tir::AtomicCASOp>(op))
    return lowerAtomicCAS(cas);
  if (auto red = dyn_cast<tir::ReduceOp>(op))
    return lowerReduce(red);
  if (auto scan = dyn_cast<tir::ScanOp>(op))
    return lowerScan(scan);
  if (auto dot = dyn_cast<tir::DotOp>(op))
    return lowerDot(dot);
  if (auto print = dyn_cast<tir::PrintOp>(op))
    return lowerPrint(print);
  if (auto assertOp = dyn_cast<tir::AssertOp>(op))
    return lowerAssert(assertOp);
  if (isa<tir::MakeTensorDescOp, tir::DescriptorLoadOp,
          tir::DescriptorStoreOp>(op))
    return op->emitOpError("convert-tir-to-cpu: tensor descriptors are not "
                           "supported yet; lower them to pointer loads and "
                           "stores first");
  if (isa<tir::MakeBlockPtrOp, tir::AdvanceOp, tir::BlockLoadOp,
          tir::BlockStoreOp>(op))
    return op->emitOpError("convert-tir-to-cpu: block pointers are lowered "
                           "to pointer loads and stores by "
                           "tir-lower-block-pointers, which has not run");
  // Loops and branches that carry tiles or pointers (whose types change
  // here: a pointer becomes an LLVM pointer) are rebuilt; others are cloned.
  bool carriesPointers = llvm::any_of(op->getResultTypes(), [](Type t) {
    return isa<tir::PointerType>(t);
  });
  if (auto f = dyn_cast<scf::ForOp>(op))
    if (hasTiles(op) || carriesPointers)
      return lowerFor(f);
  if (auto i = dyn_cast<scf::IfOp>(op))
    if (hasTiles(op) || carriesPointers)
      return lowerIf(i);
  if (auto w = dyn_cast<scf::WhileOp>(op))
    if (hasTiles(op) || carriesPointers ||
        llvm::any_of(w.getAfterArguments(),
                     [](Value v) { return isTile(v.getType()); }))
      return lowerWhile(w);

  if (hasTiles(op)) {
    if (auto c = dyn_cast<arith::ConstantOp>(op))
      if (!isLazy(op))
        return lowerConstantTile(c);
    if (!isLazy(op))
      return op->emitOpError("convert-tir-to-cpu: cannot lower this "
                             "operation on tiles");
    for (Value r : op->getResults())
      if (isTile(r.getType()) && needsBuffer(r))
        bufferOf(r);
    return success();
  }
  // Scalar operations: tir's own, then anything else as it is.
  if (auto add = dyn_cast<tir::AddPtrOp>(op)) {
    Type pointee = gepElementType(
        scalarType(cast<tir::PointerType>(add.getType()).getPointeeType()));
    scalars.map(add.getResult(),
                LLVM::GEPOp::create(b, curLoc, scalarType(add.getType()),
                                    pointee, scalar(add.getPtr()),
                                    ValueRange{scalar(add.getOffset())}));
    return success();
  }
  if (auto cast = dyn_cast<tir::BitcastOp>(op)) {
    Value v = scalar(cast.getSrc());
    Type to = scalarType(cast.getType());
    scalars.map(cast.getResult(),
                v.getType() == to
                    ? v
                    : arith::BitcastOp::create(b, curLoc, to, v).getResult());
    return success();
  }
  if (auto i2p = dyn_cast<tir::IntToPtrOp>(op)) {
    scalars.map(i2p.getResult(),
                LLVM::IntToPtrOp::create(b, curLoc, scalarType(i2p.getType()),
                                         scalar(i2p.getSrc())));
    return success();
  }
  if (auto p2i = dyn_cast<tir::PtrToIntOp>(op)) {
    scalars.map(p2i.getResult(),
                LLVM::PtrToIntOp::create(b, curLoc, p2i.getType(),
                                         scalar(p2i.getSrc())));
    return success();
  }
  if (auto alloc = dyn_cast<tir::GlobalScratchAllocOp>(op)) {
    // The program's own bytes: its stack, for the whole run of the kernel
    // (a warp-specialized program's tasks run while it waits for them).
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&dst.getBody().front());
    Value n = LLVM::ConstantOp::create(b, curLoc, b.getI64Type(),
                                       b.getI64IntegerAttr(alloc.getNbytes()));
    scalars.map(alloc.getResult(),
                LLVM::AllocaOp::create(b, curLoc, scalarType(alloc.getType()),
                                       b.getI8Type(), n, alloc.getAlignment())
                    .getResult());
    return success();
  }
  if (isa<tir::TileIRDialect>(op->getDialect()))
    return op->emitOpError("convert-tir-to-cpu: cannot lower this operation");
  return lowerScalarOp(op);
}

//===----------------------------------------------------------------------===//
// The function
//===----------------------------------------------------------------------===//

LogicalResult KernelLowering::run() {
  MLIRContext *ctx = src.getContext();
  SmallVector<Type> argTypes;
  for (BlockArgument a : src.getArguments()) {
    if (isTile(a.getType()) || argKindOf(a.getType()).empty())
      return src.emitOpError("convert-tir-to-cpu: kernel argument #")
             << a.getArgNumber() << " has type " << a.getType()
             << "; kernels take pointers and scalars";
    argTypes.push_back(scalarType(a.getType()));
  }
  if (src.getNumResults() != 0)
    return src.emitOpError("convert-tir-to-cpu: a kernel returns nothing");
  Type i32 = IntegerType::get(ctx, 32);
  for (int i = 0; i < 6; ++i)
    argTypes.push_back(i32);

  OpBuilder mb(src);
  std::string name = src.getSymName().str();
  // The new function takes the name; the kernel's is restored on failure.
  src.setSymName(name + "__tir");
  dst = func::FuncOp::create(mb, src.getLoc(), name,
                             FunctionType::get(ctx, argTypes, {}));
  auto fail = [&]() {
    dst.erase();
    src.setSymName(name);
    return failure();
  };
  Block *entry = dst.addEntryBlock();
  unsigned n = src.getNumArguments();
  for (unsigned i = 0; i < n; ++i)
    scalars.map(src.getArgument(i), entry->getArgument(i));
  for (int i = 0; i < 3; ++i) {
    programId[i] = entry->getArgument(n + i);
    numPrograms[i] = entry->getArgument(n + 3 + i);
  }
  b.setInsertionPointToEnd(entry);
  Block &body = src.getBody().front();
  if (!src.getBody().hasOneBlock()) {
    src.emitOpError("convert-tir-to-cpu: kernels with more than one block "
                    "are not supported");
    return fail();
  }
  findFusedLoads();
  pushScope();
  LogicalResult result = lowerBlock(body, /*stopAtTerminator=*/true);
  popScope();
  if (failed(result))
    return fail();
  curLoc = body.getTerminator()->getLoc();
  for (Value buf : heapBuffers)
    memref::DeallocOp::create(b, curLoc, buf);
  func::ReturnOp::create(b, curLoc);
  // The kernel keeps its name; the Tile IR function goes.
  src.erase();
  return success();
}

} // namespace trident::cpu
