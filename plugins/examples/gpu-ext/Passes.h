//===- Passes.h - gpux example passes ---------------------------*- C++ -*-===//
#ifndef GPUX_PLUGIN_PASSES_H
#define GPUX_PLUGIN_PASSES_H

#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Pass/Pass.h"

namespace gpux_plugin {
#define GEN_PASS_DECL
#include "Passes.h.inc"
} // namespace gpux_plugin

#endif
