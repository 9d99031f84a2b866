//===- KernelLoweringDebug.cpp - tir.print and tir.assert -----------------===//
//
// tir.print calls the C library's printf, one line per scalar operand and
// one line per element of a tile operand:
//
//   pid (0, 0, 0) idx (  3) x: 1.500000
//
// tir.assert calls `__trident_cpu_assert_fail(message, file, line, pid_x,
// pid_y, pid_z)` for each false element; the CPU runtime defines it, records
// the first failure and reports it as the launch's error. The program
// instance itself carries on.
//
//===----------------------------------------------------------------------===//
#include "KernelLowering.h"
#include "../Float8Casts.h"
#include "../FloatStorage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace trident::cpu {

Operation *KernelLowering::declareFunction(StringRef name, Type type) {
  auto module = dst->getParentOfType<ModuleOp>();
  if (Operation *existing = SymbolTable::lookupSymbolIn(module, name))
    return existing;
  OpBuilder mb(module.getBodyRegion());
  return LLVM::LLVMFuncOp::create(mb, curLoc, name, type);
}

Value KernelLowering::globalString(StringRef text) {
  auto module = dst->getParentOfType<ModuleOp>();
  Operation *&global = strings[text];
  if (!global) {
    OpBuilder mb(module.getContext()); // no insertion point: detached
    std::string data = text.str();
    data.push_back('\0');
    auto type = LLVM::LLVMArrayType::get(mb.getI8Type(), data.size());
    global = LLVM::GlobalOp::create(mb, curLoc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Private, "__trident_cpu_str",
                                    mb.getStringAttr(data));
    // Inserted under a unique name.
    SymbolTable(module).insert(global, module.getBody()->begin());
  }
  return LLVM::AddressOfOp::create(b, curLoc, cast<LLVM::GlobalOp>(global));
}

namespace {

/// The printf conversion of `v` and the value to pass (C's promotions).
std::pair<std::string, Value> printfArg(OpBuilder &b, Location l, Value v,
                                        bool hex, bool isSigned) {
  Type t = v.getType();
  if (isa<LLVM::LLVMPointerType>(t))
    return {"%p", v};
  if (auto f = dyn_cast<FloatType>(t)) {
    std::optional<float8::Format> f8 = float8::formatOf(f);
    // Narrow floats the back ends cannot convert print their bits.
    if (hex || (conversion::isNonLLVMFloat(f) && !f8)) {
      Type bits = b.getIntegerType(f.getWidth());
      Value i = arith::BitcastOp::create(b, l, bits, v);
      if (f.getWidth() < 64)
        i = arith::ExtUIOp::create(b, l, b.getI64Type(), i);
      return {"0x%0" + std::to_string(f.getWidth() / 4) + "llx", i};
    }
    // f8 through f32 (the casts are integer arithmetic here, after
    // float8::expandCasts has run).
    if (f8)
      v = float8::extBitsToF32(
          b, l, arith::BitcastOp::create(b, l, b.getI8Type(), v), *f8);
    if (cast<FloatType>(v.getType()).getWidth() < 64)
      v = arith::ExtFOp::create(b, l, b.getF64Type(), v);
    return {"%f", v};
  }
  unsigned width = t.getIntOrFloatBitWidth();
  if (width < 64 && isSigned && !hex)
    v = arith::ExtSIOp::create(b, l, b.getI64Type(), v);
  else if (width < 64)
    v = arith::ExtUIOp::create(b, l, b.getI64Type(), v);
  if (hex)
    return {"0x%0" + std::to_string((width + 3) / 4) + "llx", v};
  return {isSigned ? "%lld" : "%llu", v};
}

/// The printf width of an index into a dimension of `n` elements (the
/// digits of n - 1), so that the lines of a tile line up as Triton's.
std::string indexSpec(int64_t n) {
  return "%" + std::to_string(std::to_string(n > 1 ? n - 1 : 0).size()) +
         "lld";
}

std::string escape(StringRef s) {
  std::string out;
  for (char c : s) {
    out.push_back(c);
    if (c == '%')
      out.push_back('%');
  }
  return out;
}

} // namespace

