//===- Passes.h - TLX plugin passes -----------------------------*- C++ -*-===//
#ifndef TLX_PLUGIN_PASSES_H
#define TLX_PLUGIN_PASSES_H

#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/NVGIR/IR/NVGIR.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace tlx_plugin {
/// On a tir.warp_specialize made by tlx-lower-tasks whose default task set
/// no register budget while other tasks did: tlx-lower-to-gir gives the
/// default region the registers the partitions leave.
inline constexpr char kFillDefaultRegisters[] = "tlx.fill_default_registers";

#define GEN_PASS_DECL
#include "Passes.h.inc"
} // namespace tlx_plugin

#endif
