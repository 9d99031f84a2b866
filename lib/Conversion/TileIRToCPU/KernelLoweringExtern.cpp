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
  auto scalarOf = [&](Type t) -> FailureOr<Type> {
    Type e = getElementTypeOrSelf(t);
    if (!e.isIntOrFloat() || e.getIntOrFloatBitWidth() < 8 ||
        e.getIntOrFloatBitWidth() > 64)
      return op.emitOpError() << "calls '" << symbol << "' with " << t
                              << ": external functions take and return "
                                 "integers or floats of 8 to 64 bits";
    return scalarType(e);
  };
  SmallVector<Type> params;
  for (Value v : op.getArgs()) {
    FailureOr<Type> t = scalarOf(v.getType());
    if (failed(t))
      return failure();
    params.push_back(*t);
  }
  FailureOr<Type> resultType = scalarOf(op.getType());
  if (failed(resultType))
    return failure();
  auto fnType = LLVM::LLVMFunctionType::get(*resultType, params);
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
