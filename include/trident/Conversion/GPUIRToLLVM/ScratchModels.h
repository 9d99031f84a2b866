//===- ScratchModels.h - The scratch the NVIDIA lowering takes --*- C++ -*-===//
//
// SharedMemoryScratchOpInterface for the core ops whose NVIDIA lowering
// takes shared memory while the op runs (layout conversions and shape ops,
// reductions and scans across warps, the three dot lowerings, scalar
// atomics whose value is used, TMA blocks, tensor maps made in the kernel),
// so that gir-allocate-shared-memory plans their scratch before anything
// is lowered. Each size comes from the function the op's pattern uses.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_CONVERSION_GPUIRTOLLVM_SCRATCHMODELS_H
#define TRIDENT_CONVERSION_GPUIRTOLLVM_SCRATCHMODELS_H

#include "mlir/IR/DialectRegistry.h"

namespace trident::gir_to_llvm {

/// Attaches the interface to those ops (registerCoreDialects does).
void registerScratchModels(mlir::DialectRegistry &registry);

} // namespace trident::gir_to_llvm

#endif
