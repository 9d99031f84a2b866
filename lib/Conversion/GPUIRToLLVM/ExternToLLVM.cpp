//===- ExternToLLVM.cpp - tir.extern_elementwise per thread ---------------===//
//
// Each thread calls the function once per element it holds (its registers
// of the result's layout, which the operands share). The function is
// declared in the module; the NVPTX step links libdevice's (`__nv_*`)
// and the bitcode files the ops name (`lib`), which this pattern lists in
// the module's `trident.extern_libs` for it.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"
#include "../ExternCall.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

struct ExternPattern : LoweringPattern<tir::ExternElementwiseOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(tir::ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    StringRef symbol = op.getSymbol();
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return failure();
    FailureOr<LLVM::LLVMFunctionType> type = conversion::externFunctionType(
        op, adaptor.getArgs().getTypes(), resultType,
        [](Type t) { return t; });
    if (failed(type))
      return failure();
    LLVM::LLVMFunctionType fnType = *type;
    ModuleOp module = lc.module;
    auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(symbol);
    if (!fn && module.lookupSymbol(symbol))
      return op.emitOpError() << "calls '" << symbol
                              << "', a name the kernel already uses for "
                                 "something that is not a function";
    if (!fn) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      fn = LLVM::LLVMFuncOp::create(rewriter, loc, symbol, fnType);
    } else if (fn.getFunctionType() != fnType) {
      return op.emitOpError() << "calls '" << symbol << "' as " << fnType
                              << ", but the kernel calls it as "
                              << fn.getFunctionType() << " elsewhere";
    }
    if (std::optional<StringRef> lib = op.getLibpath())
      addLibrary(rewriter, *lib);

    auto call = [&](ArrayRef<Value> args) {
      return LLVM::CallOp::create(rewriter, loc, fn, args).getResult();
    };
    auto vec = dyn_cast<VectorType>(resultType);
    if (!vec) {
      rewriter.replaceOp(op, call(SmallVector<Value>(adaptor.getArgs())));
      return success();
    }
    SmallVector<Value> elements;
    for (int64_t r = 0; r < vec.getNumElements(); ++r) {
      SmallVector<Value> args;
      for (Value v : adaptor.getArgs())
        args.push_back(vector::ExtractOp::create(rewriter, loc, v, r));
      elements.push_back(call(args));
    }
    rewriter.replaceOp(
        op, vector::FromElementsOp::create(rewriter, loc, vec, elements));
    return success();
  }

  /// Lists `path` (once) in the module's trident.extern_libs.
  void addLibrary(ConversionPatternRewriter &rewriter, StringRef path) const {
    ModuleOp module = lc.module;
    SmallVector<Attribute> libs;
    if (auto existing = module->getAttrOfType<ArrayAttr>(kExternLibsAttr))
      libs.append(existing.begin(), existing.end());
    Attribute p = rewriter.getStringAttr(path);
    if (llvm::is_contained(libs, p))
      return;
    libs.push_back(p);
    module->setAttr(kExternLibsAttr, rewriter.getArrayAttr(libs));
  }

};

} // namespace

void populateExternPatterns(TypeConverter &converter,
                            RewritePatternSet &patterns, LoweringContext &lc) {
  patterns.add<ExternPattern>(converter, patterns.getContext(), lc);
}

} // namespace trident::gir_to_llvm
