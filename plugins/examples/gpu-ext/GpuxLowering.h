//===- GpuxLowering.h - gpux ops to LLVM/NVVM -------------------*- C++ -*-===//
#ifndef GPUX_PLUGIN_LOWERING_H
#define GPUX_PLUGIN_LOWERING_H

#include "trident/Conversion/GPUIRToLLVM/PatternInterface.h"

namespace gpux_plugin {

/// The dialect's patterns for convert-gir-to-llvm.
struct GpuxLowering : trident::GPUIRToLLVMPatternInterface {
  using GPUIRToLLVMPatternInterface::GPUIRToLLVMPatternInterface;
  void populateGPUIRToLLVMPatterns(
      mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns,
      trident::gir_to_llvm::LoweringContext &lc) const override;
};

} // namespace gpux_plugin

#endif
