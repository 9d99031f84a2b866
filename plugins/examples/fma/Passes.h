//===- Passes.h - fma plugin passes -----------------------------*- C++ -*-===//
#ifndef FMA_PLUGIN_PASSES_H
#define FMA_PLUGIN_PASSES_H

#include "FmaDialect.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Pass/Pass.h"

namespace fma_plugin {
// Declares createFmaFuse() and createFmaLower().
#define GEN_PASS_DECL
#include "Passes.h.inc"
} // namespace fma_plugin

#endif
