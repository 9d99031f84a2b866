//===- Passes.h - GPU IR passes ---------------------------------*- C++ -*-===//
#ifndef TRIDENT_DIALECT_GPUIR_TRANSFORMS_PASSES_H
#define TRIDENT_DIALECT_GPUIR_TRANSFORMS_PASSES_H

#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace trident::gir {
#define GEN_PASS_DECL
#include "trident/Dialect/GPUIR/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "trident/Dialect/GPUIR/Transforms/Passes.h.inc"
} // namespace trident::gir

#endif
