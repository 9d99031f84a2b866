//===- VectorBuild.h - Building per-thread vectors in LLVM ------*- C++ -*-===//
#ifndef TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_VECTORBUILD_H
#define TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_VECTORBUILD_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace trident::gir_to_llvm {

/// vector.from_elements of long vectors as a balanced shuffle tree, for the
/// second conversion (to the LLVM dialect): element copies in LLVM's passes
/// n log n in elements per thread, not quadratic (VectorBuildToLLVM.cpp).
void populateVectorBuildPatterns(mlir::LLVMTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);

} // namespace trident::gir_to_llvm

#endif // TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_VECTORBUILD_H
