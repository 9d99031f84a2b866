//===- TileIRToCPU.cpp - convert-tir-to-cpu -------------------------------===//
//
// Lowers each Tile IR kernel of a module to a function over one program
// instance (KernelLowering.h) and adds its grid entry, which runs a range
// of program instances with the arguments read through an array of
// pointers (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "trident/Conversion/Passes.h"

#include "KernelLowering.h"
#include "../Float8Casts.h"
#include "../FloatStorage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Host.h"

namespace trident {
#define GEN_PASS_DEF_CONVERTTILEIRTOCPU
#include "trident/Conversion/Passes.h.inc"
} // namespace trident

using namespace mlir;
using namespace trident;

namespace {

constexpr llvm::StringLiteral kGridPrefix = "__trident_cpu_grid_";

/// func.func @__trident_cpu_grid_K(%args: !llvm.ptr, %begin: i64, %end: i64,
///                                 %nx: i32, %ny: i32, %nz: i32)
/// calls K for every linear program id in [begin, end), x fastest.
func::FuncOp buildGridEntry(func::FuncOp kernel, ArrayRef<Type> userArgTypes) {
  MLIRContext *ctx = kernel.getContext();
  Location l = kernel.getLoc();
  OpBuilder b(ctx);
  b.setInsertionPointAfter(kernel);
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto entry = func::FuncOp::create(
      b, l, (kGridPrefix + kernel.getSymName()).str(),
      FunctionType::get(ctx, {ptr, i64, i64, i32, i32, i32}, {}));
  Block *block = entry.addEntryBlock();
  b.setInsertionPointToStart(block);
  Value args = block->getArgument(0);
  SmallVector<Value> callArgs;
  for (auto [i, t] : llvm::enumerate(userArgTypes)) {
    Value slot = LLVM::GEPOp::create(b, l, ptr, ptr, args,
                                     ArrayRef<LLVM::GEPArg>{int32_t(i)});
    Value valuePtr = LLVM::LoadOp::create(b, l, ptr, slot);
    // An f8 argument (a float LLVM lacks) is read as its byte.
    Value v = LLVM::LoadOp::create(b, l, conversion::storageType(t), valuePtr);
    callArgs.push_back(conversion::fromStorage(b, l, v, t));
  }
  Value nx = block->getArgument(3), ny = block->getArgument(4),
        nz = block->getArgument(5);
  Value nx64 = arith::ExtUIOp::create(b, l, i64, nx);
  Value ny64 = arith::ExtUIOp::create(b, l, i64, ny);
  Value one = arith::ConstantIntOp::create(b, l, 1, 64);
  auto loop = scf::ForOp::create(b, l, block->getArgument(1),
                                 block->getArgument(2), one);
  b.setInsertionPoint(loop.getBody()->getTerminator());
  Value lin = loop.getInductionVar();
  Value x = arith::RemUIOp::create(b, l, lin, nx64);
  Value rest = arith::DivUIOp::create(b, l, lin, nx64);
  Value y = arith::RemUIOp::create(b, l, rest, ny64);
  Value z = arith::DivUIOp::create(b, l, rest, ny64);
  for (Value v : {x, y, z})
    callArgs.push_back(arith::TruncIOp::create(b, l, i32, v));
  callArgs.append({nx, ny, nz});
  func::CallOp::create(b, l, kernel, callArgs);
  b.setInsertionPointAfter(loop);
  func::ReturnOp::create(b, l);
  return entry;
}

/// An integer constant of type `t` (a scalar or a splat tile).
Value intConstant(OpBuilder &b, Location l, Type t, const APInt &v) {
  if (auto shaped = dyn_cast<ShapedType>(t))
    return arith::ConstantOp::create(b, l, DenseElementsAttr::get(shaped, v));
  return arith::ConstantOp::create(b, l, IntegerAttr::get(t, v));
}

/// Integer division by zero, and INT_MIN / -1, trap on the host, where a
/// GPU gives an unspecified value: the masked-off lanes of a tile that a
/// kernel divides by hold whatever its load left there, and must not kill
/// the process. Divisors that may be zero (or -1, in signed division of
/// INT_MIN) become 1 in those lanes; INT_MIN / 1 is also the wrapped value
/// of INT_MIN / -1, and its remainder the same 0.
void guardIntegerDivisions(func::FuncOp kernel) {
  SmallVector<Operation *> ops;
  kernel.walk([&](Operation *op) {
    if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
            arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    Value n = op->getOperand(0), d = op->getOperand(1);
    bool isSigned = isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp,
                        arith::FloorDivSIOp>(op);
    APInt c;
    if (matchPattern(d, m_ConstantInt(&c)) && !c.isZero() &&
        !(isSigned && c.isAllOnes()))
      continue;
    OpBuilder b(op);
    Location l = op->getLoc();
    Type t = d.getType();
    unsigned bits = getElementTypeOrSelf(t).getIntOrFloatBitWidth();
    Value bad = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, d,
                                      intConstant(b, l, t, APInt(bits, 0)));
    if (isSigned) {
      Value minusOne = arith::CmpIOp::create(
          b, l, arith::CmpIPredicate::eq, d,
          intConstant(b, l, t, APInt::getAllOnes(bits)));
      Value intMin = arith::CmpIOp::create(
          b, l, arith::CmpIPredicate::eq, n,
          intConstant(b, l, t, APInt::getSignedMinValue(bits)));
      bad = arith::OrIOp::create(
          b, l, bad, arith::AndIOp::create(b, l, minusOne, intMin));
    }
    Value safe = arith::SelectOp::create(b, l, bad,
                                         intConstant(b, l, t, APInt(bits, 1)),
                                         d);
    op->setOperand(1, safe);
  }
}

/// Calls of functions with bodies (the front end's noinline functions)
/// are inlined into `kernel`: the CPU lowering handles one function, whose
/// tiles live in its own buffers. (On a CPU, whether a call stays a call is
/// a matter of speed only.)
void inlineCalls(func::FuncOp kernel) {
  for (unsigned round = 0; round < 64; ++round) {
    SmallVector<func::CallOp> calls;
    kernel.walk([&](func::CallOp call) { calls.push_back(call); });
    bool changed = false;
    for (func::CallOp call : calls) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (!callee || callee.isExternal() || !callee.getBody().hasOneBlock())
        continue;
      Block &body = callee.getBody().front();
      OpBuilder b(call);
      IRMapping map;
      map.map(body.getArguments(), call.getOperands());
      for (Operation &op : body.without_terminator())
        b.clone(op, map);
      for (auto [result, v] :
           llvm::zip(call.getResults(), body.getTerminator()->getOperands()))
        result.replaceAllUsesWith(map.lookupOrDefault(v));
      call.erase();
      changed = true;
    }
    if (!changed)
      return;
  }
}

