//===- Passes.h - TLX plugin passes -----------------------------*- C++ -*-===//
#ifndef TLX_PLUGIN_PASSES_H
#define TLX_PLUGIN_PASSES_H

#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace tlx_plugin {
#define GEN_PASS_DECL
#include "Passes.h.inc"
} // namespace tlx_plugin

#endif