LogicalResult KernelLowering::lowerPrint(tir::PrintOp op) {
  MLIRContext *ctx = op.getContext();
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  auto printfType = LLVM::LLVMFunctionType::get(IntegerType::get(ctx, 32),
                                                {ptr}, /*isVarArg=*/true);
  auto printf = cast<LLVM::LLVMFuncOp>(declareFunction("printf", printfType));
  std::string prefix = escape(op.getPrefix());
  ArrayRef<int32_t> signs = op.getIsSigned();
  auto call = [&](StringRef format, ArrayRef<Value> values) {
    SmallVector<Value> args{globalString(format)};
    for (Value p : programId)
      args.push_back(p);
    args.append(values.begin(), values.end());
    LLVM::CallOp::create(b, curLoc, printf, args);
  };
  // With operands the prefix is what goes between the index and the value
  // (the front end makes it " x: " or ": ", as Triton's).
  if (op.getArgs().empty())
    call("pid (%d, %d, %d) " + prefix + "\n", {});
  size_t numArgs = op.getArgs().size();
  for (auto [i, arg] : llvm::enumerate(op.getArgs())) {
    Value v = arg;
    bool isSigned = signs.empty() || signs[i] != 0;
    std::string operand =
        numArgs > 1 ? "(operand " + std::to_string(i) + ") " : "";
    auto tile = dyn_cast<RankedTensorType>(v.getType());
    if (!tile) {
      auto [spec, value] = printfArg(b, curLoc, scalar(v), op.getHex(), isSigned);
      call("pid (%d, %d, %d) idx ()" + prefix + operand + spec + "\n",
           {value});
      continue;
    }
    loopNest(tile.getShape(), [&](ArrayRef<Value> idx) {
      std::string format = "pid (%d, %d, %d) idx (";
      SmallVector<Value> values;
      for (auto [d, iv] : llvm::enumerate(idx)) {
        format += (d ? ", " : "") + indexSpec(tile.getDimSize(d));
        values.push_back(
            arith::IndexCastOp::create(b, curLoc, b.getI64Type(), iv));
      }
      auto [spec, value] =
          printfArg(b, curLoc, element(v, idx), op.getHex(), isSigned);
      values.push_back(value);
      call(format + ")" + prefix + operand + spec + "\n", values);
    });
  }
  return success();
}

LogicalResult KernelLowering::lowerAssert(tir::AssertOp op) {
  MLIRContext *ctx = op.getContext();
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type i32 = IntegerType::get(ctx, 32);
  auto hookType = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(ctx), {ptr, ptr, i32, i32, i32, i32});
  auto hook = cast<LLVM::LLVMFuncOp>(
      declareFunction("__trident_cpu_assert_fail", hookType));
  std::string file = "<unknown>";
  int line = 0;
  if (auto fl = dyn_cast<FileLineColLoc>(op.getLoc())) {
    file = fl.getFilename().str();
    line = fl.getLine();
  }
  auto check = [&](Value cond) {
    Value ok = arith::ConstantIntOp::create(b, curLoc, 1, 1);
    Value bad = arith::XOrIOp::create(b, curLoc, cond, ok);
    auto ifOp = scf::IfOp::create(b, curLoc, bad, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    SmallVector<Value> args{globalString(op.getMessage()), globalString(file),
                            arith::ConstantIntOp::create(b, curLoc, line, 32)};
    args.append(std::begin(programId), std::end(programId));
    LLVM::CallOp::create(b, curLoc, hook, args);
  };
  auto tile = dyn_cast<RankedTensorType>(op.getCondition().getType());
  if (!tile) {
    check(scalar(op.getCondition()));
    return success();
  }
  loopNest(tile.getShape(), [&](ArrayRef<Value> idx) {
    check(element(op.getCondition(), idx));
  });
  return success();
}

} // namespace trident::cpu
