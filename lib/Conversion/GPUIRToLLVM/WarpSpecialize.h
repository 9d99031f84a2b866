//===- WarpSpecialize.h - tir.warp_specialize on NVIDIA GPUs ----*- C++ -*-===//
//
// The three steps of convert-gir-to-llvm that lower tir.warp_specialize
// (WarpSpecializeToLLVM.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_WARPSPECIALIZE_H
#define TRIDENT_LIB_CONVERSION_GPUIRTOLLVM_WARPSPECIALIZE_H

#include "trident/Conversion/GPUIRToLLVM/Lowering.h"

namespace trident::gir_to_llvm {

/// Before the distribution: checks that each kernel has at most one
/// tir.warp_specialize, at its top level, within the limits of the target
/// (threads, named barriers, registers), marks the module
/// (LoweringContext::kWarpSpecializedAttr) and finds the shared memory the
/// captures pass through (the op's buffer: 8 bytes a capture, placed by
/// gir-allocate-shared-memory); sets each such kernel's launch bounds.
mlir::LogicalResult prepareWarpSpecialize(mlir::ModuleOp module,
                                          LoweringContext &lc);

/// During the distribution: the op stays, its captures and its partitions'
/// arguments take their converted types.
void populateWarpSpecializePatterns(mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    mlir::ConversionTarget &target);

/// After the distribution: the kernel branches on the warp. The default
/// group runs the kernel (the default region in place of the op), hands
/// the captures over through shared memory and meets the partitions on
/// named barrier 1 when the op starts and ends; the other warps wait for
/// the start, read the captures, run their partition and meet the default
/// group at the end. Register budgets become setmaxnreg.
mlir::LogicalResult lowerWarpSpecialize(mlir::ModuleOp module,
                                        LoweringContext &lc);

} // namespace trident::gir_to_llvm

#endif