/// Rank-0 tiles are scalars by now (tir-rank0-to-scalars, stage tir); one
/// left over is named rather than lowered.
LogicalResult refuseRank0Tiles(ModuleOp module) {
  auto rank0 = [](Type t) {
    auto tile = dyn_cast<RankedTensorType>(t);
    return tile && tile.getRank() == 0;
  };
  WalkResult result = module.walk([&](Operation *op) {
    Type bad;
    for (Type t : op->getResultTypes())
      if (!bad && rank0(t))
        bad = t;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Type t : block.getArgumentTypes())
          if (!bad && rank0(t))
            bad = t;
    if (!bad)
      return WalkResult::advance();
    op->emitOpError("convert-tir-to-cpu: has a rank-0 tile (")
        << bad << "), which the CPU lowering takes as a scalar: "
        << "tir-rank0-to-scalars (stage 'tir') turns it into one";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

struct ConvertTileIRToCPUPass
    : trident::impl::ConvertTileIRToCPUBase<ConvertTileIRToCPUPass> {
  using Base::Base;
  /// The vector width: the option, or the host's widest registers.
  unsigned lanesBits() {
    if (vectorBits != 0)
      return vectorBits;
    llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
    if (features.lookup("avx512f"))
      return 512;
    if (features.lookup("avx"))
      return 256;
    return 128;
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (vectorBits != 0 &&
        (!llvm::isPowerOf2_32(vectorBits) || vectorBits > 2048)) {
      module.emitError("convert-tir-to-cpu: vector-bits must be 0 (the "
                       "host's width) or a power of two up to 2048, not ")
          << static_cast<unsigned>(vectorBits);
      return signalPassFailure();
    }
    if (failed(refuseRank0Tiles(module)))
      return signalPassFailure();
    // Nothing here reads the axis hints, and lowered operations (of other
    // ranks) would not verify with them.
    tir::TileIRDialect::removeAxisHints(module);
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (tir::isKernel(func) && !func.isExternal())
        kernels.push_back(func);
    Builder b(module.getContext());
    for (func::FuncOp kernel : kernels) {
      SmallVector<Type> userArgTypes;
      SmallVector<Attribute> kinds;
      for (Type t : kernel.getArgumentTypes())
        kinds.push_back(b.getStringAttr(cpu::argKindOf(t)));
      inlineCalls(kernel);
      guardIntegerDivisions(kernel);
      if (failed(float8::checkArithmetic(kernel, "convert-tir-to-cpu")))
        return signalPassFailure();
      float8::expandCasts(kernel);
      // Warp-specialized regions: the default region runs on the
      // program's thread, each partition on a thread of its own.
      for (func::FuncOp part : cpu::outlinePartitions(kernel)) {
        cpu::KernelLowering partLowering(part, stackBytes, lanesBits());
        if (failed(partLowering.run()))
          return signalPassFailure();
        cpu::buildPartitionEntry(partLowering.lowered());
      }
      cpu::KernelLowering lowering(kernel, stackBytes, lanesBits());
      if (failed(lowering.run()))
        return signalPassFailure();
      func::FuncOp lowered = lowering.lowered();
      ArrayRef<Type> allArgs = lowered.getArgumentTypes();
      userArgTypes.assign(allArgs.begin(), allArgs.end() - 6);
      func::FuncOp entry = buildGridEntry(lowered, userArgTypes);
      // What the runtime needs to call it (one kernel per module).
      module->setAttr("trident.cpu.kernel",
                      b.getStringAttr(lowered.getSymName()));
      module->setAttr("trident.cpu.entry", b.getStringAttr(entry.getSymName()));
      module->setAttr("trident.cpu.arg_types", b.getArrayAttr(kinds));
    }
    // The functions inlined into the kernels, now without callers.
    for (auto fn : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (!tir::isKernel(fn) && fn.isPrivate() && !fn.isExternal() &&
          SymbolTable::symbolKnownUseEmpty(fn, module))
        fn.erase();
  }
};

} // namespace
