//===- LLVMInlineAsm.h - One invocation of inline asm -----------*- C++ -*-===//
//
// The `llvm.inline_asm` of one invocation of a tir.inline_asm_elementwise
// (one pack of elements), shared by the back ends that lower it (GPU and
// CPU); they differ in how a pack's elements become asm operands.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_LLVMINLINEASM_H
#define TRIDENT_LIB_CONVERSION_LLVMINLINEASM_H

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace trident::conversion {

/// Runs `op`'s assembly once on `inputs` (asm operands $N.. after the
/// outputs) with outputs of `outputTypes` ($0..), and returns the outputs.
/// Several outputs are an LLVM struct, taken apart here. Unless `op` is
/// pure the assembly has side effects. AT&T syntax on x86 (PTX has one).
inline llvm::SmallVector<mlir::Value>
emitInlineAsm(mlir::OpBuilder &b, mlir::Location loc,
              tir::InlineAsmElementwiseOp op, mlir::ValueRange inputs,
              llvm::ArrayRef<mlir::Type> outputTypes) {
  mlir::MLIRContext *ctx = b.getContext();
  mlir::Type resultType =
      outputTypes.size() == 1
          ? outputTypes.front()
          : mlir::LLVM::LLVMStructType::getLiteral(ctx, outputTypes);
  auto asmOp = mlir::LLVM::InlineAsmOp::create(
      b, loc, resultType, inputs, op.getAsmString(), op.getConstraints(),
      /*has_side_effects=*/!op.getPure(), /*is_align_stack=*/false,
      mlir::LLVM::tailcallkind::TailCallKind::None,
      mlir::LLVM::AsmDialectAttr::get(ctx, mlir::LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/mlir::ArrayAttr());
  mlir::Value result = asmOp.getResult(0);
  if (outputTypes.size() == 1)
    return {result};
  llvm::SmallVector<mlir::Value> outputs;
  for (int64_t i = 0, e = outputTypes.size(); i < e; ++i)
    outputs.push_back(mlir::LLVM::ExtractValueOp::create(b, loc, result, i));
  return outputs;
}

} // namespace trident::conversion

#endif
