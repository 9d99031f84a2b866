//===- KernelLoweringExtern.cpp - tir.extern_elementwise ------------------===//
//
// One call of the function per element (row-major), its result stored into
// the result's buffer; a scalar op is one call. libdevice's `__nv_*`
// symbols resolve to the CPU runner's implementations of them
// (trident/Runtime/CpuLibdevice.h); any other symbol to the process (the C
// library's `sinf`, say). A libdevice name the CPU target does not
// implement, or a bitcode library (GPU only), is an error at the op.
//
//===----------------------------------------------------------------------===//
#include "KernelLowering.h"
#include "../ExternCall.h"

#include "trident/Runtime/CpuLibdevice.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace trident::cpu {

LogicalResult KernelLowering::lowerExtern(tir::ExternElementwiseOp op) {
  StringRef symbol = op.getSymbol();
  if (op.getLibpath())
    return op.emitOpError() << "calls '" << symbol << "' from the bitcode "
                            << "library " << *op.getLibpath()
                            << ", which only GPU targets can link; the cpu "
                               "target calls functions of the process";
  if (symbol.starts_with("__nv_") && !lookupLibdeviceFunction(symbol))
    return op.emitOpError() << "calls libdevice's '" << symbol
                            << "', which the cpu target does not implement "
                               "(it has "
                            << libdeviceFunctions().size()
                            << " of libdevice's scalar functions)";
  FailureOr<LLVM::LLVMFunctionType> type = conversion::externFunctionType(
      op, op.getArgs().getTypes(), op.getType(),
      [&](Type t) { return scalarType(t); });
  if (failed(type))
    return failure();
  LLVM::LLVMFunctionType fnType = *type;
  auto fn = dyn_cast<LLVM::LLVMFuncOp>(declareFunction(symbol, fnType));
  if (!fn || fn.getFunctionType() != fnType)
    return op.emitOpError() << "calls '" << symbol << "' as " << fnType
                            << ", but the kernel already uses that name for "
                               "something else (another signature?)";

  auto tile = dyn_cast<RankedTensorType>(op.getType());
  if (!tile) {
    SmallVector<Value> args;
    for (Value v : op.getArgs())
      args.push_back(scalar(v));
    scalars.map(op.getResult(),
                LLVM::CallOp::create(b, curLoc, fn, args).getResult());
    return success();
  }
  Value buf = allocBuffer(tile);
  buffers[op.getResult()] = buf;
  loopNest(tile.getShape(), [&](ArrayRef<Value> idx) {
    SmallVector<Value> args;
    for (Value v : op.getArgs())
      args.push_back(element(v, idx));
    storeElement(buf, idx,
                 LLVM::CallOp::create(b, curLoc, fn, args).getResult());
  });
  return success();
}

} // namespace trident::cpu
