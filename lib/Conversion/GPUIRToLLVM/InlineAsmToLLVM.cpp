//===- InlineAsmToLLVM.cpp - tir.inline_asm_elementwise per thread --------===//
//
// Each thread runs the assembly on the elements it holds, `pack` registers
// per invocation, as Triton does: within a pack, elements narrower than 32
// bits go `32 / bits` at a time into one vector register (an `r` operand
// of `vector<4xi8>`, `vector<2xf16>`, ...), wider ones one each. The asm
// operands are the packed outputs of each result, then the packed inputs
// of each operand. Operands and results share one layout (convert-tir-to-gir
// gave them the same), so register r of every one is the same element.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"
#include "../LLVMInlineAsm.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

/// How many elements of type `t` share one asm register in a pack of
/// `pack`: 32 / bits for narrower types, else 1.
int64_t elementsPerRegister(Type t, int64_t pack) {
  unsigned bits = t.isIntOrFloat() ? t.getIntOrFloatBitWidth() : 64;
  return bits < 32 ? std::min<int64_t>(32 / bits, pack) : 1;
}

struct InlineAsmPattern : OpConversionPattern<tir::InlineAsmElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tir::InlineAsmElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t pack = op.getPack();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(),
                                                resultTypes)))
      return failure();
    // Registers per thread (1 for scalars: every thread runs it once).
    int64_t regs = 1;
    if (auto vec = dyn_cast<VectorType>(resultTypes.front()))
      regs = vec.getNumElements();
    if (regs % pack != 0)
      return op.emitOpError()
             << "pack " << pack << " does not divide the " << regs
             << " elements of " << op->getResult(0).getType()
             << " that each thread holds (use a larger tile or a smaller "
                "pack)";

    auto elementType = [](Type t) { return getElementTypeOrSelf(t); };
    auto element = [&](Value v, int64_t r) -> Value {
      if (isa<VectorType>(v.getType()))
        return vector::ExtractOp::create(rewriter, loc, v, r);
      return v;
    };
    // The asm outputs of one pack: per result, pack / perReg registers.
    SmallVector<Type> outputTypes;
    SmallVector<int64_t> outputsPerResult;
    for (Type t : resultTypes) {
      Type e = elementType(t);
      int64_t per = elementsPerRegister(e, pack);
      if (pack % per != 0)
        return op.emitOpError() << "pack " << pack << " is not a multiple of "
                                << per << ", the " << e
                                << " elements one 32-bit register holds";
      for (int64_t j = 0; j < pack; j += per)
        outputTypes.push_back(per == 1 ? e : VectorType::get({per}, e));
      outputsPerResult.push_back(per);
    }
    unsigned numInputs = 0;
    for (Value v : adaptor.getArgs()) {
      int64_t per = elementsPerRegister(elementType(v.getType()), pack);
      if (pack % per != 0)
        return op.emitOpError() << "pack " << pack << " is not a multiple of "
                                << per << ", the " << elementType(v.getType())
                                << " elements one 32-bit register holds";
      numInputs += pack / per;
    }
    if (failed(op.verifyConstraintCounts(outputTypes.size(), numInputs)))
      return failure();

    SmallVector<SmallVector<Value>> results(resultTypes.size());
    for (int64_t base = 0; base < regs; base += pack) {
      SmallVector<Value> inputs;
      for (Value v : adaptor.getArgs()) {
        int64_t per = elementsPerRegister(elementType(v.getType()), pack);
        for (int64_t j = 0; j < pack; j += per) {
          if (per == 1) {
            inputs.push_back(element(v, base + j));
            continue;
          }
          SmallVector<Value> lanes;
          for (int64_t k = 0; k < per; ++k)
            lanes.push_back(element(v, base + j + k));
          inputs.push_back(vector::FromElementsOp::create(
              rewriter, loc, VectorType::get({per}, elementType(v.getType())),
              lanes));
        }
      }
      SmallVector<Value> outputs =
          conversion::emitInlineAsm(rewriter, loc, op, inputs, outputTypes);
      unsigned next = 0;
      for (auto [i, per] : llvm::enumerate(outputsPerResult))
        for (int64_t j = 0; j < pack; j += per) {
          Value out = outputs[next++];
          if (per == 1) {
            results[i].push_back(out);
            continue;
          }
          for (int64_t k = 0; k < per; ++k)
            results[i].push_back(vector::ExtractOp::create(rewriter, loc, out, k));
        }
    }
    SmallVector<Value> replacements;
    for (auto [t, values] : llvm::zip(resultTypes, results)) {
      if (auto vec = dyn_cast<VectorType>(t))
        replacements.push_back(
            vector::FromElementsOp::create(rewriter, loc, vec, values));
      else
        replacements.push_back(values.front());
    }
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

} // namespace

void populateInlineAsmPatterns(TypeConverter &converter,
                               RewritePatternSet &patterns,
                               LoweringContext &) {
  patterns.add<InlineAsmPattern>(converter, patterns.getContext());
}

} // namespace trident::gir_to_llvm
